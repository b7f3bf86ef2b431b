// A small XML reader for the XML puzzle formats (.jpz): the document as a tree of elements,
// attributes and text, namespaces' prefixes dropped; no DTD, no validation. Bounded: nesting
// past kMaxXmlDepth and documents of more than kMaxXmlNodes nodes are refused.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"

namespace squares::core {

inline constexpr int kMaxXmlDepth = 64;
// The most nodes (elements and texts) of a document: a .jpz of the largest grid, 256x256
// cells, its words and clues, pretty-printed, has about 750,000. A tree node costs about 150
// bytes, so a hostile file is refused before it costs more than about 160 MB.
inline constexpr int kMaxXmlNodes = 1 << 20;

struct XmlNode {
  std::string name;  // the element's local name; "" for a text node
  std::string text;  // a text node's characters, references decoded (CDATA as it is)
  // A text node's blanks (space, tab, line breaks) at its start and end written as such, not
  // as references (&#10;): the file's layout to a reader that trims it.
  size_t blanks_front = 0, blanks_back = 0;
  std::vector<std::pair<std::string, std::string>> attributes;  // local names, values decoded
  std::vector<XmlNode> children;
  int line = 0;  // where the element starts

  // The attribute's value, "" when it has none.
  std::string_view Attribute(std::string_view key) const;
  // The first child element of that name, nullptr when none.
  const XmlNode* Child(std::string_view child) const;
  // The characters of the element and all it holds, markup left out.
  std::string Text() const;
};

// The document's root element. Errors are data errors "NAME:LINE: FORMAT: message": a file
// that ends inside an element ("the file ends inside <cell> of line 12"), a closing tag that
// does not match, a malformed tag.
absl::StatusOr<XmlNode> ParseXml(std::string_view text, std::string_view name,
                                 std::string_view format);

}  // namespace squares::core
