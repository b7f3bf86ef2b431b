#include "fill/xml.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_format.h"
#include "fill/grid.h"
#include "fill/puzzle_readers.h"

namespace squares::core {

std::string_view XmlNode::Attribute(std::string_view key) const {
  for (const auto& [attribute, value] : attributes) {
    if (attribute == key) return value;
  }
  return "";
}

const XmlNode* XmlNode::Child(std::string_view child) const {
  for (const XmlNode& node : children) {
    if (!node.name.empty() && node.name == child) return &node;
  }
  return nullptr;
}

std::string XmlNode::Text() const {
  if (name.empty()) return text;
  std::string out;
  for (const XmlNode& child : children) out += child.Text();
  return out;
}

namespace {

// A text node of `raw` characters, `text` once decoded.
XmlNode TextNode(std::string_view raw, std::string text, int line) {
  constexpr std::string_view kBlanks = " \t\r\n";
  XmlNode node;
  node.line = line;
  node.text = std::move(text);
  node.blanks_front = std::min(raw.find_first_not_of(kBlanks), raw.size());
  node.blanks_back =
      node.blanks_front == raw.size() ? raw.size() : raw.size() - 1 - raw.find_last_not_of(kBlanks);
  return node;
}

// The local part of a qualified name ("x:cell" -> "cell").
std::string LocalName(std::string_view name) {
  const size_t colon = name.find(':');
  return std::string(colon == std::string_view::npos ? name : name.substr(colon + 1));
}

bool IsNameChar(char ch) {
  return ch != ' ' && ch != '\t' && ch != '\r' && ch != '\n' && ch != '>' && ch != '/' &&
         ch != '=' && ch != '<' && ch != '"' && ch != '\'';
}

class XmlParser {
 public:
  XmlParser(std::string_view text, std::string_view name, std::string_view format)
      : text_(text), name_(name), format_(format) {}

  absl::StatusOr<XmlNode> Document() {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") Advance(3);
    // The prolog: declaration, comments, processing instructions, DOCTYPE.
    while (true) {
      SkipBlanks();
      if (pos_ >= text_.size()) return Error("no root element");
      if (Starts("<?") || Starts("<!--") || Starts("<!")) {
        if (absl::Status status = SkipMarkup(); !status.ok()) return status;
        continue;
      }
      break;
    }
    if (!Starts("<")) return Error("text before the root element");
    XmlNode root;
    if (absl::Status status = Element(root, 0); !status.ok()) return status;
    return root;
  }

 private:
  absl::Status Error(std::string_view message) const {
    return ReadError(name_, format_, line_, message);
  }

  bool Starts(std::string_view prefix) const { return text_.substr(pos_, prefix.size()) == prefix; }

  void Advance(size_t n) {
    for (size_t end = std::min(pos_ + n, text_.size()); pos_ < end; ++pos_) {
      line_ += text_[pos_] == '\n';
    }
  }

  void SkipBlanks() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                   text_[pos_] == '\r' || text_[pos_] == '\n')) {
      Advance(1);
    }
  }

  // Moves past `end`; an error when the text ends first.
  absl::Status SkipPast(std::string_view end, std::string_view what) {
    const size_t at = text_.find(end, pos_);
    if (at == std::string_view::npos) {
      return Error(absl::StrFormat("the file ends inside %s", what));
    }
    Advance(at + end.size() - pos_);
    return absl::OkStatus();
  }

  // A comment, a processing instruction or a declaration (a DOCTYPE's internal subset in
  // brackets included).
  absl::Status SkipMarkup() {
    if (Starts("<!--")) return SkipPast("-->", "a comment");
    if (Starts("<?")) return SkipPast("?>", "a processing instruction");
    int brackets = 0;
    for (; pos_ < text_.size(); Advance(1)) {
      const char ch = text_[pos_];
      brackets += ch == '[' ? 1 : ch == ']' ? -1 : 0;
      if (ch == '>' && brackets <= 0) {
        Advance(1);
        return absl::OkStatus();
      }
    }
    return Error("the file ends inside a declaration");
  }

  std::string Name() {
    const size_t start = pos_;
    while (pos_ < text_.size() && IsNameChar(text_[pos_])) Advance(1);
    return std::string(text_.substr(start, pos_ - start));
  }

  // Counts a node of the tree; an error past kMaxXmlNodes.
  absl::Status Count() {
    if (++nodes_ <= kMaxXmlNodes) return absl::OkStatus();
    return Error(
        absl::StrFormat("more than %d elements and texts: larger than any puzzle of "
                        "%dx%d cells",
                        kMaxXmlNodes, kMaxGridSide, kMaxGridSide));
  }

  // The element whose '<' is at pos_, into `node`.
  absl::Status Element(XmlNode& node, int depth) {
    if (depth >= kMaxXmlDepth) {
      return Error(absl::StrFormat("elements nested more than %d deep", kMaxXmlDepth));
    }
    if (absl::Status status = Count(); !status.ok()) return status;
    node.line = line_;
    Advance(1);
    const std::string qualified = Name();
    if (qualified.empty()) return Error("a '<' that starts no element");
    node.name = LocalName(qualified);
    // Attributes, up to '>' or "/>".
    while (true) {
      SkipBlanks();
      if (pos_ >= text_.size()) {
        return Error(absl::StrFormat("the file ends inside the tag <%s>", qualified));
      }
      if (Starts("/>")) {
        Advance(2);
        return absl::OkStatus();
      }
      if (Starts(">")) {
        Advance(1);
        break;
      }
      const std::string key = Name();
      SkipBlanks();
      if (pos_ >= text_.size()) {
        return Error(absl::StrFormat("the file ends inside the tag <%s>", qualified));
      }
      if (key.empty() || !Starts("=")) {
        return Error(absl::StrFormat("a malformed attribute in <%s>", qualified));
      }
      Advance(1);
      SkipBlanks();
      const char quote = pos_ < text_.size() ? text_[pos_] : 0;
      if (quote != '"' && quote != '\'') {
        return Error(
            absl::StrFormat("the attribute %s of <%s> has no quoted value", key, qualified));
      }
      const size_t end = text_.find(quote, pos_ + 1);
      if (end == std::string_view::npos) {
        return Error(
            absl::StrFormat("the file ends inside the attribute %s of <%s>", key, qualified));
      }
      node.attributes.emplace_back(LocalName(key),
                                   DecodeEntities(text_.substr(pos_ + 1, end - pos_ - 1)));
      Advance(end + 1 - pos_);
    }
    // Content, up to the closing tag.
    const int open_line = node.line;
    while (true) {
      const size_t lt = text_.find('<', pos_);
      if (lt == std::string_view::npos) {
        return Error(absl::StrFormat("the file ends inside <%s> of line %d", qualified, open_line));
      }
      if (lt > pos_) {
        if (absl::Status status = Count(); !status.ok()) return status;
        const std::string_view raw = text_.substr(pos_, lt - pos_);
        node.children.push_back(TextNode(raw, DecodeEntities(raw), line_));
        Advance(lt - pos_);
      }
      if (Starts("</")) {
        Advance(2);
        const std::string closing = Name();
        SkipBlanks();
        if (closing != qualified || !Starts(">")) {
          return Error(
              absl::StrFormat("</%s> closes <%s> of line %d", closing, qualified, open_line));
        }
        Advance(1);
        return absl::OkStatus();
      }
      if (Starts("<![CDATA[")) {
        Advance(9);
        const size_t end = text_.find("]]>", pos_);
        if (end == std::string_view::npos) return Error("the file ends inside a CDATA section");
        if (absl::Status status = Count(); !status.ok()) return status;
        const std::string_view raw = text_.substr(pos_, end - pos_);
        node.children.push_back(TextNode(raw, std::string(raw), line_));
        Advance(end + 3 - pos_);
        continue;
      }
      if (Starts("<!") || Starts("<?")) {
        if (absl::Status status = SkipMarkup(); !status.ok()) return status;
        continue;
      }
      XmlNode child;
      if (absl::Status status = Element(child, depth + 1); !status.ok()) return status;
      node.children.push_back(std::move(child));
    }
  }

  std::string_view text_, name_, format_;
  size_t pos_ = 0;
  int line_ = 1;
  int nodes_ = 0;
};

}  // namespace

absl::StatusOr<XmlNode> ParseXml(std::string_view text, std::string_view name,
                                 std::string_view format) {
  return XmlParser(text, name, format).Document();
}

}  // namespace squares::core
