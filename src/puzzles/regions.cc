// Word-region puzzles: parsing, the partition solver, drawing and the generator.
#include "puzzles/regions.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <random>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "fill/grid.h"

namespace squares::core {

absl::StatusOr<RegionPuzzle> ParseRegionPuzzle(std::string_view text, std::string_view source,
                                               const Alphabet& alphabet, bool fold_accents) {
  const std::string name(source);  // Debian's Abseil takes no std::string_view
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  std::vector<std::string_view> lines;
  for (size_t at = 0; at <= text.size();) {
    size_t end = std::min(text.find('\n', at), text.size());
    std::string_view line = text.substr(at, end - at);
    if (line.ends_with('\r')) line.remove_suffix(1);
    lines.push_back(line);
    at = end + 1;
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  if (lines.empty()) return absl::DataLossError(absl::StrCat(name, ": no rows"));
  if (lines.size() > kMaxGridSide) {
    return absl::DataLossError(absl::StrCat(name, ":", kMaxGridSide + 1, ": more than ",
                                            kMaxGridSide, " rows (the largest puzzle has ",
                                            kMaxGridSide, " rows and columns)"));
  }

  RegionPuzzle puzzle;
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string where = absl::StrCat(name, ":", i + 1);
    absl::StatusOr<Word> row = alphabet.encode(lines[i], fold_accents);
    if (!row.ok()) {
      // Find the first character that does not encode on its own, to name its column.
      int column = 1;
      for (size_t at = 0; at < lines[i].size(); ++column) {
        size_t end = at + 1;
        while (end < lines[i].size() && (lines[i][end] & 0xC0) == 0x80) ++end;
        absl::StatusOr<Word> letter = alphabet.encode(lines[i].substr(at, end - at), fold_accents);
        if (!letter.ok()) {
          return absl::DataLossError(
              absl::StrCat(where, ":", column, ": ", letter.status().message()));
        }
        at = end;
      }
      return absl::DataLossError(absl::StrCat(where, ": ", row.status().message()));
    }
    if (row->empty()) return absl::DataLossError(absl::StrCat(where, ": empty row"));
    if (row->size() > kMaxGridSide) {
      return absl::DataLossError(absl::StrCat(where, ": row of ", row->size(),
                                              " letters; the largest puzzle has ", kMaxGridSide,
                                              " rows and columns"));
    }
    if (i == 0) puzzle.cols = static_cast<int>(row->size());
    if (static_cast<int>(row->size()) != puzzle.cols) {
      return absl::DataLossError(
          absl::StrCat(where, ": row has ", row->size(), " letters, expected ", puzzle.cols));
    }
    puzzle.letters.insert(puzzle.letters.end(), row->begin(), row->end());
    ++puzzle.rows;
  }
  return puzzle;
}

// Every connected shape of min..max cells, as a trie over its cells in reading order. A
// shape is placed by its first cell, so offsets are relative to it: the root is (0, 0) and
// every other cell comes later in reading order (dr > 0, or dr == 0 and dc > 0). The
// children of a node are contiguous and sorted by (dr, dc). Walking this trie in step with
// a word's automaton visits only cell sequences that can still become a connected region
// of that length, so no connectivity test is left for the search.
struct ShapeTrie {
  struct Node {
    int8_t dr = 0, dc = 0;          // offset of this cell from the first cell of the shape
    uint16_t below = 0;             // bit n: a shape of n cells goes through this node
    uint32_t first = 0, count = 0;  // children at [first, first + count)
  };
  std::vector<Node> nodes{Node{}};  // node 0 is the first cell

  explicit ShapeTrie(RegionSizes sizes) {
    std::vector<Shape> shapes, level{Shape{kFirst}};
    for (int n = 1; n <= sizes.max; ++n) {
      if (n >= sizes.min) shapes.insert(shapes.end(), level.begin(), level.end());
      if (n == sizes.max) break;
      std::vector<Shape> next;
      for (const Shape& shape : level) {
        for (int i = 0; i < n; ++i) {
          for (int step : {-kSpan, -1, 1, kSpan}) {
            const int grown = shape[i] + step;
            const auto end = shape.begin() + n;
            if (grown <= kFirst || std::find(shape.begin(), end, grown) != end) {
              continue;  // not after the first cell, or already in
            }
            Shape& bigger = next.emplace_back(shape);
            bigger[n] = static_cast<uint8_t>(grown);
            std::sort(bigger.begin(), bigger.begin() + n + 1);
          }
        }
      }
      std::sort(next.begin(), next.end());
      next.erase(std::unique(next.begin(), next.end()), next.end());
      level = std::move(next);
    }
    std::sort(shapes.begin(), shapes.end());
    Build(shapes, 0, shapes.size(), 0, 0);
  }

 private:
  // A cell is coded dr * kSpan + dc + kFirst, which orders codes as reading order; a shape
  // is its sorted codes (a byte each: dr < kMaxRegionSize) padded with zeros, so a shape
  // sorts before its extensions.
  static constexpr int kSpan = 2 * kMaxRegionSize, kFirst = kMaxRegionSize;
  static_assert(kMaxRegionSize * kSpan <= 256);
  using Shape = std::array<uint8_t, kMaxRegionSize>;
  static size_t Size(const Shape& shape) {
    return std::find(shape.begin(), shape.end(), 0) - shape.begin();
  }

  // Fills node `at` for the shapes [lo, hi), which share their first depth + 1 cells.
  void Build(const std::vector<Shape>& shapes, size_t lo, size_t hi, size_t depth, uint32_t at) {
    for (size_t k = lo; k < hi; ++k) nodes[at].below |= 1 << Size(shapes[k]);
    while (lo < hi && Size(shapes[lo]) == depth + 1) ++lo;  // they end here; sorted first
    std::vector<size_t> starts;  // groups of shapes with the same next cell
    for (size_t k = lo; k < hi; ++k) {
      if (k == lo || shapes[k][depth + 1] != shapes[k - 1][depth + 1]) starts.push_back(k);
    }
    starts.push_back(hi);
    nodes[at].first = static_cast<uint32_t>(nodes.size());
    nodes[at].count = static_cast<uint32_t>(starts.size() - 1);
    nodes.resize(nodes.size() + nodes[at].count);
    for (uint32_t i = 0; i + 1 < starts.size(); ++i) {
      const uint32_t child = nodes[at].first + i;
      const int code = shapes[starts[i]][depth + 1];
      nodes[child].dr = static_cast<int8_t>(code / kSpan);
      nodes[child].dc = static_cast<int8_t>(code % kSpan - kFirst);
      Build(shapes, starts[i], starts[i + 1], depth + 1, child);
    }
  }
};

namespace {

// Calls visit(y) for each cell y next to cell x (up, down, left, right).
template <class Visit>
void ForEachNeighbour(int x, int rows, int cols, Visit visit) {
  if (x % cols != 0) visit(x - 1);
  if ((x + 1) % cols != 0) visit(x + 1);
  if (x >= cols) visit(x - cols);
  if (x + cols < rows * cols) visit(x + cols);
}

// The region sizes in `sizes` that the dictionary has words of.
std::vector<int> WordLengths(const Dictionary& dictionary, RegionSizes sizes) {
  std::vector<int> lengths;
  for (int length = sizes.min; length <= sizes.max; ++length) {
    if (dictionary.lexicon().words(length).count() > 0) lengths.push_back(length);
  }
  return lengths;
}

// sums[n] = n cells can be split into parts whose sizes are in `lengths`.
std::vector<bool> RepresentableSums(size_t cells, const std::vector<int>& lengths) {
  std::vector<bool> sums(cells + 1, false);
  sums[0] = true;
  for (size_t n = 1; n <= cells; ++n) {
    for (int length : lengths) {
      sums[n] = sums[n] || (length <= static_cast<int>(n) && sums[n - length]);
    }
  }
  return sums;
}

// Every connected placement of a word in the grid, each a list of cells in increasing
// reading order, grouped by first cell: the placements starting at cell f are
// [by_first[f], by_first[f + 1]). `containing` lists, for each cell, the placements that
// cover it (CSR layout: containing_begin[x] .. containing_begin[x + 1]). Cell indices are
// 32-bit: grids are far smaller than 2^32 cells.
struct Placements {
  std::vector<uint32_t> cells;  // placement k's cells at [begin[k], begin[k + 1])
  std::vector<uint32_t> begin{0};
  std::vector<uint32_t> by_first;
  std::vector<uint32_t> containing, containing_begin;

  size_t count() const { return begin.size() - 1; }
  std::span<const uint32_t> of(uint32_t k) const {
    return std::span(cells).subspan(begin[k], begin[k + 1] - begin[k]);
  }
};

// Enumerates the placements of one length from one first cell: walks the shape trie and
// the automaton together, appending each complete placement to `out`.
class PlacementWalker {
 public:
  PlacementWalker(const RegionPuzzle& puzzle, const ShapeTrie& shapes, const Dawg& dawg,
                  Placements& out)
      : puzzle_(puzzle), shapes_(shapes), dawg_(dawg), out_(out), chosen_(dawg.length()) {}

  void Walk(uint32_t first) {
    const Letter c = puzzle_.letters[first];
    if (!(shapes_.nodes[0].below >> dawg_.length() & 1)) return;
    if (!(dawg_.mask(Dawg::kRoot) >> c & 1)) return;
    chosen_[0] = first;
    Extend(0, 1, dawg_.child(Dawg::kRoot, c));
  }

 private:
  void Extend(uint32_t node, int depth, uint32_t state) {
    const int length = dawg_.length();
    if (depth == length) {
      out_.cells.insert(out_.cells.end(), chosen_.begin(), chosen_.end());
      out_.begin.push_back(static_cast<uint32_t>(out_.cells.size()));
      return;
    }
    const LetterSet mask = dawg_.mask(state);
    const int row = chosen_[0] / puzzle_.cols, col = chosen_[0] % puzzle_.cols;
    const ShapeTrie::Node& parent = shapes_.nodes[node];
    for (uint32_t child = parent.first; child < parent.first + parent.count; ++child) {
      const ShapeTrie::Node& next = shapes_.nodes[child];
      const int r = row + next.dr, c = col + next.dc;
      if (!(next.below >> length & 1)) continue;
      if (r >= puzzle_.rows || c < 0 || c >= puzzle_.cols) continue;
      const uint32_t cell = r * puzzle_.cols + c;
      if (!(mask >> puzzle_.letters[cell] & 1)) continue;
      chosen_[depth] = cell;
      Extend(child, depth + 1, dawg_.child(state, puzzle_.letters[cell]));
    }
  }

  const RegionPuzzle& puzzle_;
  const ShapeTrie& shapes_;
  const Dawg& dawg_;
  Placements& out_;
  std::vector<uint32_t> chosen_;
};

// False when `stop` was set before they were all found.
bool FindPlacements(const RegionPuzzle& puzzle, const Dictionary& dictionary,
                    const std::vector<int>& lengths, const ShapeTrie& shapes,
                    const std::atomic<bool>* stop, Placements& p) {
  const uint32_t cells = puzzle.letters.size();
  p.by_first.push_back(0);
  for (uint32_t first = 0; first < cells; ++first) {
    if (stop != nullptr && stop->load(std::memory_order_relaxed)) return false;
    for (int length : lengths) {
      PlacementWalker(puzzle, shapes, dictionary.dawg(length), p).Walk(first);
    }
    p.by_first.push_back(static_cast<uint32_t>(p.count()));
  }
  p.containing_begin.assign(cells + 1, 0);
  for (uint32_t x : p.cells) ++p.containing_begin[x + 1];
  for (uint32_t x = 0; x < cells; ++x) p.containing_begin[x + 1] += p.containing_begin[x];
  p.containing.resize(p.cells.size());
  std::vector<uint32_t> fill(p.containing_begin.begin(), p.containing_begin.end() - 1);
  for (uint32_t k = 0; k < p.count(); ++k) {
    for (uint32_t x : p.of(k)) p.containing[fill[x]++] = k;
  }
  return true;
}

// The search over placements. Invariants between calls of Place/Unplace:
//   used[x]    - cell x is covered by a placed region;
//   blocked[k] - number of used cells in placement k (k is available iff 0);
//   live[x]    - number of available placements covering x.
// A free cell with live == 0 can no longer belong to any region; this also catches free
// areas smaller than the smallest region, as every placement is a connected set of free
// cells. A free area must moreover have a size that regions add up to (sums_): with sizes
// 5..6, not 7, 8 or 9.
class RegionSearch {
 public:
  RegionSearch(const RegionPuzzle& puzzle, const Placements& placements,
               const std::vector<int>& lengths,
               const std::function<bool(const RegionPartition&)>& on_solution,
               const std::atomic<bool>* stop)
      : puzzle_(puzzle),
        p_(placements),
        on_solution_(on_solution),
        stop_(stop),
        used_(puzzle.letters.size(), false),
        blocked_(placements.count(), 0),
        live_(puzzle.letters.size()),
        sums_(RepresentableSums(puzzle.letters.size(), lengths)),
        mark_(puzzle.letters.size(), 0) {
    for (size_t x = 0; x < live_.size(); ++x) {
      live_[x] = p_.containing_begin[x + 1] - p_.containing_begin[x];
    }
    settled_ = sums_.size();
    while (settled_ > 0 && sums_[settled_ - 1]) --settled_;
  }

  // The search, with an explicit stack of levels (one region each), so that large grids
  // need no deep recursion. Level i places region i at its first cell, trying that cell's
  // placements in order from `next`; stack_[i] is the one placed, while it is placed.
  size_t Run() {
    if (std::find(live_.begin(), live_.end(), 0) != live_.end() || !sums_.back()) return 0;
    struct Level {
      uint32_t cell, next;
    };
    std::vector<Level> levels{{0, p_.by_first[0]}};
    while (!levels.empty()) {
      Level& level = levels.back();
      if (stack_.size() == levels.size()) {
        Unplace(stack_.back());
        stack_.pop_back();
      }
      const uint32_t end = p_.by_first[level.cell + 1];
      while (level.next < end && blocked_[level.next] != 0) ++level.next;
      if (level.next == end) {
        levels.pop_back();
        continue;
      }
      if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) {
        stopped_ = true;
        break;
      }
      const uint32_t k = level.next++;
      ++nodes_;
      stack_.push_back(k);
      if (Place(k) || !AreasFillable(k)) continue;
      uint32_t from = level.cell + 1;
      while (from < used_.size() && used_[from]) ++from;
      if (from < used_.size()) {
        levels.push_back({from, p_.by_first[from]});
      } else if (!Report()) {
        break;
      }
    }
    return solutions_;
  }
  size_t nodes() const { return nodes_; }
  bool stopped() const { return stopped_; }

 private:
  // Marks k's cells used and blocks the placements that overlap them; returns true when
  // some free cell is left without an available placement.
  bool Place(uint32_t k) {
    for (uint32_t x : p_.of(k)) used_[x] = true;
    bool dead = false;
    for (uint32_t x : p_.of(k)) {
      for (uint32_t i = p_.containing_begin[x]; i < p_.containing_begin[x + 1]; ++i) {
        const uint32_t other = p_.containing[i];
        if (blocked_[other]++ != 0) continue;
        for (uint32_t y : p_.of(other)) dead |= --live_[y] == 0 && !used_[y];
      }
    }
    return dead;
  }

  // True when every free area next to placement k has a size in sums_. A flood fill stops
  // once its area reaches settled_ cells (every size from there on is a sum), and when it
  // runs into an area an earlier fill of this call stopped in, which is the same area.
  bool AreasFillable(uint32_t k) {
    const uint64_t check = marks_ + 1;  // fills of this call are numbered check, check + 1, ...
    bool fillable = true;
    for (uint32_t x : p_.of(k)) {
      ForEachNeighbour(x, puzzle_.rows, puzzle_.cols, [&](uint32_t start) {
        if (!fillable || used_[start] || mark_[start] >= check) return;
        const uint64_t fill = ++marks_;
        bool settled = false;
        queue_.assign(1, start);
        mark_[start] = fill;
        for (size_t head = 0; head < queue_.size() && !settled; ++head) {
          ForEachNeighbour(queue_[head], puzzle_.rows, puzzle_.cols, [&](uint32_t y) {
            if (used_[y] || mark_[y] == fill) return;
            settled = settled || mark_[y] >= check;
            mark_[y] = fill;
            queue_.push_back(y);
          });
          settled = settled || queue_.size() >= settled_;
        }
        fillable = settled || sums_[queue_.size()];
      });
    }
    return fillable;
  }

  void Unplace(uint32_t k) {
    for (uint32_t x : p_.of(k)) {
      for (uint32_t i = p_.containing_begin[x]; i < p_.containing_begin[x + 1]; ++i) {
        const uint32_t other = p_.containing[i];
        if (--blocked_[other] != 0) continue;
        for (uint32_t y : p_.of(other)) ++live_[y];
      }
    }
    for (uint32_t x : p_.of(k)) used_[x] = false;
  }

  bool Report() {
    ++solutions_;
    RegionPartition partition;
    partition.region_of.resize(used_.size());
    partition.region_count = static_cast<int>(stack_.size());
    for (size_t r = 0; r < stack_.size(); ++r) {
      for (uint32_t x : p_.of(stack_[r])) partition.region_of[x] = static_cast<int>(r);
    }
    return on_solution_(partition);
  }

  const RegionPuzzle& puzzle_;
  const Placements& p_;
  const std::function<bool(const RegionPartition&)>& on_solution_;
  const std::atomic<bool>* stop_;
  bool stopped_ = false;
  std::vector<bool> used_;
  std::vector<uint32_t> blocked_, live_;
  std::vector<uint32_t> stack_;  // placements of the regions so far, in region order
  std::vector<bool> sums_;       // sums_[n]: n cells can be split into regions
  size_t settled_;               // every n >= settled_ (up to the grid size) is a sum
  std::vector<uint64_t> mark_;   // flood-fill number that last reached each cell
  uint64_t marks_ = 0;
  std::vector<uint32_t> queue_;
  size_t solutions_ = 0, nodes_ = 0;
};

}  // namespace

RegionSolver::RegionSolver(const Dictionary& dictionary, RegionSizes sizes)
    : dictionary_(dictionary),
      lengths_(WordLengths(dictionary, sizes)),
      shapes_(std::make_unique<ShapeTrie>(sizes)) {
  assert(1 <= sizes.min && sizes.min <= sizes.max && sizes.max <= kMaxRegionSize);
  for (int length : lengths_) dictionary.dawg(length);
}

RegionSolver::~RegionSolver() = default;

size_t RegionSolver::Solve(const RegionPuzzle& puzzle,
                           const std::function<bool(const RegionPartition&)>& on_solution,
                           RegionStats* stats, const std::atomic<bool>* stop) const {
  Placements placements;
  if (!FindPlacements(puzzle, dictionary_, lengths_, *shapes_, stop, placements)) {
    if (stats != nullptr) *stats = {placements.count(), 0, true};
    return 0;
  }
  RegionSearch search(puzzle, placements, lengths_, on_solution, stop);
  const size_t found = search.Run();
  if (stats != nullptr) *stats = {placements.count(), search.nodes(), search.stopped()};
  return found;
}

std::vector<Word> RegionWords(const RegionPuzzle& puzzle, const RegionPartition& partition) {
  std::vector<Word> words(partition.region_count);
  for (size_t x = 0; x < puzzle.letters.size(); ++x) {
    words[partition.region_of[x]].push_back(puzzle.letters[x]);
  }
  return words;
}

std::vector<std::string> DrawRegions(const RegionPuzzle& puzzle, const RegionPartition& partition,
                                     const Alphabet& alphabet, bool upper) {
  const int rows = puzzle.rows, cols = puzzle.cols;
  auto region = [&](int r, int c) { return partition.region_of[r * cols + c]; };
  std::vector<std::string> lines;
  for (int r = 0; r <= rows; ++r) {
    std::string border;
    for (int c = 0; c < cols; ++c) {
      const bool wall = r == 0 || r == rows || region(r - 1, c) != region(r, c);
      border += wall ? "+---" : "+   ";
    }
    lines.push_back(border + "+");
    if (r == rows) break;
    std::string cells;
    for (int c = 0; c < cols; ++c) {
      cells += c == 0 || region(r, c - 1) != region(r, c) ? "| " : "  ";
      alphabet.append_utf8(puzzle.letters[r * cols + c], upper, cells);
      cells += ' ';
    }
    lines.push_back(cells + "|");
  }
  return lines;
}

namespace {

// The generator's random numbers: a fixed engine and plain modulo, so that a seed gives the
// same puzzle with every standard library.
class Random {
 public:
  explicit Random(uint64_t seed) : engine_(seed) {}
  uint64_t below(uint64_t n) { return engine_() % n; }

 private:
  std::mt19937_64 engine_;
};

// Grows regions one by one from the first free cell to a random size in `lengths`, through
// random free neighbours; a region that would leave a free area of a size no set of regions
// fills is grown again. Returns false when the tries run out.
bool RandomPartition(int rows, int cols, const std::vector<int>& lengths, Random& random,
                     RegionPartition& partition) {
  const int cells = rows * cols;
  const std::vector<bool> sums = RepresentableSums(cells, lengths);
  // True when every free area has a size in `sums`.
  std::vector<int> stamp(cells, -1), queue;
  const auto areas_fillable = [&](const std::vector<int>& region_of, int pass) {
    for (int start = 0; start < cells; ++start) {
      if (region_of[start] >= 0 || stamp[start] == pass) continue;
      queue.assign(1, start);
      stamp[start] = pass;
      for (size_t head = 0; head < queue.size(); ++head) {
        ForEachNeighbour(queue[head], rows, cols, [&](int y) {
          if (region_of[y] < 0 && stamp[y] != pass) stamp[y] = pass, queue.push_back(y);
        });
      }
      if (!sums[queue.size()]) return false;
    }
    return true;
  };

  int pass = 0;
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::vector<int> region_of(cells, -1);
    int regions = 0;
    bool stuck = false;
    for (int first = 0; first < cells && !stuck; ++first) {
      if (region_of[first] >= 0) continue;
      stuck = true;
      for (int grow = 0; grow < 50 && stuck; ++grow) {
        const int size = lengths[random.below(lengths.size())];
        std::vector<int> region{first}, frontier;
        region_of[first] = regions;
        while (true) {
          frontier.clear();
          for (int x : region) {
            ForEachNeighbour(x, rows, cols, [&](int y) {
              if (region_of[y] < 0) frontier.push_back(y);
            });
          }
          if (static_cast<int>(region.size()) == size || frontier.empty()) break;
          const int next = frontier[random.below(frontier.size())];
          region_of[next] = regions;
          region.push_back(next);
        }
        stuck = static_cast<int>(region.size()) != size || !areas_fillable(region_of, pass++);
        if (stuck) {
          for (int x : region) region_of[x] = -1;
        }
      }
      ++regions;
    }
    if (!stuck) {
      partition = {region_of, regions};
      return true;
    }
  }
  return false;
}

// Writes a random word of each marked region's length into its cells.
void FillRegions(const RegionPartition& partition, const std::vector<bool>& marked,
                 const Lexicon& lexicon, Random& random, RegionPuzzle& puzzle) {
  std::vector<std::vector<int>> cells(partition.region_count);
  for (size_t x = 0; x < partition.region_of.size(); ++x) {
    cells[partition.region_of[x]].push_back(static_cast<int>(x));
  }
  for (int r = 0; r < partition.region_count; ++r) {
    if (!marked[r]) continue;
    const WordsOfLength& words = lexicon.words(static_cast<int>(cells[r].size()));
    const WordView word = words.word(random.below(words.count()));
    for (size_t i = 0; i < word.size(); ++i) puzzle.letters[cells[r][i]] = word[i];
  }
}

// Marks the regions of `truth` whose cells form a different region in `other`.
void MarkDifferences(const RegionPartition& truth, const RegionPartition& other,
                     std::vector<bool>& marked) {
  // Regions are equal iff they have the same size and `other` maps them to one region.
  std::vector<int> size(truth.region_count, 0), other_size(other.region_count, 0);
  std::vector<int> image(truth.region_count, -1);
  std::vector<bool> split(truth.region_count, false);
  for (size_t x = 0; x < truth.region_of.size(); ++x) {
    const int r = truth.region_of[x], o = other.region_of[x];
    ++size[r], ++other_size[o];
    if (image[r] < 0) image[r] = o;
    split[r] = split[r] || image[r] != o;
  }
  for (int r = 0; r < truth.region_count; ++r) {
    if (split[r] || size[r] != other_size[image[r]]) marked[r] = true;
  }
}

}  // namespace

absl::StatusOr<MadeRegionPuzzle> MakeRegionPuzzle(int rows, int cols, const Dictionary& dictionary,
                                                  RegionSizes sizes, uint64_t seed,
                                                  const std::atomic<bool>* stop) {
  const std::vector<int> lengths = WordLengths(dictionary, sizes);
  if (lengths.empty()) {
    return absl::InvalidArgumentError(
        absl::StrCat("the dictionary has no words of ", sizes.min, " to ", sizes.max, " letters"));
  }
  const RegionSolver solver(dictionary, sizes);
  Random random(seed);
  MadeRegionPuzzle made;
  made.puzzle = {rows, cols, std::vector<Letter>(rows * cols, 0)};
  // Each partition gets a number of rerolls; words are drawn again only where a second
  // solution differs, so most of the grid is kept from one solver run to the next.
  constexpr int kPartitions = 20, kRerolls = 50;
  for (int p = 0; p < kPartitions; ++p) {
    if (!RandomPartition(rows, cols, lengths, random, made.solution)) {
      return absl::InvalidArgumentError(absl::StrCat("cannot split a ", rows, "x", cols,
                                                     " grid into regions of ", sizes.min, " to ",
                                                     sizes.max, " cells"));
    }
    std::vector<bool> marked(made.solution.region_count, true);
    for (int reroll = 0; reroll < kRerolls; ++reroll) {
      FillRegions(made.solution, marked, dictionary.lexicon(), random, made.puzzle);
      std::fill(marked.begin(), marked.end(), false);
      ++made.attempts;
      size_t found = 0;
      RegionStats stats;
      solver.Solve(
          made.puzzle,
          [&](const RegionPartition& solution) {
            MarkDifferences(made.solution, solution, marked);
            return ++found < 2;
          },
          &stats, stop);
      if (stats.stopped) return absl::CancelledError("stopped");
      if (found == 1) return made;  // the partition drawn is a solution, so it is this one
    }
  }
  return absl::DeadlineExceededError(absl::StrCat("no unique ", rows, "x", cols,
                                                  " puzzle found in ", made.attempts,
                                                  " solver runs; try another seed"));
}

}  // namespace squares::core
