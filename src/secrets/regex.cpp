// The limits are per search: k_match_limit counts backtracking steps (PCRE2's default is 10 million,
// seconds for a bad pattern on a long line; a real key pattern needs a few hundred), the depth and heap
// limits bound the memory of nested groups. Where PCRE2 has its JIT (not in the Windows prefix), patterns
// are JIT-compiled: several times faster on rules without keywords; it honours the match limit, and its
// stack (32 KiB by default) takes the place of the depth and heap limits: running out is a limit too.
#include "secrets/regex.hpp"

#include <cstdint>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

namespace pdo::secrets {

namespace {

constexpr std::uint32_t k_match_limit = 200000;
constexpr std::uint32_t k_depth_limit = 2000;
constexpr std::uint32_t k_heap_limit_kib = 8192;

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
  compiled->code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(text), pattern.size(), PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &code,
                                 &offset, nullptr);
  if (compiled->code == nullptr) return Error{Exit::usage, error_text(code) + " (at character " + std::to_string(offset + 1) + ")"};
  (void)pcre2_jit_compile(compiled->code, PCRE2_JIT_COMPLETE);  // without JIT support: the interpreter
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

Regex::Outcome Regex::search(std::string_view subject, std::size_t from, Match& match) const {
  // Match data per search: cheap next to a search, and it keeps one Regex usable from many threads.
  std::unique_ptr<pcre2_match_data, decltype(&pcre2_match_data_free)> data(pcre2_match_data_create_from_pattern(m_code->code, nullptr),
                                                                           &pcre2_match_data_free);
  if (!data) return Outcome::limit;
  const int rc = pcre2_match(m_code->code, reinterpret_cast<PCRE2_SPTR>(subject.data()), subject.size(), from, 0, data.get(), m_code->context);
  if (rc == PCRE2_ERROR_NOMATCH) return Outcome::none;
  if (rc < 0) return Outcome::limit;  // the match, depth or heap limit, or another failure to finish
  const PCRE2_SIZE* v = pcre2_get_ovector_pointer(data.get());
  match.spans.assign(m_code->groups + 1, {std::string_view::npos, std::string_view::npos});
  // rc is the highest group that took part, plus one; \K can put a match's start after its end.
  for (std::size_t i = 0; i < static_cast<std::size_t>(rc) && i < match.spans.size(); ++i) {
    if (v[2 * i] != PCRE2_UNSET && v[2 * i] <= v[2 * i + 1]) match.spans[i] = {v[2 * i], v[2 * i + 1]};
  }
  if (match.spans[0].first == std::string_view::npos) match.spans[0] = {v[1], v[1]};
  return Outcome::found;
}

bool Regex::matches(std::string_view subject) const {
  Match m;
  return search(subject, 0, m) == Outcome::found;
}

}  // namespace pdo::secrets
