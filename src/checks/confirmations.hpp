#pragma once
// The learner's own confirmations of needs-you items (`pdo check confirm`), kept in a committed file so
// they survive across machines. They are the learner's word, never shown as something pdo observed.
#include <string>
#include <string_view>
#include <vector>

#include "checks/check.hpp"
#include "util/error.hpp"

namespace pdo::checks {

/// Where confirmations live, relative to the course folder (committed with check-env.md).
inline constexpr const char* k_confirmations_path = ".pdo/checks.toml";

/// Parses .pdo/checks.toml.
Result<std::vector<Confirmation>> parse_confirmations(std::string_view text, const std::string& source_name);

/// The text of .pdo/checks.toml (one [[confirmed]] table per item, in the given order).
std::string confirmations_text(const std::vector<Confirmation>& confirmations);

/// Records `c`, replacing an earlier record for the same id.
void record_confirmation(std::vector<Confirmation>& confirmations, Confirmation c);

}  // namespace pdo::checks
