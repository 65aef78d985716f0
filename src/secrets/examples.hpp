#pragma once
// Where documentation shows a value as an example rather than holding one: a contextual rule's value (a
// keyword's, an assignment's, an http URL's password) is not reported there. Keys with a prefix of their
// own are reported wherever they stand (the scanner never asks).
#include <cstddef>
#include <string_view>

#include "secrets/rules.hpp"

namespace pdo::secrets {

/// True if the value at `at` in `text` stands in an example, judged from at most a few lines above it:
/// - an example word (`words`: "example", "rfc", ">>>", "e.g.") on the value's own line;
/// - a line among the few above that ends in ':' and holds an example word ("For example::");
/// - a doctest: a ">>>" line in the block of non-blank lines the value's line ends (its output);
/// - a reStructuredText code directive (".. code-block:: http") whose indented body holds the value.
/// Prose that merely uses the word ("an example of sharding.") and Markdown fences do not count: a
/// learner's notes hold real keys in fenced blocks under such prose.
bool in_example(std::string_view text, std::size_t at, Span<std::string_view> words);

}  // namespace pdo::secrets
