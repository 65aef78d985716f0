#include "util/shown.hpp"

#include "util/color.hpp"
#include "util/text.hpp"

namespace pdo::util {

namespace {

/// How many bytes at the end of `s` to hold back: a CR that a LF may follow, a UTF-8 character cut
/// short, or (with colours allowed) the start of a paint() sequence.
std::size_t held_tail(std::string_view s, bool paint) {
  if (s.empty()) return 0;
  if (s.back() == '\r') return 1;
  if (paint) {
    const auto esc = s.rfind('\x1b');
    if (esc != std::string_view::npos && s.size() - esc < 8 && is_paint_prefix(s.substr(esc))) return s.size() - esc;
  }
  return utf8_cut_tail(s);
}

}  // namespace

ShownBuf::~ShownBuf() { release(); }

void ShownBuf::release() {
  if (!m_held.empty()) m_target << escape_controls(m_held, Breaks::keep);
  m_held.clear();
  m_target.flush();
}

void ShownBuf::write_raw(std::string_view bytes) {
  if (!m_held.empty()) m_target << escape_controls(m_held, Breaks::keep);
  m_held.clear();
  m_target << bytes;
}

ShownBuf::int_type ShownBuf::overflow(int_type ch) {
  if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
  const char c = traits_type::to_char_type(ch);
  feed(std::string_view(&c, 1));
  return ch;
}

std::streamsize ShownBuf::xsputn(const char* s, std::streamsize n) {
  feed(std::string_view(s, static_cast<std::size_t>(n)));
  return n;
}

int ShownBuf::sync() {
  m_target.flush();
  return m_target ? 0 : -1;
}

void ShownBuf::feed(std::string_view bytes) {
  if (m_held.empty()) {
    const std::size_t hold = held_tail(bytes, m_paint);
    forward(bytes.substr(0, bytes.size() - hold));
    m_held.assign(bytes.substr(bytes.size() - hold));
    return;
  }
  m_held.append(bytes);
  const std::string all = std::move(m_held);
  const std::size_t hold = held_tail(all, m_paint);
  forward(std::string_view(all).substr(0, all.size() - hold));
  m_held.assign(all, all.size() - hold, std::string::npos);
}

void ShownBuf::forward(std::string_view ready) {
  std::size_t from = 0;
  if (m_paint) {
    for (std::size_t esc = ready.find('\x1b'); esc != std::string_view::npos; esc = ready.find('\x1b', esc + 1)) {
      const std::size_t n = paint_sequence_at(ready.substr(esc));
      if (n == 0) continue;
      m_target << escape_controls(ready.substr(from, esc - from), Breaks::keep);
      m_target.write(ready.data() + esc, static_cast<std::streamsize>(n));
      from = esc + n;
      esc = from - 1;
    }
  }
  m_target << escape_controls(ready.substr(from), Breaks::keep);
}

std::ostream& shown_target(std::ostream& os) {
  if (auto* b = dynamic_cast<ShownBuf*>(os.rdbuf())) return b->target();
  return os;
}

void allow_paint(std::ostream& os) {
  if (auto* b = dynamic_cast<ShownBuf*>(os.rdbuf())) b->allow_paint();
}

void write_control(std::ostream& os, std::string_view bytes) {
  if (auto* b = dynamic_cast<ShownBuf*>(os.rdbuf())) {
    b->write_raw(bytes);
  } else {
    os << bytes;
  }
}

}  // namespace pdo::util
