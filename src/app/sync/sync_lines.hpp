#pragma once
// The line level under pdo sync's merges (private to app/sync_merge*.cpp): git's three-way merge as
// plain lines and conflict regions, and the text put back together with each region resolved.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/error.hpp"

namespace pdo::app {

/// One conflict of a line merge: the lines of each side (each with its line end, if it had one).
struct Region {
  std::vector<std::string> ours, base, theirs;
};

/// A merged line, or a conflict.
struct Piece {
  std::string line;
  std::optional<Region> region;
};

/// git's merge of three texts: the text when clean, else its pieces.
struct LineMerge {
  bool clean = true;
  std::string text;
  std::vector<Piece> pieces;
};

/// Merges; an error when it conflicts and a line of a side looks like a marker of merge_text's own.
Result<LineMerge> merge_lines(const std::string& base, const std::string& ours, const std::string& theirs);

/// The pieces as one text, each region replaced by `resolve(region)`; a line without a line end gets
/// `eol` when another line follows.
std::string join_pieces(const std::vector<Piece>& pieces, std::string_view eol,
                        const std::function<std::vector<std::string>(const Region&)>& resolve);

/// Joins lines the same way.
std::string join_lines(const std::vector<std::string>& lines, std::string_view eol);

/// Keeps ours, drops what theirs removed from the base, adds what theirs added (once).
std::vector<std::string> union_of(const Region& r);

/// True if `lines` holds `line` (line ends aside).
bool contains_line(const std::vector<std::string>& lines, const std::string& line);

}  // namespace pdo::app
