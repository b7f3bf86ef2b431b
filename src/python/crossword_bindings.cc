// The Python module's crossword puzzle model: Puzzle, its cells (PuzzleCell, CellKind) and info
// (PuzzleInfo), read from any format and written to any (write_puzzle).
#include <string>
#include <vector>

#include "python/bindings.h"

namespace squares::python {
namespace {

bool SameCell(const PuzzleCell& a, const PuzzleCell& b) {
  return a.kind == b.kind && a.given == b.given && a.solution == b.solution &&
         a.circled == b.circled && a.shaded == b.shaded && a.bar_right == b.bar_right &&
         a.bar_below == b.bar_below;
}

bool SameInfo(const PuzzleInfo& a, const PuzzleInfo& b) {
  return a.title == b.title && a.author == b.author && a.editor == b.editor &&
         a.copyright == b.copyright && a.date == b.date && a.notes == b.notes &&
         a.publisher == b.publisher;
}

void DefCell(py::module_& m) {
  DefEnum<CellKind>(m, "CellKind", "What a cell of a puzzle is.",
                    {{"WHITE", CellKind::kWhite}, {"BLOCK", CellKind::kBlock},
                     {"VOID", CellKind::kVoid}});
  py::class_<PuzzleCell> cell(m, "PuzzleCell",
                              "A cell of a Puzzle: its kind, letters (given to the solver, and "
                              "the solution: one letter, a digraph or a rebus), marks and bars.");
  cell.def(py::init([](CellKind kind, std::string given, std::string solution, bool circled,
                       bool shaded, bool bar_right, bool bar_below) {
             return PuzzleCell{kind,   std::move(given), std::move(solution), circled,
                               shaded, bar_right,        bar_below};
           }),
           py::arg("kind") = CellKind::kWhite, py::arg("given") = "", py::arg("solution") = "",
           py::arg("circled") = false, py::arg("shaded") = false, py::arg("bar_right") = false,
           py::arg("bar_below") = false)
      .def_readwrite("kind", &PuzzleCell::kind)
      .def_readwrite("given", &PuzzleCell::given)
      .def_readwrite("solution", &PuzzleCell::solution)
      .def_readwrite("circled", &PuzzleCell::circled)
      .def_readwrite("shaded", &PuzzleCell::shaded)
      .def_readwrite("bar_right", &PuzzleCell::bar_right)
      .def_readwrite("bar_below", &PuzzleCell::bar_below)
      .def("__eq__", &SameCell)
      .def("__repr__", [](const PuzzleCell& c) {
        std::string out = "PuzzleCell(" + Str(py::cast(c.kind));
        if (!c.given.empty()) out += ", given=" + Repr(py::str(c.given));
        if (!c.solution.empty()) out += ", solution=" + Repr(py::str(c.solution));
        for (auto [flag, name] : {std::pair{c.circled, "circled"}, {c.shaded, "shaded"},
                                  {c.bar_right, "bar_right"}, {c.bar_below, "bar_below"}}) {
          if (flag) out += std::string(", ") + name + "=True";
        }
        return out + ")";
      });
  DefPickle(cell, &PuzzleCell::kind, &PuzzleCell::given, &PuzzleCell::solution,
            &PuzzleCell::circled, &PuzzleCell::shaded, &PuzzleCell::bar_right,
            &PuzzleCell::bar_below);

  py::class_<PuzzleInfo> info(m, "PuzzleInfo", "What a puzzle says about itself.");
  info.def(py::init([](std::string title, std::string author, std::string editor,
                       std::string copyright, std::string date, std::string notes,
                       std::string publisher) {
             return PuzzleInfo{std::move(title),     std::move(author), std::move(editor),
                               std::move(copyright), std::move(date),   std::move(notes),
                               std::move(publisher)};
           }),
           py::arg("title") = "", py::arg("author") = "", py::arg("editor") = "",
           py::arg("copyright") = "", py::arg("date") = "", py::arg("notes") = "",
           py::arg("publisher") = "")
      .def_readwrite("title", &PuzzleInfo::title)
      .def_readwrite("author", &PuzzleInfo::author)
      .def_readwrite("editor", &PuzzleInfo::editor)
      .def_readwrite("copyright", &PuzzleInfo::copyright)
      .def_readwrite("date", &PuzzleInfo::date)
      .def_readwrite("notes", &PuzzleInfo::notes)
      .def_readwrite("publisher", &PuzzleInfo::publisher)
      .def("__eq__", &SameInfo)
      .def("__repr__", [](const PuzzleInfo& i) {
        return "PuzzleInfo(title=" + Repr(py::str(i.title)) + ", author=" + Repr(py::str(i.author)) +
               ")";
      });
  DefPickle(info, &PuzzleInfo::title, &PuzzleInfo::author, &PuzzleInfo::editor,
            &PuzzleInfo::copyright, &PuzzleInfo::date, &PuzzleInfo::notes,
            &PuzzleInfo::publisher);
}

bool SamePuzzle(const Puzzle& a, const Puzzle& b) {
  if (a.rows != b.rows || a.cols != b.cols || !SameInfo(a.info, b.info) ||
      a.cells.size() != b.cells.size() || a.clues.size() != b.clues.size() ||
      a.format != b.format || a.warnings != b.warnings || a.locked != b.locked) {
    return false;
  }
  for (size_t i = 0; i < a.cells.size(); ++i) {
    if (!SameCell(a.cells[i], b.cells[i])) return false;
  }
  for (size_t i = 0; i < a.clues.size(); ++i) {
    const Clue &x = a.clues[i], &y = b.clues[i];
    if (x.number != y.number || x.direction != y.direction || x.word != y.word ||
        x.text != y.text || x.enumeration != y.enumeration) {
      return false;
    }
  }
  return true;
}

void DefPuzzle(py::module_& m) {
  py::class_<Puzzle> puzzle(
      m, "Puzzle",
      "A crossword as documents hold it: rows x cols PuzzleCells (row-major), its info and "
      "clues, and what reading it found (format, warnings, locked). Edit a cell through "
      "cell(row, col); `cells` is a copy of the list (assign a whole list to replace it).");
  puzzle
      .def(py::init([](int rows, int cols) {
             if (rows < 0 || cols < 0)
               throw Error(ErrorKind::kUsage, "Puzzle(rows, cols): a size is negative");
             Puzzle p;
             p.rows = rows, p.cols = cols;
             p.cells.resize(static_cast<size_t>(rows) * static_cast<size_t>(cols));
             return p;
           }),
           py::arg("rows") = 0, py::arg("cols") = 0, "rows x cols empty white cells")
      .def_static(
          "parse",
          [](const py::object& data, const std::string& source) {
            if (!py::isinstance<py::bytes>(data) && !py::isinstance<py::str>(data))
              throw py::type_error("Puzzle.parse(data): the file's bytes or its text (str)");
            const std::string bytes = data.cast<std::string>();
            py::gil_scoped_release release;
            return Puzzle::Parse(bytes, source);
          },
          py::arg("data"), py::arg("source") = "<puzzle>",
          "Reads a puzzle in any format the library reads (ipuz, .puz, jpz, xd, Across Lite "
          "text, Exolve, crucio, cwc, plain rows), told by its content; errors name `source`.")
      .def_static(
          "load",
          [](const py::object& path) {
            const std::optional<std::string> file = PathOf(path);
            if (!file) throw py::type_error("Puzzle.load(path): a str or os.PathLike");
            py::gil_scoped_release release;
            return Puzzle::Load(*file);
          },
          py::arg("path"), "Reads a puzzle file.")
      .def_readwrite("rows", &Puzzle::rows)
      .def_readwrite("cols", &Puzzle::cols)
      .def_readwrite("cells", &Puzzle::cells)
      .def_readwrite("info", &Puzzle::info)
      .def_readwrite("clues", &Puzzle::clues)
      .def_readwrite("format", &Puzzle::format)
      .def_readwrite("warnings", &Puzzle::warnings)
      .def_readwrite("locked", &Puzzle::locked)
      .def(
          "cell",
          [](Puzzle& p, int row, int col) -> PuzzleCell& {
            if (row < 0 || col < 0 || row >= p.rows || col >= p.cols)
              throw py::index_error("Puzzle.cell: no cell at row " + std::to_string(row) +
                                    ", column " + std::to_string(col));
            return p.cell(row, col);
          },
          py::arg("row"), py::arg("col"), py::return_value_policy::reference_internal,
          "The cell at (row, col), 0-based, as a view: changing it changes the puzzle.")
      .def("__eq__", &SamePuzzle)
      .def("__repr__", [](const Puzzle& p) {
        return "Puzzle(" + std::to_string(p.rows) + "x" + std::to_string(p.cols) +
               (p.info.title.empty() ? "" : ", " + Repr(py::str(p.info.title))) + ")";
      });
  DefPickle(puzzle, &Puzzle::rows, &Puzzle::cols, &Puzzle::cells, &Puzzle::info, &Puzzle::clues,
            &Puzzle::format, &Puzzle::warnings, &Puzzle::locked);
  DefDocumentFunction<const Puzzle&>(
      m, "write_puzzle",
      [](const Puzzle& puzzle, const DocumentOptions& options) {
        py::gil_scoped_release release;
        return WritePuzzle(puzzle, options);
      },
      "ipuz",
      "A puzzle as a document of `format` (as format_fill names them): a str, or bytes for puz, "
      "pdf and submission; its grid, its own letters, info and clues, the options as for "
      "format_fill (those given win). warnings: called with each thing the format could not "
      "hold.",
      py::arg("puzzle"));
}

}  // namespace

void DefCrossword(py::module_& m) {
  DefCell(m);
  DefPuzzle(m);
}

}  // namespace squares::python
