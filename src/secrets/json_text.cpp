// JSON through nlohmann's SAX parser (Debian's nlohmann-json3-dev, header-only; only this file includes
// it). The parser reads through an iterator that records how far it has read, so when a string value
// arrives its file line is known: JSON strings hold no raw line breaks, so the line where the string
// ends is the line it stands on.
#include "secrets/json_text.hpp"

#include <algorithm>
#include <iterator>

#include <nlohmann/json.hpp>

#include "util/text.hpp"

namespace pdo::secrets {

namespace {

using Json = nlohmann::json;

/// An input iterator over the document that tells `*reached` where the parser is.
class Reader {
public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  Reader(const char* at, const char** reached) : m_at(at), m_reached(reached) {}
  reference operator*() const { return *m_at; }
  Reader& operator++() {
    *m_reached = ++m_at;
    return *this;
  }
  Reader operator++(int) {
    Reader before = *this;
    ++*this;
    return before;
  }
  bool operator==(const Reader& other) const { return m_at == other.m_at; }
  bool operator!=(const Reader& other) const { return m_at != other.m_at; }

private:
  const char* m_at;
  const char** m_reached;
};

/// An output of base64 data in a notebook (image/png, application/pdf…): left out. Text-like outputs
/// (text/*, image/svg+xml, application/json) are read like cells.
bool base64_output(std::string_view mime) {
  if (util::starts_with(mime, "image/")) return mime != "image/svg+xml";
  return mime == "application/pdf" || mime == "application/octet-stream";
}

/// The SAX handler: builds the logical text while nlohmann parses.
class Lines {
public:
  Lines(std::string_view json, JsonMode mode, const char** reached) : m_counted(json.data()), m_reached(reached), m_mode(mode) {}

  bool null() { return value(); }
  bool boolean(bool) { return value(); }
  bool number_integer(Json::number_integer_t) { return value(); }
  bool number_unsigned(Json::number_unsigned_t) { return value(); }
  bool number_float(Json::number_float_t, const Json::string_t&) { return value(); }
  bool binary(Json::binary_t&) { return value(); }
  bool string(Json::string_t& s) {
    const bool in_array = !m_frames.empty() && m_frames.back().array;
    const std::string& key = m_frames.empty() ? m_key : m_frames.back().key;
    m_pending_key = false;
    if (m_mode == JsonMode::notebook && base64_output(key)) return true;
    if (m_mode == JsonMode::notebook && in_array) {
      emit(s);
    } else {
      emit((key.empty() ? "\"" : "\"" + key + "\": \"") + s + "\"");
    }
    return true;
  }
  bool start_object(std::size_t) {
    value();
    m_frames.push_back({false, {}});
    return true;
  }
  bool key(Json::string_t& k) {
    m_frames.back().key = k;
    m_pending_key = true;
    return true;
  }
  bool end_object() {
    m_frames.pop_back();
    return true;
  }
  bool start_array(std::size_t) {
    value();
    const std::string key = m_frames.empty() ? std::string() : m_frames.back().key;
    m_frames.push_back({true, key});
    return true;
  }
  bool end_array() {
    m_frames.pop_back();
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) { return false; }

  LogicalText take() { return std::move(m_out); }

private:
  struct Frame {
    bool array = false;
    std::string key;  ///< an object's current key; an array's: the key it is the value of
  };

  /// A key whose value is not a string is still text a key can hide in: it gets its own line.
  bool value() {
    if (m_pending_key) emit("\"" + m_frames.back().key + "\":");
    m_pending_key = false;
    return true;
  }

  /// Appends `text` as logical lines (split at its own line breaks), all at the current string's file line.
  void emit(const std::string& text) {
    m_line += static_cast<std::size_t>(std::count(m_counted, *m_reached, '\n'));
    m_counted = *m_reached;
    for (std::size_t from = 0;;) {
      const std::size_t nl = text.find('\n', from);
      if (nl == std::string::npos) {
        if (from < text.size() || from == 0) line(std::string_view(text).substr(from));
        return;
      }
      line(std::string_view(text).substr(from, nl - from));
      from = nl + 1;
    }
  }

  void line(std::string_view text) {
    m_out.text.append(text);
    m_out.text += '\n';
    m_out.file_lines.push_back(m_line);
  }

  const char* m_counted;
  const char** m_reached;
  JsonMode m_mode;
  std::size_t m_line = 1;
  std::vector<Frame> m_frames;
  std::string m_key;  ///< the key of a top-level value (none)
  bool m_pending_key = false;
  LogicalText m_out;
};

}  // namespace

std::optional<LogicalText> json_text(std::string_view json, JsonMode mode) {
  const char* reached = json.data();
  Lines lines(json, mode, &reached);
  const Reader first(json.data(), &reached), last(json.data() + json.size(), &reached);
  if (!Json::sax_parse(first, last, &lines)) return std::nullopt;
  return lines.take();
}

std::string unescaped_quotes(std::string_view json) {
  std::string out;
  out.reserve(json.size());
  for (std::size_t i = 0; i < json.size(); ++i) {
    const bool escape = json[i] == '\\' && i + 1 < json.size() && (json[i + 1] == '"' || json[i + 1] == '\\');
    if (escape) ++i;
    out += json[i];
  }
  return out;
}

}  // namespace pdo::secrets
