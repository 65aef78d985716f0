#pragma once
// The structure a key's format allows, checked after an anchor and an alphabet matched: what a base64
// value decodes to (user:password, a DER or PEM private key), a Discord token's parts, a PuTTY key file's
// private lines, a password that is neither a placeholder nor a name. Each check reads a bounded prefix.
#include <optional>
#include <string>
#include <string_view>

#include "secrets/rules.hpp"

namespace pdo::secrets {

/// The bytes of standard or URL-safe base64 (padding optional, no blanks); nullopt if it is not base64.
/// At most `max_out` bytes are decoded (a prefix of a long value).
std::optional<std::string> base64_decode(std::string_view text, std::size_t max_out = std::string::npos);

/// True if the value is a password someone chose or generated: at least 8 characters, not a placeholder
/// or a variable, and three kinds of character (lower, upper, digit, punctuation) or random-looking.
bool plausible_password(std::string_view value);

/// True if a placeholder stands where a password would ("password", "changeme", "${DB_PASS}", "<pw>",
/// "[PASSWORD]", a name in capitals such as YOUR_PASSWORD, the user's name).
bool placeholder_password(std::string_view user, std::string_view password);

/// A URL part with its %XX escapes decoded: a URL's password is judged as the text it stands for.
std::string percent_decoded(std::string_view text);

/// True if the value passes `check`; `after` is the text that follows it (a PuTTY key's lines).
bool passes_check(ValueCheck check, std::string_view value, std::string_view after);

/// True if the bytes start like a DER private key: a SEQUENCE holding version 0 then an algorithm or a
/// modulus (PKCS#8, PKCS#1), or version 1 then an OCTET STRING (SEC1); a certificate or public key is not.
bool der_private_key(std::string_view der);

}  // namespace pdo::secrets
