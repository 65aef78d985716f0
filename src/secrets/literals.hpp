#pragma once
// Keys split into string literals, put back together before matching: adjacent literals of one
// statement ("sk-ab" "cd…" over lines, `+` with or without a backslash continuation, JS template
// literals joined with `+`), an f-string's nested literals (f"{'sk-ab'}{'cd'}"), and "".join([...]) of
// literals. Bounded per statement: at most k_max_pieces literals within k_max_span bytes.
#include <string>
#include <string_view>
#include <vector>

namespace pdo::secrets {

/// Literals of one statement, joined.
struct JoinedLiterals {
  std::size_t begin = 0;  ///< where the first literal starts in the text
  std::size_t end = 0;    ///< after the last literal
  std::string text;       ///< the literals' contents, concatenated
  /// Where `text` stands in the text: from `joined` on, byte k of `text` is byte source + (k - joined)
  /// (a new entry where a piece starts or an escape is resolved; a join list's separator stands where
  /// the next element starts).
  struct Origin {
    std::size_t joined = 0;
    std::size_t source = 0;
  };
  std::vector<Origin> origin;
  /// Where byte k of `text` stands in the text.
  std::size_t source_of(std::size_t k) const;
};

/// Every run of at least two joinable literals in `text` (a file or a logical text), in order.
std::vector<JoinedLiterals> joined_literals(std::string_view text);

}  // namespace pdo::secrets
