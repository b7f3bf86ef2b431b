// The workbench page's files (src/serve/assets), embedded in the binary at build time by
// scripts/embed_assets.py: the server reads nothing from disk and fetches nothing.
#pragma once

#include <span>
#include <string_view>

namespace squares::serve {

struct Asset {
  std::string_view name;          // the file's base name ("index.html")
  std::string_view content_type;  // from its extension
  std::string_view data;
};

std::span<const Asset> Assets();

}  // namespace squares::serve
