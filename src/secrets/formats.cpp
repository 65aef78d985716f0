// Format checks. Each one decodes or reads only what it needs (a few hundred bytes at most), and runs
// only after a rule's anchor, alphabet and length matched, so they cost nothing on ordinary text.
#include "secrets/formats.hpp"

#include <algorithm>
#include <array>
#include <cstring>

#include "secrets/values.hpp"
#include "util/text.hpp"

namespace pdo::secrets {

namespace {

constexpr std::size_t k_putty_window = 4096;

/// The 6-bit value of a base64 character (both alphabets), or -1.
constexpr std::array<int, 256> k_base64 = [] {
  std::array<int, 256> t{};
  for (auto& v : t) v = -1;
  const char* chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (int i = 0; i < 64; ++i) t[static_cast<unsigned char>(chars[i])] = i;
  t['-'] = 62;
  t['_'] = 63;
  return t;
}();

bool is_digit(char c) { return c >= '0' && c <= '9'; }

/// One of four kinds: 0 lower, 1 upper, 2 digit, 3 anything else.
int char_class(char c) {
  if (c >= 'a' && c <= 'z') return 0;
  if (c >= 'A' && c <= 'Z') return 1;
  return is_digit(c) ? 2 : 3;
}

bool base64_user_password(std::string_view value) {
  const auto text = base64_decode(value, 512);
  if (!text || text->size() < 5) return false;
  if (!std::all_of(text->begin(), text->end(), [](char c) { return c >= 0x20 && c < 0x7F; })) return false;
  const std::size_t colon = text->find(':');
  if (colon == std::string::npos || colon == 0) return false;
  const std::string_view user = std::string_view(*text).substr(0, colon);
  const std::string_view password = std::string_view(*text).substr(colon + 1);
  return password.size() >= 6 && !placeholder_password(user, password);
}

bool base64_pem_key(std::string_view value) {
  const auto text = base64_decode(value.substr(0, 400), 300);
  if (!text) return false;
  if (der_private_key(*text)) return true;
  const std::size_t begin = text->find("-----BEGIN ");
  return begin < 16 && text->find("PRIVATE KEY-----", begin) != std::string::npos;  // npos is not < 16
}

bool discord_token(std::string_view value) {
  const std::size_t dot1 = value.find('.');
  const std::size_t dot2 = dot1 == std::string_view::npos ? dot1 : value.find('.', dot1 + 1);
  if (dot2 == std::string_view::npos || value.find('.', dot2 + 1) != std::string_view::npos) return false;
  const std::string_view id = value.substr(0, dot1);
  if (id.size() < 23 || id.size() > 28 || dot2 - dot1 - 1 < 6 || value.size() - dot2 - 1 < 27) return false;
  const auto digits = base64_decode(id);
  return digits && digits->size() >= 17 && digits->size() <= 20 && std::all_of(digits->begin(), digits->end(), is_digit);
}

bool putty_private_lines(std::string_view after) {
  const std::string_view window = after.substr(0, k_putty_window);
  const std::size_t at = window.find("Private-Lines:");
  if (at == std::string_view::npos) return false;
  std::size_t k = window.find('\n', at);
  if (k == std::string_view::npos) return false;
  std::size_t b64 = 0;
  for (++k; k < window.size() && (k_base64[static_cast<unsigned char>(window[k])] >= 0 || window[k] == '=' || window[k] == '\r'); ++k) {
    b64 += window[k] != '\r';
  }
  return b64 >= 40;
}

/// A placeholder's shape: a name in capitals (PASSWORD, DB_PASS) or a name wrapped in brackets, braces or
/// angle brackets ([[USERNAME:]PASSWORD@] in a manual's URL syntax, <password>, {{ db_password }}).
bool placeholder_shape(std::string_view password) {
  constexpr std::string_view k_wrap = "[]<>{}()$%* ";
  std::size_t from = 0, to = password.size();
  while (from < to && k_wrap.find(password[from]) != std::string_view::npos) ++from;
  while (to > from && k_wrap.find(password[to - 1]) != std::string_view::npos) --to;
  const std::string_view core = password.substr(from, to - from);
  const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  if (core.empty() || !std::all_of(core.begin(), core.end(), [&](char c) { return letter(c) || c == '_' || c == '-'; }))
    return core.empty();
  const bool wrapped = from > 0 || to < password.size();
  return wrapped || (core.size() >= 4 && std::none_of(core.begin(), core.end(), [](char c) { return c >= 'a' && c <= 'z'; }));
}

}  // namespace

std::optional<std::string> base64_decode(std::string_view text, std::size_t max_out) {
  while (!text.empty() && text.back() == '=') text.remove_suffix(1);
  if (text.size() % 4 == 1) return std::nullopt;
  std::string out;
  out.reserve(std::min(text.size() * 3 / 4, max_out));
  std::uint32_t acc = 0;
  int bits = 0;
  for (const char c : text) {
    const int v = k_base64[static_cast<unsigned char>(c)];
    if (v < 0) return std::nullopt;
    acc = (acc << 6) | static_cast<std::uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((acc >> bits) & 0xFFu);
      if (out.size() >= max_out) break;
    }
  }
  return out;
}

std::string percent_decoded(std::string_view text) {
  const auto hex = [](char c) {
    const char lower = static_cast<char>(c | 0x20);
    return is_digit(c) ? c - '0' : lower >= 'a' && lower <= 'f' ? lower - 'a' + 10 : -1;
  };
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool escape = text[i] == '%' && i + 2 < text.size() && hex(text[i + 1]) >= 0 && hex(text[i + 2]) >= 0;
    out += escape ? static_cast<char>(hex(text[i + 1]) * 16 + hex(text[i + 2])) : text[i];
    if (escape) i += 2;
  }
  return out;
}

bool placeholder_password(std::string_view user, std::string_view password) {
  static constexpr std::array<std::string_view, 22> k_words{
      "password",   "passwd",      "pass",     "pwd",     "secret", "changeme", "yourpassword", "your_password",
      "mypassword", "my_password", "root",     "admin",   "guest",  "postgres", "mysql",        "redis",
      "test",       "user",        "username", "pass123", "none",   "null"};
  if (password.empty()) return true;
  const std::string lower = util::to_lower(password);
  if (password == user || std::strchr("$<{%*[(", password.front()) != nullptr || placeholder_shape(password)) return true;
  return std::find(k_words.begin(), k_words.end(), lower) != k_words.end();
}

bool plausible_password(std::string_view value) {
  if (value.size() < 8 || placeholder_password({}, value) || looks_like_name(value)) return false;
  std::array<bool, 4> kinds{};
  for (const char c : value) kinds[static_cast<std::size_t>(char_class(c))] = true;
  const auto count = std::count(kinds.begin(), kinds.end(), true);
  return count >= 3 || (value.size() >= 12 && looks_random(value));
}

bool der_private_key(std::string_view der) {
  const auto at = [&](std::size_t i) { return i < der.size() ? static_cast<unsigned char>(der[i]) : 0x100u; };
  if (at(0) != 0x30) return false;
  std::size_t i = 2, length = at(1);
  if (length == 0x81) {
    length = at(2);
    i = 3;
  } else if (length == 0x82) {
    length = at(2) << 8 | at(3);
    i = 4;
  } else if (length >= 0x80) {
    return false;
  }
  if (length < 40 || at(i) != 0x02 || at(i + 1) != 0x01) return false;
  const unsigned version = at(i + 2), next = at(i + 3);
  if (version == 0) return next == 0x30 || next == 0x02;  // PKCS#8 (AlgorithmIdentifier) or PKCS#1 (modulus)
  return version == 1 && next == 0x04;                    // SEC1 EC key (the private key's OCTET STRING)
}

bool passes_check(ValueCheck check, std::string_view value, std::string_view after) {
  switch (check) {
    case ValueCheck::none:
      return true;
    case ValueCheck::password:
      return plausible_password(value);
    case ValueCheck::base64_credential:
      return base64_user_password(value);
    case ValueCheck::der_private_key: {
      const auto der = base64_decode(value.substr(0, 64), 40);
      return der && der_private_key(*der);
    }
    case ValueCheck::base64_private_key:
      return base64_pem_key(value);
    case ValueCheck::discord_token:
      return discord_token(value);
    case ValueCheck::putty_key:
      return putty_private_lines(after);
  }
  return false;
}

}  // namespace pdo::secrets
