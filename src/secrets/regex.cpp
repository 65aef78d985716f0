// The limits are per search: k_match_limit counts backtracking steps (PCRE2's default is 10 million,
// seconds for a bad pattern on a long line; a real key pattern needs a few hundred), the depth and heap
// limits bound the memory of nested groups. Where PCRE2 has its JIT (not in the Windows prefix), patterns
// are JIT-compiled: several times faster on rules without keywords; it honours the match limit, and its
// stack (32 KiB by default) takes the place of the depth and heap limits: running out is a limit too.
#include "secrets/regex.hpp"

#include <cstdint>
#include <mutex>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

namespace pdo::secrets {

namespace {

constexpr std::uint32_t k_match_limit = 200000;
constexpr std::uint32_t k_depth_limit = 2000;
constexpr std::uint32_t k_heap_limit_kib = 8192;
constexpr std::uint32_t k_options = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | PCRE2_USE_OFFSET_LIMIT;
constexpr std::size_t k_window = 256;  // start positions per pcre2_match call
constexpr std::chrono::milliseconds k_short_search{200};

std::string error_text(int code) {
  PCRE2_UCHAR buffer[256];
  const int n = pcre2_get_error_message(code, buffer, sizeof buffer);
  return n < 0 ? "PCRE2 error " + std::to_string(code) : std::string(reinterpret_cast<const char*>(buffer), static_cast<std::size_t>(n));
}

}  // namespace

struct Regex::Code {
  pcre2_code* code = nullptr;
  pcre2_match_context* context = nullptr;
  std::size_t groups = 0;
  /// JIT compilation on the first search: most rules never get past the keyword prefilter of a
  /// commit's few files, and compiling costs more than searching those.
  mutable std::once_flag jit;
  ~Code() {
    pcre2_match_context_free(context);
    pcre2_code_free(code);
  }
};

Result<Regex> Regex::compile(std::string_view pattern) {
  int code = 0;
  PCRE2_SIZE offset = 0;
  auto compiled = std::make_shared<Code>();
  const char* text = pattern.empty() ? "" : pattern.data();  // never a null pattern
  compiled->code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(text), pattern.size(), k_options, &code, &offset, nullptr);
  if (compiled->code == nullptr) return Error{Exit::usage, error_text(code) + " (at character " + std::to_string(offset + 1) + ")"};
  compiled->context = pcre2_match_context_create(nullptr);
  if (compiled->context == nullptr) return Error{Exit::failure, "out of memory"};
  pcre2_set_match_limit(compiled->context, k_match_limit);
  pcre2_set_depth_limit(compiled->context, k_depth_limit);
  pcre2_set_heap_limit(compiled->context, k_heap_limit_kib);
  std::uint32_t groups = 0;
  pcre2_pattern_info(compiled->code, PCRE2_INFO_CAPTURECOUNT, &groups);
  compiled->groups = groups;
  Regex out;
  out.m_code = std::move(compiled);
  return out;
}

std::size_t Regex::groups() const { return m_code->groups; }

namespace {

using MatchData = std::unique_ptr<pcre2_match_data, decltype(&pcre2_match_data_free)>;
using MatchContext = std::unique_ptr<pcre2_match_context, decltype(&pcre2_match_context_free)>;

/// The first byte at or after `i` that starts a UTF-8 character (or the end).
std::size_t char_start(std::string_view text, std::size_t i) {
  while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
  return i;
}

void read_spans(pcre2_match_data* data, int rc, std::size_t groups, Regex::Match& match) {
  const PCRE2_SIZE* v = pcre2_get_ovector_pointer(data);
  match.spans.assign(groups + 1, {std::string_view::npos, std::string_view::npos});
  // rc is the highest group that took part, plus one; \K can put a match's start after its end.
  for (std::size_t i = 0; i < static_cast<std::size_t>(rc) && i < match.spans.size(); ++i) {
    if (v[2 * i] != PCRE2_UNSET && v[2 * i] <= v[2 * i + 1]) match.spans[i] = {v[2 * i], v[2 * i + 1]};
  }
  if (match.spans[0].first == std::string_view::npos) match.spans[0] = {v[1], v[1]};
}

}  // namespace

Regex::Outcome Regex::search(std::string_view subject, std::size_t from, Match& match, Deadline deadline) const {
  // Match data and context per search keep one Regex usable from many threads. The match limit counts
  // per start position, so the start positions are tried k_window at a time (the offset limit), with
  // the deadline checked in between: a pattern that stays just under the limit everywhere still ends.
  // Without JIT support pcre2_jit_compile fails and the interpreter runs.
  std::call_once(m_code->jit, [this] { (void)pcre2_jit_compile(m_code->code, PCRE2_JIT_COMPLETE); });
  MatchData data(pcre2_match_data_create_from_pattern(m_code->code, nullptr), &pcre2_match_data_free);
  MatchContext context(pcre2_match_context_copy(m_code->context), &pcre2_match_context_free);
  if (!data || !context) return Outcome::limit;
  const auto* bytes = reinterpret_cast<PCRE2_SPTR>(subject.empty() ? "" : subject.data());
  for (std::size_t start = char_start(subject, from); start <= subject.size(); start = char_start(subject, start + k_window)) {
    if (std::chrono::steady_clock::now() > deadline) return Outcome::limit;
    pcre2_set_offset_limit(context.get(), start + k_window - 1);
    const int rc = pcre2_match(m_code->code, bytes, subject.size(), start, 0, data.get(), context.get());
    if (rc == PCRE2_ERROR_NOMATCH) continue;
    if (rc < 0) return Outcome::limit;  // the match, depth or heap limit, or another failure to finish
    read_spans(data.get(), rc, m_code->groups, match);
    return Outcome::found;
  }
  return Outcome::none;
}

bool Regex::matches(std::string_view subject) const {
  Match m;
  return search(subject, 0, m, std::chrono::steady_clock::now() + k_short_search) == Outcome::found;
}

}  // namespace pdo::secrets
