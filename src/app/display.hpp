#pragma once
// Text pdo shows that came from files or other programs (a check's output, the learner's --failed note,
// a course's strings): keys cut to the first 4 characters the secret scanner keeps, and control
// characters made visible, so neither a key nor an escape sequence reaches the terminal.
#include <string>
#include <string_view>

#include "util/text.hpp"

namespace pdo::app {

/// `text` with every value the secret scanner reports replaced by its redacted form ("ghp_…").
std::string redact_secrets(std::string_view text);

/// redact_secrets, then util::escape_controls (line breaks kept or escaped as asked).
std::string for_display(std::string_view text, util::Breaks breaks = util::Breaks::keep);

}  // namespace pdo::app
