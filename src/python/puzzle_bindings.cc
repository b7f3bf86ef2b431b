// The Python module's Kakuro boards and word-region puzzles: kakuro(), Dictionary.regions()
// and Dictionary.make_regions().
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "python/bindings.h"
#include "python/calls.h"
#include "python/interruptible.h"
#include "squares/squares.h"

namespace squares::python {
namespace {

// Per-cell values (row-major) as a list of rows.
py::list CellRows(const std::vector<int>& cells, int cols) {
  py::list rows;
  for (size_t start = 0; cols > 0 && start < cells.size(); start += cols) {
    rows.append(py::cast(std::vector<int>(cells.begin() + start, cells.begin() + start + cols)));
  }
  return rows;
}

void DefKakuro(py::module_& m) {
  m.def(
      "kakuro_solution_text",
      [](const std::vector<std::vector<int>>& rows) {
        std::vector<int> digits;
        for (const std::vector<int>& row : rows) {
          if (row.size() != rows[0].size())
            throw Error(ErrorKind::kUsage, "kakuro_solution_text: rows of different lengths");
          digits.insert(digits.end(), row.begin(), row.end());
        }
        const int cols = rows.empty() ? 0 : static_cast<int>(rows[0].size());
        return KakuroSolutionText(static_cast<int>(rows.size()), cols, digits);
      },
      py::arg("solution"),
      "A solution (rows of digits, as KakuroResult.solutions and on_solution give it) as "
      "`squares kakuro` prints it: a digit per white cell, '#' for the others.");
  DefEnum<KakuroVerdict>(m, "KakuroVerdict", "A Kakuro board's verdict.",
                         {{"UNIQUE", KakuroVerdict::kUnique},
                          {"NOT_UNIQUE", KakuroVerdict::kNotUnique},
                          {"NO_SOLUTION", KakuroVerdict::kNoSolution},
                          {"TIMED_OUT", KakuroVerdict::kTimedOut}});
  py::class_<KakuroStats> stats(m, "KakuroStats", "The search of one board.");
  stats.def_readonly("white_cells", &KakuroStats::white_cells)
      .def_readonly("runs", &KakuroStats::runs)
      .def_readonly("nodes", &KakuroStats::nodes)
      .def_readonly("failures", &KakuroStats::failures)
      .def_readonly("backjumps", &KakuroStats::backjumps)
      .def_readonly("restarts", &KakuroStats::restarts)
      .def_readonly("automata_seconds", &KakuroStats::automata_seconds)
      .def_readonly("search_seconds", &KakuroStats::search_seconds)
      .def("__repr__", [](const KakuroStats& s) {
        return "KakuroStats(white_cells=" + std::to_string(s.white_cells) +
               ", nodes=" + std::to_string(s.nodes) + ")";
      });
  DefPickle(stats, &KakuroStats::white_cells, &KakuroStats::runs, &KakuroStats::nodes,
            &KakuroStats::failures, &KakuroStats::backjumps, &KakuroStats::restarts,
            &KakuroStats::automata_seconds, &KakuroStats::search_seconds);
  py::class_<KakuroResult> result(m, "KakuroResult", "One board's verdict and solutions.");
  result
      .def_readonly("name", &KakuroResult::name,
                    "from the board's KAKURO header; '' for a bare board")
      .def_readonly("rows", &KakuroResult::rows)
      .def_readonly("cols", &KakuroResult::cols)
      .def_readonly("verdict", &KakuroResult::verdict)
      .def_readonly("count", &KakuroResult::count, "solutions found")
      .def_readonly("all", &KakuroResult::all, "count is every solution (unless limited)")
      .def_property_readonly(
          "solutions",
          [](const KakuroResult& r) {
            py::list solutions;
            for (const std::vector<int>& digits : r.solutions)
              solutions.append(CellRows(digits, r.cols));
            return solutions;
          },
          "Each solution as rows of digits (ints 1..9; 0 for black and clue cells).")
      .def_readonly("check_ok", &KakuroResult::check_ok,
                    "with check: the stored solution is valid and the only one")
      .def_readonly("check", &KakuroResult::check, "with check: what `squares kakuro --check` says")
      .def_readonly("stats", &KakuroResult::stats)
      .def_property_readonly("verdict_text", &KakuroResult::verdict_text)
      .def("solution_text", &KakuroResult::solution_text, py::arg("index"),
           "A solution as `squares kakuro` prints it: a digit per white cell, '#' for the others.")
      .def("__repr__", [](const KakuroResult& r) {
        return "KakuroResult(name=" + Repr(py::str(r.name)) +
               ", verdict=" + Str(py::cast(r.verdict)) + ")";
      });
  DefPickle(result, &KakuroResult::name, &KakuroResult::rows, &KakuroResult::cols,
            &KakuroResult::verdict, &KakuroResult::count, &KakuroResult::all,
            &KakuroResult::solutions, &KakuroResult::check_ok, &KakuroResult::check,
            &KakuroResult::stats);
  m.def(
      "kakuro",
      [](const std::string& boards, bool all, std::optional<int64_t> limit, bool check,
         std::optional<double> timeout, const std::string& source, const py::object& on_solution) {
        KakuroOptions options;
        options.all = all;
        SetLimit(limit, &options.limit);
        options.check = check;
        options.timeout = timeout.value_or(0);
        PythonCalls calls;
        KakuroCallback follow;
        if (!on_solution.is_none()) {
          follow = calls.Waiting<bool, const KakuroResult&, const std::vector<int>*>(
              on_solution,
              [](const py::object& function, const KakuroResult& board,
                 const std::vector<int>* solution) {
                return GoOn(function(board, solution ? py::object(CellRows(*solution, board.cols))
                                                     : py::object(py::none())));
              },
              false);
        }
        return RunInterruptibly(
            [&](const StopFlag* stop) {
              options.stop = stop;
              return SolveKakuro(boards, options, source, follow);
            },
            &calls);
      },
      py::arg("boards"), py::kw_only(), py::arg("all") = false, py::arg("limit") = py::none(),
      py::arg("check") = false, py::arg("timeout") = py::none(), py::arg("source") = "<board>",
      py::arg("on_solution") = py::none(),
      "Solves every board of a Kakuro file's text: a list of KakuroResult. Stops at a board's "
      "second solution unless all=True (limit: at most this many; 0: no board searched, each "
      "TIMED_OUT); check: check each board's stored SOLUTION; timeout: seconds per board.\n\n"
      "on_solution(board, solution): called with each solution as it is found (rows of digits; "
      "then not kept in board.solutions), and with None when a board is done; board is its "
      "KakuroResult so far (count: the solutions before this one). Returning False stops that "
      "board's search (with None: every later board's); it runs on the calling thread, and an "
      "exception it raises stops the search and is raised by the call.");
}

RegionsOptions RegionsOptionsOf(int min, int max, bool all, bool upper) {
  RegionsOptions options;
  options.min = min;
  options.max = max;
  options.all = all;
  options.upper = upper;
  return options;
}

void DefRegions(py::module_& m, py::class_<Dictionary>& dictionary) {
  DefEnum<RegionsVerdict>(m, "RegionsVerdict", "A region puzzle's verdict.",
                          {{"UNIQUE", RegionsVerdict::kUnique},
                           {"NOT_UNIQUE", RegionsVerdict::kNotUnique},
                           {"NO_SOLUTION", RegionsVerdict::kNoSolution},
                           {"STOPPED", RegionsVerdict::kStopped}});
  py::class_<RegionsSolution> solution(m, "RegionsSolution",
                                       "A partition of the puzzle into word regions.");
  solution
      .def_readonly("words", &RegionsSolution::words, "the word of each region, in region order")
      .def_readonly("region_of", &RegionsSolution::region_of,
                    "per cell (row-major): its region, 0, 1, ... in reading order")
      .def_readonly("drawing", &RegionsSolution::drawing, "the partition drawn with +---+ borders")
      .def("__repr__", [](const RegionsSolution& s) {
        return "RegionsSolution(words=" + Repr(py::cast(s.words)) + ")";
      });
  DefPickle(solution, &RegionsSolution::words, &RegionsSolution::region_of,
            &RegionsSolution::drawing);
  py::class_<RegionsStats> stats(m, "RegionsStats", "A region puzzle's search.");
  stats
      .def_readonly("placements", &RegionsStats::placements,
                    "connected word placements, found before the search")
      .def_readonly("nodes", &RegionsStats::nodes, "regions placed during the search")
      .def_readonly("setup_seconds", &RegionsStats::setup_seconds)
      .def_readonly("solve_seconds", &RegionsStats::solve_seconds)
      .def("__repr__", [](const RegionsStats& s) {
        return "RegionsStats(placements=" + std::to_string(s.placements) +
               ", nodes=" + std::to_string(s.nodes) + ")";
      });
  DefPickle(stats, &RegionsStats::placements, &RegionsStats::nodes, &RegionsStats::setup_seconds,
            &RegionsStats::solve_seconds);
  py::class_<RegionsResult> result(m, "RegionsResult", "A region puzzle's verdict and solutions.");
  result.def_readonly("verdict", &RegionsResult::verdict)
      .def_readonly("rows", &RegionsResult::rows)
      .def_readonly("cols", &RegionsResult::cols)
      .def_readonly("count", &RegionsResult::count, "solutions found")
      .def_readonly("all", &RegionsResult::all, "the search's all: count is every solution")
      .def_readonly("solutions", &RegionsResult::solutions,
                    "up to two (with all: every one); none with on_solution")
      .def_readonly("stats", &RegionsResult::stats)
      .def_property_readonly("verdict_text", &RegionsResult::verdict_text)
      .def("__repr__", [](const RegionsResult& r) {
        return "RegionsResult(verdict=" + Str(py::cast(r.verdict)) +
               ", count=" + std::to_string(r.count) + ")";
      });
  DefPickle(result, &RegionsResult::verdict, &RegionsResult::rows, &RegionsResult::cols,
            &RegionsResult::count, &RegionsResult::all, &RegionsResult::solutions,
            &RegionsResult::stats);
  py::class_<MadeRegions> made(m, "MadeRegions", "A region puzzle made with exactly one solution.");
  made.def_readonly("rows", &MadeRegions::rows, "the puzzle's letters, a row each")
      .def_readonly("solution", &MadeRegions::solution)
      .def_readonly("attempts", &MadeRegions::attempts, "solver runs it took")
      .def("__repr__",
           [](const MadeRegions& r) { return "MadeRegions(rows=" + Repr(py::cast(r.rows)) + ")"; });
  DefPickle(made, &MadeRegions::rows, &MadeRegions::solution, &MadeRegions::attempts);
  dictionary.def(
      "regions",
      [](const Dictionary& d, const std::string& puzzle, int min, int max, bool all, bool upper,
         const std::string& source, const py::object& on_solution) {
        RegionsOptions options = RegionsOptionsOf(min, max, all, upper);
        PythonCalls calls;
        std::function<bool(const RegionsSolution&)> follow;
        if (!on_solution.is_none()) {
          follow = calls.Waiting<bool, const RegionsSolution&>(
              on_solution,
              [](const py::object& function, const RegionsSolution& solution) {
                return GoOn(function(solution));
              },
              false);
        }
        return RunInterruptibly(
            [&](const StopFlag* stop) {
              options.stop = stop;
              return SolveRegions(d, puzzle, options, source, follow);
            },
            &calls);
      },
      py::arg("puzzle"), py::kw_only(), py::arg("min") = 4, py::arg("max") = 8,
      py::arg("all") = false, py::arg("upper") = false, py::arg("source") = "<puzzle>",
      py::arg("on_solution") = py::none(),
      "Splits a letter grid (rows of letters, one a line) into connected regions of min..max "
      "cells whose letters, read in row-major order, spell words; stops at the second solution "
      "unless all=True.\n\n"
      "on_solution(solution): called with each RegionsSolution as it is found (then not kept in "
      "the result's solutions); returning False stops the search. It runs on the calling "
      "thread; an exception it raises stops the search and is raised by the call.");
  dictionary.def(
      "make_regions",
      [](const Dictionary& d, int rows, int cols, int min, int max, bool upper, uint64_t seed) {
        RegionsOptions options = RegionsOptionsOf(min, max, false, upper);
        return RunInterruptibly([&](const StopFlag* stop) {
          options.stop = stop;
          return MakeRegions(d, rows, cols, options, seed);
        });
      },
      py::arg("rows"), py::arg("cols"), py::kw_only(), py::arg("min") = 4, py::arg("max") = 8,
      py::arg("upper") = false, py::arg("seed") = 1,
      "Makes a region puzzle of rows x cols (1 to 50 each) with exactly one solution, regions of "
      "min..max cells (the same puzzle for the same seed).");
}

}  // namespace

void DefPuzzles(py::module_& m, py::class_<Dictionary>& dictionary) {
  DefKakuro(m);
  DefRegions(m, dictionary);
}

}  // namespace squares::python
