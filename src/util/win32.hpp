#pragma once
// Win32 helpers shared by the *_win32.cpp files only (never included elsewhere): UTF-8 <-> UTF-16 at the
// API boundary, environment lookups, and an owning HANDLE.
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

#include <cwctype>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace pdo::platform::win32 {

inline std::wstring to_wide(std::string_view utf8) {
  if (utf8.empty()) return {};
  const int len = static_cast<int>(utf8.size());
  const int n = ::MultiByteToWideChar(CP_UTF8, 0, utf8.data(), len, nullptr, 0);
  if (n <= 0) return {};
  std::wstring out(static_cast<std::size_t>(n), L'\0');
  ::MultiByteToWideChar(CP_UTF8, 0, utf8.data(), len, out.data(), n);
  return out;
}

inline std::string to_utf8(std::wstring_view wide) {
  if (wide.empty()) return {};
  const int len = static_cast<int>(wide.size());
  const int n = ::WideCharToMultiByte(CP_UTF8, 0, wide.data(), len, nullptr, 0, nullptr, nullptr);
  if (n <= 0) return {};
  std::string out(static_cast<std::size_t>(n), '\0');
  ::WideCharToMultiByte(CP_UTF8, 0, wide.data(), len, out.data(), n, nullptr, nullptr);
  return out;
}

inline std::wstring lower(std::wstring s) {
  for (auto& c : s) c = static_cast<wchar_t>(std::towlower(static_cast<wint_t>(c)));
  return s;
}

inline std::optional<std::wstring> env_wide(const std::wstring& name) {
  ::SetLastError(ERROR_SUCCESS);
  const DWORD needed = ::GetEnvironmentVariableW(name.c_str(), nullptr, 0);
  if (needed == 0) {
    if (::GetLastError() == ERROR_ENVVAR_NOT_FOUND) return std::nullopt;
    return std::wstring();
  }
  std::wstring value(needed, L'\0');
  const DWORD n = ::GetEnvironmentVariableW(name.c_str(), value.data(), needed);
  if (n >= needed) return std::nullopt;  // changed between the two calls; treat as absent
  value.resize(n);
  return value;
}

/// `name` looked up as Windows does in a PATH value's absolute folders, with PATHEXT (platform_win32.cpp);
/// taken as is (with PATHEXT) when it holds a separator or a drive.
std::optional<std::filesystem::path> find_program_in(std::string_view name, const std::optional<std::wstring>& path);

/// A closing wrapper for the handles run_process juggles.
class Handle {
public:
  Handle() = default;
  explicit Handle(HANDLE h) : m_h(h == INVALID_HANDLE_VALUE ? nullptr : h) {}
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  Handle(Handle&& o) noexcept : m_h(o.m_h) { o.m_h = nullptr; }
  Handle& operator=(Handle&& o) noexcept {
    if (this != &o) {
      reset();
      m_h = o.m_h;
      o.m_h = nullptr;
    }
    return *this;
  }
  ~Handle() { reset(); }
  HANDLE get() const { return m_h; }
  HANDLE* out() {
    reset();
    return &m_h;
  }
  explicit operator bool() const { return m_h != nullptr; }
  /// Gives up ownership (another owner closes it).
  void release() { m_h = nullptr; }
  void reset() {
    if (m_h) ::CloseHandle(m_h);
    m_h = nullptr;
  }

private:
  HANDLE m_h = nullptr;
};

}  // namespace pdo::platform::win32
