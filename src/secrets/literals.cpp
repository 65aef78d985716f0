// Joining split literals. One pass over the quotes of the text: a literal's end is found (escapes
// skipped), then the separators after it are skipped (blanks, line breaks, '+', a backslash before a
// line break), and if another literal follows, the run goes on. Only runs are copied: a lone literal
// costs one look at its bytes. Commas separate only the elements of "".join([...]). Three or more
// backticks are a Markdown fence, never a template literal's quote.
#include "secrets/literals.hpp"

#include <algorithm>
#include <array>
#include <iterator>

namespace pdo::secrets {

namespace {

constexpr std::size_t k_max_pieces = 16;
constexpr std::size_t k_max_span = 4096;
constexpr std::size_t k_max_literal = 2048;
constexpr std::array<char, 3> k_quotes{'"', '\'', '`'};

bool is_quote(char c) { return c == '"' || c == '\'' || c == '`'; }

/// True if text[at] is a backtick of a run of three or more: a Markdown fence, never a template literal.
bool in_fence(std::string_view text, std::size_t at) {
  std::size_t from = at, to = at;
  while (from > 0 && text[from - 1] == '`') --from;
  while (to < text.size() && text[to] == '`') ++to;
  return to - from >= 3;
}

/// The bytes a literal's reader stops at, for each quote (", ', `): the quote, a backslash, a line feed
/// and '{' (an f-string's piece); every other byte costs one look-up.
constexpr std::array<std::array<bool, 256>, 3> k_stops = [] {
  std::array<std::array<bool, 256>, 3> t{};
  for (std::size_t k = 0; k < 3; ++k) {
    for (const char c : {k_quotes[k], '\\', '\n', '{'}) t[k][static_cast<unsigned char>(c)] = true;
  }
  return t;
}();

struct Literal {
  std::size_t begin = 0;
  std::size_t end = 0;  ///< after the closing quote; 0: not a literal
  bool nested = false;  ///< holds an f-string piece {'…'} or {"…"}
};

/// The literal starting at text[at] (a quote), or end == 0 if it is not closed in time. A literal in " or
/// ' ends at its line; a template literal in ` may span lines.
Literal parse_literal(std::string_view text, std::size_t at) {
  const char q = text[at];
  if (q == '`' && in_fence(text, at)) return {};
  const std::size_t limit = std::min(text.size(), at + k_max_literal);
  // An f-string (f"…", rf"…") may hold a literal in its own quotes since Python 3.12: f"ab{"cd"}".
  const bool f_string =
      at > 0 && (text[at - 1] == 'f' || text[at - 1] == 'F' ||
                 (at > 1 && (text[at - 1] == 'r' || text[at - 1] == 'R') && (text[at - 2] == 'f' || text[at - 2] == 'F')));
  const auto& stops = k_stops[q == '"' ? 0 : q == '\'' ? 1 : 2];
  bool nested = false;
  for (std::size_t i = at + 1; i < limit; ++i) {
    const char c = text[i];
    if (!stops[static_cast<unsigned char>(c)]) continue;
    if (c == '\\') {
      ++i;
    } else if (c == q) {
      if (q == '`' && in_fence(text, i)) break;  // a fence ends the line's text: no literal
      return {at, i + 1, nested};
    } else if (c == '\n' && q != '`') {
      break;
    } else if (c == '{' && i + 1 < limit && is_quote(text[i + 1])) {
      // {'cd'} of an f-string; one in the f-string's own quotes (Python 3.12: f"ab{"cd"}") is read past.
      nested = nested || text[i + 1] != q || f_string;
      if (text[i + 1] != q || !f_string) continue;
      const std::size_t close = text.find(q, i + 2);
      if (close != std::string_view::npos && close + 1 < limit && text[close + 1] == '}' &&
          text.substr(i + 2, close - i - 2).find('\n') == std::string_view::npos)
        i = close + 1;
    }
  }
  return {};
}

/// Appends the characters a literal stands for to `run`: escapes resolved (a backslash before a line break
/// is nothing), f-string pieces {'ab'} and {"ab"} replaced by ab; each stretch with where it stands.
void append_content(std::string_view text, const Literal& lit, JoinedLiterals& run) {
  const auto add = [&](std::size_t from, std::size_t to) {  // text[from, to) as it is
    if (from >= to) return;
    if (run.origin.empty() || run.origin.back().source + (run.text.size() - run.origin.back().joined) != from)
      run.origin.push_back({run.text.size(), from});
    run.text.append(text.substr(from, to - from));
  };
  const std::size_t stop = lit.end - 1;  // the closing quote
  std::size_t i = lit.begin + 1;
  const bool dollar = text[lit.begin] == '`';  // a template literal's pieces are ${…}
  while (i < stop) {
    std::size_t j = i;
    while (j < stop && text[j] != '\\' && !(lit.nested && (text[j] == '{' || (dollar && text[j] == '$')))) ++j;
    add(i, j);
    if (j >= stop) break;
    if (text[j] == '\\') {
      if (text[j + 1] != '\n') add(j + 1, j + 2);
      i = j + 2;
      continue;
    }
    // {'ab'} or {"ab"} of an f-string, ${'ab'} or ${"ab"} of a template literal, stands for ab.
    const std::size_t open = text[j] == '$' ? j + 2 : j + 1;
    const char q = text[j] == '$' && text[j + 1] != '{' ? '\0' : text[open];
    const std::size_t close = is_quote(q) ? text.find(q, open + 1) : std::string_view::npos;
    if (close != std::string_view::npos && close + 2 < lit.end && text[close + 1] == '}') {
      add(open + 1, close);
      i = close + 2;
    } else {
      add(j, j + 1);
      i = j + 1;
    }
  }
}

/// Skips what may stand between two literals of one statement; returns where the next one would start.
std::size_t skip_separators(std::string_view text, std::size_t i, bool commas) {
  while (i < text.size()) {
    const char c = text[i];
    // std::string("ab") + "cd": a constructor's parenthesis, then '+'.
    const std::size_t next = c == ')' ? text.find_first_not_of(" \t", i + 1) : std::string_view::npos;
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '+' || (commas && c == ',') || (next < text.size() && text[next] == '+')) {
      ++i;
    } else if (c == '\\' && i + 1 < text.size() && (text[i + 1] == '\n' || text[i + 1] == '\r')) {
      i += 2;
    } else {
      break;
    }
  }
  return i;
}

/// After a literal: `.join([` or `.join((`, where the list's first element would start; else 0.
std::size_t join_list(std::string_view text, std::size_t after) {
  static constexpr std::string_view k_join = ".join(";
  if (text.substr(after, k_join.size()) != k_join) return 0;
  const std::size_t i = skip_separators(text, after + k_join.size(), false);
  return i < text.size() && (text[i] == '[' || text[i] == '(') ? i + 1 : 0;
}

/// The literals that follow `first` in one statement, joined to it; `separator` between join-list elements.
JoinedLiterals run_from(std::string_view text, const Literal& first, const std::string* separator) {
  const std::size_t after = skip_separators(text, first.end, separator != nullptr);
  if (!first.nested && (after >= text.size() || !is_quote(text[after]))) return {first.begin, first.end, {}, {}};  // alone: most are
  std::array<Literal, k_max_pieces> pieces{first};
  std::size_t count = 1;
  for (std::size_t i = after; i < text.size() && is_quote(text[i]);
       i = skip_separators(text, pieces[count - 1].end, separator != nullptr)) {
    const Literal next = parse_literal(text, i);
    if (next.end == 0 || count >= k_max_pieces || next.end - first.begin > k_max_span) break;
    pieces[count++] = next;
  }
  JoinedLiterals run{first.begin, pieces[count - 1].end, {}, {}};
  if (count < 2 && !first.nested) return run;
  for (std::size_t k = 0; k < count; ++k) {
    if (k > 0 && separator != nullptr) {
      for (std::size_t c = 0; c < separator->size(); ++c) run.origin.push_back({run.text.size() + c, pieces[k].begin});
      run.text += *separator;
    }
    append_content(text, pieces[k], run);
  }
  return run;
}

}  // namespace

std::size_t JoinedLiterals::source_of(std::size_t k) const {
  const auto after = std::upper_bound(origin.begin(), origin.end(), k, [](std::size_t at, const Origin& o) { return at < o.joined; });
  if (after == origin.begin()) return begin;
  const Origin& o = *std::prev(after);
  return o.source + (k - o.joined);
}

std::vector<JoinedLiterals> joined_literals(std::string_view text) {
  std::vector<JoinedLiterals> out;
  std::array<std::size_t, 3> next{};  // where each kind of quote occurs next (at or after i)
  for (std::size_t k = 0; k < k_quotes.size(); ++k) next[k] = std::min(text.find(k_quotes[k]), text.size());
  const auto next_quote = [&](std::size_t i) {
    for (std::size_t k = 0; k < k_quotes.size(); ++k) {
      if (next[k] < i) next[k] = std::min(text.find(k_quotes[k], i), text.size());
    }
    return *std::min_element(next.begin(), next.end());
  };
  for (std::size_t i = next_quote(0); i < text.size(); i = next_quote(i)) {
    const Literal lit = parse_literal(text, i);
    if (lit.end == 0) {
      ++i;
      continue;
    }
    JoinedLiterals run;
    if (const std::size_t list = join_list(text, lit.end); list != 0) {
      const std::size_t first = skip_separators(text, list, false);
      const Literal element = first < text.size() && is_quote(text[first]) ? parse_literal(text, first) : Literal{};
      if (element.end == 0) {
        i = lit.end;
        continue;
      }
      JoinedLiterals list_separator;
      append_content(text, lit, list_separator);
      const std::string& separator = list_separator.text;
      run = run_from(text, element, &separator);
    } else {
      run = run_from(text, lit, nullptr);
    }
    i = run.end;
    if (!run.text.empty()) out.push_back(std::move(run));
  }
  return out;
}

}  // namespace pdo::secrets
