// The workbench's requests (src/serve/requests.h): any body is read into a request or refused
// with a BadRequest; a grid read is rectangular and within the size limit. The first byte
// chooses the route; a body for /api/squares is its query parameters, one `name=value` a line.
#include <string>

#include "fuzz_targets.h"
#include "serve/requests.h"

namespace squares::core::fuzz {
namespace {

void CheckRows(const Grid& grid) {
  FUZZ_CHECK(grid.rows() >= 1 && grid.rows() <= serve::kMaxGridSide);
  FUZZ_CHECK(grid.cols() >= 1 && grid.cols() <= serve::kMaxGridSide);
}

}  // namespace

void FuzzServe(std::string_view data) {
  if (data.empty()) return;
  const char route = data[0];
  const std::string_view body = data.substr(1);
  try {
    switch (route % 6) {
      case 0: {
        const serve::FillRequest request = serve::ParseFillRequest(body, 4);
        CheckRows(request.grid);
        FUZZ_CHECK(request.options.threads >= 1 && request.options.threads <= 4);
        if (request.region) {
          FUZZ_CHECK(request.region->top <= request.region->bottom);
          FUZZ_CHECK(request.region->bottom < request.grid.rows());
        }
        break;
      }
      case 1: CheckRows(serve::ParseCandidatesRequest(body).grid); break;
      case 2: CheckRows(serve::ParseCheckRequest(body).grid); break;
      case 3: {
        const serve::ExportRequest request = serve::ParseExportRequest(body);
        CheckRows(request.grid);
        for (const std::string& row : request.grid.text_rows()) FUZZ_CHECK(row.find('.') == std::string::npos);
        break;
      }
      case 4:
        CheckRows(serve::CheckedSize(Grid::Parse(body, "fuzz.ipuz"), "fuzz.ipuz"));
        break;
      default: {
        serve::QueryParams params;
        size_t start = 0;
        while (start < body.size()) {
          size_t end = body.find('\n', start);
          if (end == std::string_view::npos) end = body.size();
          const std::string_view line = body.substr(start, end - start);
          const size_t equals = line.find('=');
          params.emplace(std::string(line.substr(0, equals)),
                         equals == std::string_view::npos ? "" : std::string(line.substr(equals + 1)));
          start = end + 1;
        }
        const SquareOptions options = serve::ParseSquaresQuery(params, 4);
        FUZZ_CHECK(options.threads >= 1 && options.threads <= 4);
        break;
      }
    }
  } catch (const serve::BadRequest& error) {
    FUZZ_CHECK(error.what()[0] != '\0');
  } catch (const Error& error) {
    FUZZ_CHECK(error.what()[0] != '\0');
  }
}

}  // namespace squares::core::fuzz
