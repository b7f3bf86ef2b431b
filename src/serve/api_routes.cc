// The JSON API's routes: requests.h's structs through the library's calls into JSON answers.
#include "serve/api_routes.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <memory>

#include "serve/pdf.h"
#include "squares/fill.h"
#include "squares/pattern.h"
#include "squares/squares.h"

namespace squares::serve {
namespace {

using Json = nlohmann::json;

std::string Dump(const Json& json) {
  return json.dump(-1, ' ', false, Json::error_handler_t::replace);
}

Reply JsonReply(const Json& json) { return Reply{200, "application/json", Dump(json) + "\n"}; }

// The quality's fields as `squares fill --format jsonl` names them.
Json QualityJson(const FillQuality& quality) {
  Json json = {{"worst", quality.worst_word},
               {"worst_score", quality.worst_score},
               {"mean_score", quality.mean_score}};
  if (quality.searched) {
    json["bound"] = quality.bound;
    json["proven"] = quality.proven;
    json["mean_proven"] = quality.mean_proven;
  }
  return json;
}

// A slot's word in a fill (its letters, or '.' for a cell the fill leaves empty).
std::string SlotWord(const Slot& slot, const std::vector<std::string>& letters) {
  std::string word;
  for (int cell : slot.cells) word += letters[cell].empty() ? "." : letters[cell];
  return word;
}

// The grid's cells as given: a fixed letter, "" for an empty or black cell.
std::vector<std::string> GivenLetters(const Grid& grid) {
  std::vector<std::string> letters(static_cast<size_t>(grid.rows()) * grid.cols());
  for (size_t cell = 0; cell < letters.size(); ++cell)
    letters[cell] = grid.letter(static_cast<int>(cell));
  return letters;
}

// The rows of `grid` with `letters` in its white cells, as Grid::text_rows writes them: '.' a
// cell without one, "[STAR]" a cell of several, '#' a block, '_' a void.
std::vector<std::string> RowsOf(const Grid& grid, const std::vector<std::string>& letters) {
  std::vector<std::string> rows(grid.rows());
  for (int cell = 0; cell < grid.rows() * grid.cols(); ++cell) {
    const std::string& here = letters[cell];
    const auto points = std::count_if(here.begin(), here.end(), [](char c) {
      return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    });
    std::string& row = rows[cell / grid.cols()];
    if (grid.puzzle().cells[cell].kind == CellKind::kVoid) row += "_";
    else if (grid.black(cell)) row += "#";
    else if (here.empty()) row += ".";
    else row += points == 1 ? here : "[" + here + "]";
  }
  return rows;
}

// A puzzle as requests take it (requests.h): each cell's fields that are not their defaults.
Json PuzzleJson(const Puzzle& puzzle) {
  Json cells = Json::array();
  for (int r = 0; r < puzzle.rows; ++r) {
    Json row = Json::array();
    for (int c = 0; c < puzzle.cols; ++c) {
      const PuzzleCell& cell = puzzle.cell(r, c);
      Json json = Json::object();
      if (cell.kind != CellKind::kWhite)
        json["kind"] = cell.kind == CellKind::kBlock ? "block" : "void";
      if (!cell.solution.empty()) json["solution"] = cell.solution;
      if (!cell.given.empty()) json["given"] = cell.given;
      for (auto [key, flag] : {std::pair{"circled", cell.circled},
                               {"shaded", cell.shaded},
                               {"bar-right", cell.bar_right},
                               {"bar-below", cell.bar_below}}) {
        if (flag) json[key] = true;
      }
      row.push_back(std::move(json));
    }
    cells.push_back(std::move(row));
  }
  const PuzzleInfo& info = puzzle.info;
  Json clues = Json::array();
  for (const Clue& clue : puzzle.clues) {
    Json json = clue.number > 0
                    ? Json{{"number", clue.number}, {"direction", DirectionName(clue.direction)}}
                    : Json{{"word", clue.word}};
    json["text"] = clue.text;
    if (!clue.enumeration.empty()) json["enumeration"] = clue.enumeration;
    clues.push_back(std::move(json));
  }
  return {{"cells", std::move(cells)},
          {"info",
           {{"title", info.title},
            {"author", info.author},
            {"editor", info.editor},
            {"copyright", info.copyright},
            {"date", info.date},
            {"notes", info.notes},
            {"publisher", info.publisher}}},
          {"clues", std::move(clues)}};
}

Json SlotJson(const Grid& grid, int index) {
  const Slot& slot = grid.slots()[index];
  return {{"index", index},        {"name", slot.name()},
          {"number", slot.number}, {"direction", DirectionName(slot.direction)},
          {"row", slot.row},       {"col", slot.col},
          {"length", slot.length}, {"pattern", SlotWord(slot, GivenLetters(grid))}};
}

Json CandidateJson(const Candidate& candidate) {
  return {{"word", candidate.word},
          {"score", candidate.score},
          {"viability", ViabilityName(candidate.viability)},
          {"reason", candidate.reason}};
}

// A list as /api/info and the list routes answer it.
Json ListJson(const WordList& list) {
  Json json = {{"id", list.id},
               {"name", list.name},
               {"kind", list.kind},
               {"words", list.dictionary.size()},
               {"scored", list.dictionary.scored()},
               {"better", list.dictionary.better() == Better::kLower ? "lower" : "higher"},
               {"language", list.dictionary.language()}};
  if (!list.base.empty()) json["base"] = list.base;
  return json;
}

int SlotIndex(const Grid& grid, const SlotRef& ref) {
  const int count = static_cast<int>(grid.slots().size());
  if (ref.index) {
    if (*ref.index >= count) {
      throw BadRequest("slot " + std::to_string(*ref.index) + " does not exist (the grid has " +
                       std::to_string(count) + " slots)");
    }
    return *ref.index;
  }
  const std::string where =
      "row " + std::to_string(ref.row) + ", column " + std::to_string(ref.col);
  if (ref.row >= grid.rows() || ref.col >= grid.cols())
    throw BadRequest(where + " is outside the grid");
  const int cell = ref.row * grid.cols() + ref.col;
  for (int k = 0; k < count; ++k) {
    const Slot& slot = grid.slots()[k];
    if (slot.direction != ref.direction) continue;
    for (int c : slot.cells) {
      if (c == cell) return k;
    }
  }
  throw BadRequest("no " + std::string(DirectionName(ref.direction)) + " slot goes through " +
                   where);
}

}  // namespace

Reply ErrorReply(int status, std::string_view message) {
  return Reply{status, "application/json", Dump(Json{{"error", message}}) + "\n"};
}

Reply UnknownListReply(const UnknownList& unknown) {
  return Reply{404, "application/json",
               Dump(Json{{"error", unknown.what()}, {"unknown-list", unknown.id()}}) + "\n"};
}

Reply ApiRoutes::Fill(std::string_view body, const StopFlag& stop) const {
  FillRequest request = ParseFillRequest(body, max_threads_);
  const Grid& grid = request.grid;
  request.options.stop = &stop;
  const FillResult result = FillGrid(DictionaryOf(request.list), grid, request.options);
  // The page's grid has no file name: its messages start with the entry they name.
  const auto unnamed = [&](std::string message) {
    if (message.starts_with(grid.source() + ": ")) message.erase(0, grid.source().size() + 2);
    return message;
  };
  Json json = {{"status", StatusName(result.status)}, {"message", unnamed(result.message)}};
  if (!result.bad_slot.empty()) json["bad_slot"] = result.bad_slot;
  for (const std::string& note : result.notes) json["notes"].push_back(unnamed(note));
  json["stats"] = {{"nodes", result.stats.nodes}, {"seconds", result.stats.seconds}};
  if (result.fills.empty()) return JsonReply(json);

  const squares::Fill& fill = result.fills.front();
  // Outside the region, the cells stay as given: the region's words are those of a whole fill.
  std::vector<std::string> letters = fill.letters;
  if (request.region) {
    const Region& region = *request.region;
    const std::vector<std::string> given = GivenLetters(grid);
    for (int r = 0; r < grid.rows(); ++r) {
      for (int c = 0; c < grid.cols(); ++c) {
        if (r < region.top || r > region.bottom || c < region.left || c > region.right) {
          letters[r * grid.cols() + c] = given[r * grid.cols() + c];
        }
      }
    }
  }
  json["rows"] = RowsOf(grid, letters);
  json["across"] = Json::array();
  json["down"] = Json::array();
  for (const Slot& slot : grid.slots()) {
    json[slot.direction == Direction::kAcross ? "across" : "down"].push_back(
        SlotWord(slot, letters));
  }
  if (fill.quality) json["quality"] = QualityJson(*fill.quality);
  return JsonReply(json);
}

void ApiRoutes::StartFromLastFill(CandidateOptions& options) const {
  {
    std::lock_guard lock(last_fill_mutex_);
    options.start = last_fill_;
  }
  options.on_fill = [this](const std::vector<std::string>& letters) {
    std::lock_guard lock(last_fill_mutex_);
    last_fill_ = letters;
  };
}

Reply ApiRoutes::Candidates(std::string_view body, const StopFlag& stop) const {
  CandidatesRequest request = ParseCandidatesRequest(body);
  const Grid& grid = request.grid;
  const int slot = SlotIndex(grid, request.slot);
  request.options.stop = &stop;
  StartFromLastFill(request.options);
  Json words = Json::array();
  const Dictionary dictionary = DictionaryOf(request.list);
  for (const Candidate& candidate : squares::Candidates(dictionary, grid, slot, request.options)) {
    words.push_back(CandidateJson(candidate));
  }
  return JsonReply({{"slot", SlotJson(grid, slot)}, {"words", std::move(words)}});
}

std::function<void(const ApiRoutes::Write&)> ApiRoutes::CandidatesStream(
    std::string_view body, const StopFlag& stop) const {
  auto request = std::make_shared<CandidatesRequest>(ParseCandidatesRequest(body));
  auto grid = std::make_shared<Grid>(request->grid);
  const int slot = SlotIndex(*grid, request->slot);
  const Dictionary list = DictionaryOf(request->list);  // a 404 before the stream starts
  {
    std::lock_guard lock(cache_mutex_);
    for (const auto& entry : cache_) {
      if (entry.first == body) return [lines = entry.second](const Write& write) { write(lines); };
    }
  }
  return [this, request, grid, slot, list, &stop, key = std::string(body)](const Write& write) {
    std::string lines;
    auto send = [&](const Json& json) {
      const std::string line = Dump(json) + "\n";
      lines += line;
      return write(line);
    };
    request->options.stop = &stop;
    StartFromLastFill(request->options);
    request->options.on_list = [&](const std::vector<Candidate>& candidates) {
      Json words = Json::array();
      for (const Candidate& candidate : candidates) words.push_back(CandidateJson(candidate));
      return send({{"slot", SlotJson(*grid, slot)}, {"words", std::move(words)}});
    };
    request->options.on_decided = [&](size_t index, const Candidate& candidate) {
      return send({{"index", index},
                   {"viability", ViabilityName(candidate.viability)},
                   {"reason", candidate.reason}});
    };
    const std::vector<Candidate> candidates =
        squares::Candidates(list, *grid, slot, request->options);
    Json undecided = Json::array();  // the reasons of those left undecided
    for (size_t k = 0; k < candidates.size(); ++k) {
      if (candidates[k].viability == Viability::kUnknown)
        undecided.push_back({{"index", k}, {"reason", candidates[k].reason}});
    }
    if (!send({{"done", true}, {"undecided", std::move(undecided)}}) || stop.load()) return;
    std::lock_guard lock(cache_mutex_);
    cache_.emplace_back(key, std::move(lines));
    if (cache_.size() > kCachedStreams) cache_.pop_front();
  };
}

Reply ApiRoutes::Check(std::string_view body) const {
  const CheckRequest request = ParseCheckRequest(body);
  const GridCheck check =
      CheckGrid(DictionaryOf(request.list), request.grid, request.allow_repeats);
  Json json = {{"filled", check.filled}, {"valid", check.valid}, {"problems", check.problems}};
  if (check.quality) json["quality"] = QualityJson(*check.quality);
  return JsonReply(json);
}

Reply ApiRoutes::Prove(std::string_view body, const StopFlag& stop) const {
  ProveRequest request = ParseProveRequest(body);
  const Grid& grid = request.grid;
  request.options.stop = &stop;
  {
    std::lock_guard lock(last_fill_mutex_);
    request.options.start = last_fill_;
  }
  const GridProof proof = ProveGrid(DictionaryOf(request.list), grid, request.options);
  if (proof.verdict == Verdict::kFillable) {
    std::lock_guard lock(last_fill_mutex_);
    last_fill_ = proof.fill;
  }
  Json dead = Json::array();
  for (int s : proof.dead_slots) dead.push_back(SlotJson(grid, s));
  Json conflict = Json::array();
  for (int s : proof.conflict) conflict.push_back(SlotJson(grid, s));
  Json verdict = {{"verdict", VerdictName(proof.verdict)},
                  {"seconds", proof.seconds},
                  {"conflict", std::move(conflict)},
                  {"minimal", proof.conflict_minimal},
                  {"allow-offensive", AllowOffensiveName(request.options.allow_offensive)}};
  if (proof.verdict == Verdict::kFillable) verdict["fill"] = proof.fill;
  if (proof.left_out) {
    verdict["left-out"] = {{"tier", AllowOffensiveName(proof.left_out->tier)},
                           {"word", proof.left_out->word}};
  }
  return JsonReply({{"consistent", proof.consistent},
                    {"verdict", std::move(verdict)},
                    {"letters", proof.letters},
                    {"words", proof.words},
                    {"dead_slots", std::move(dead)},
                    {"dead_cells", proof.dead_cells},
                    {"message", proof.message}});
}

Reply ApiRoutes::Export(std::string_view body, const StopFlag& stop) const {
  ExportRequest request = ParseExportRequest(body);
  // What the document cannot hold is said in a header, never dropped in silence.
  std::vector<std::string> warnings;
  request.document.warnings = &warnings;
  squares::Fill fill = GivenFill(request.grid);
  // The fill's quality line, as `squares fill` writes it, in the formats that have one: scored
  // by the page's list. The other formats need no list.
  if (request.document.format == DocumentFormat::kJsonl ||
      request.document.format == DocumentFormat::kIpuz) {
    fill.quality = CheckGrid(DictionaryOf(request.list), request.grid).quality;
  }
  std::string document = FormatFill(request.grid, fill, request.document);
  Reply reply{200, std::string(FormatOf(request.document.format).content_type),
              std::move(document)};
  if (request.pdf) {
    if (lualatex_.empty()) throw BadRequest("PDF needs lualatex, which this server does not have");
    reply = Reply{200, "application/pdf", LatexToPdf(lualatex_, reply.body, stop)};
  }
  if (!warnings.empty()) {
    reply.headers.emplace_back("X-Squares-Warnings",
                               Json(warnings).dump(-1, ' ', true, Json::error_handler_t::replace));
  }
  return reply;
}

Reply ApiRoutes::Open(std::string_view body) const {
  const OpenRequest request = ParseOpenRequest(body);
  const Puzzle puzzle = Puzzle::Parse(request.text, request.name);
  const Grid grid = Grid::FromPuzzle(puzzle, request.name);
  CheckedSize(grid, request.name);
  // "grid", "clues", "title", "author" and "copyright" as pages before "puzzle" read them.
  Json clues = Json::array();
  for (const Clue& clue : grid.clues()) {
    clues.push_back({{"number", clue.number},
                     {"direction", DirectionName(clue.direction)},
                     {"text", clue.text}});
  }
  return JsonReply({{"puzzle", PuzzleJson(grid.puzzle())},
                    {"format", puzzle.format},
                    {"warnings", puzzle.warnings},
                    {"locked", puzzle.locked},
                    {"grid", grid.text_rows()},
                    {"clues", std::move(clues)},
                    {"title", grid.title()},
                    {"author", grid.author()},
                    {"copyright", grid.copyright()}});
}

Reply ApiRoutes::BlockPattern(std::string_view body) {
  const std::vector<std::string> rows = MakePattern(ParseBlockPatternRequest(body));
  int blocks = 0;
  for (const std::string& row : rows)
    blocks += static_cast<int>(std::count(row.begin(), row.end(), '#'));
  return JsonReply({{"rows", rows}, {"blocks", blocks}});
}

Reply ApiRoutes::Info() const {
  Json lists = Json::array();
  for (const WordList& list : lists_.given()) lists.push_back(ListJson(list));
  return JsonReply({{"version", Version()},
                    {"words", lists_.given().front().dictionary.size()},
                    {"lists", std::move(lists)},
                    {"languages", LanguageCodes()},
                    {"max_side", kMaxGridSide},
                    {"pdf", !lualatex_.empty()}});
}

SquareSearch ApiRoutes::Squares(QueryParams params, const StopFlag& stop) const {
  std::string list;
  if (const auto named = params.find("list"); named != params.end()) {
    list = named->second;
    params.erase(named);
  }
  SquareOptions options = ParseSquaresQuery(params, max_threads_);
  options.stop = &stop;
  return SquareSearch(DictionaryOf(list), options);
}

Reply ApiRoutes::UploadList(std::string_view body) {
  return JsonReply(ListJson(lists_.Upload(ParseListUpload(body))));
}

Reply ApiRoutes::ChangeList(std::string_view body) {
  return JsonReply(ListJson(lists_.Change(ParseListChange(body))));
}

Reply ApiRoutes::Pattern(std::string_view body) const {
  const PatternRequest request = ParsePatternRequest(body);
  const PatternMatches matches = DictionaryOf(request.list).Match(request.pattern, request.limit);
  Json words = Json::array();
  for (const ScoredWord& word : matches.words)
    words.push_back({{"word", word.word}, {"score", word.score}});
  return JsonReply(
      {{"pattern", request.pattern}, {"total", matches.total}, {"words", std::move(words)}});
}

}  // namespace squares::serve
