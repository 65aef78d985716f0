#pragma once
// The one display path: every byte pdo prints, on stdout and stderr, passes through a ShownStream that
// run_cli puts in front of them. Whatever a command prints (a file name, a lesson title, a branch, a
// note, another program's output) and however it built the line, a control character reaches the
// terminal only as a visible escape (escape_controls' rule: C0 but line breaks and tabs, DEL, C1, the
// bidirectional controls, bytes that are not UTF-8). Only pdo's own sequences pass unchanged: paint()'s
// colours once the colour policy allowed them for that stream (allow_paint), and write_control()'s bytes
// (the progress line's '\r').
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>

namespace pdo::util {

/// The stream buffer of a ShownStream: escapes as it forwards to the target stream.
class ShownBuf : public std::streambuf {
public:
  explicit ShownBuf(std::ostream& target) : m_target(target) {}
  ShownBuf(const ShownBuf&) = delete;
  ShownBuf& operator=(const ShownBuf&) = delete;
  ~ShownBuf() override;
  std::ostream& target() const { return m_target; }
  void allow_paint() { m_paint = true; }
  /// Writes what is held back (escaped), then `bytes` as they are.
  void write_raw(std::string_view bytes);

protected:
  int_type overflow(int_type ch) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

private:
  void feed(std::string_view bytes);
  void forward(std::string_view ready);
  void release();

  std::ostream& m_target;
  std::string m_held;  ///< a tail that may still become a CRLF, a UTF-8 character or a paint() sequence
  bool m_paint = false;
};

/// An output stream that shows what is written to it safely on `target`.
class ShownStream : public std::ostream {
public:
  explicit ShownStream(std::ostream& target) : std::ostream(nullptr), m_buf(target) { rdbuf(&m_buf); }

private:
  ShownBuf m_buf;
};

/// The stream a ShownStream forwards to, or `os` itself.
std::ostream& shown_target(std::ostream& os);

/// Lets paint()'s colour sequences through `os` (the colour policy said yes for it); else a no-op.
void allow_paint(std::ostream& os);

/// Writes pdo's own control bytes (the progress line's '\r') to `os` unescaped.
void write_control(std::ostream& os, std::string_view bytes);

}  // namespace pdo::util
