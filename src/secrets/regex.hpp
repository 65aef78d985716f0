#pragma once
// PCRE2 behind a small interface, for the learner's own rules (gitleaks format). PCRE2 backtracks, and
// gitleaks' rules were written for linear-time RE2, so every match runs with match, depth and heap
// limits: a hostile pattern stops with Outcome::limit instead of hanging a commit. regex.cpp is the only
// file that includes <pcre2.h>.
#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "util/error.hpp"

namespace pdo::secrets {

/// A compiled pattern (UTF-8, invalid UTF-8 in the subject tolerated), shareable between threads.
class Regex {
public:
  /// How one search ended.
  enum class Outcome { found, none, limit };
  /// Where a search found its match: spans[0] is the whole match, spans[i] capture group i (npos,npos
  /// for a group that did not take part).
  struct Match {
    std::vector<std::pair<std::size_t, std::size_t>> spans;
  };

  /// Compiles `pattern` (RE2 syntax, which PCRE2 reads nearly all of); the error says where it failed.
  static Result<Regex> compile(std::string_view pattern);

  /// The number of capture groups.
  std::size_t groups() const;
  /// When a search gives up (Outcome::limit).
  using Deadline = std::chrono::steady_clock::time_point;

  /// The first match in `subject` starting at or after `from`.
  Outcome search(std::string_view subject, std::size_t from, Match& match, Deadline deadline) const;
  /// True if the pattern matches anywhere in `subject` within a short time (a limit counts as no match).
  bool matches(std::string_view subject) const;

private:
  struct Code;
  std::shared_ptr<const Code> m_code;
};

}  // namespace pdo::secrets
