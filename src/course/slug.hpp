#pragma once
// Lesson folder names from titles, by the rule the built-in course's folders follow: the first five
// ASCII words of the title, lower-case, joined with '-', cut at 45 characters, after "NN-NN-".
#include <optional>
#include <string>
#include <string_view>

namespace pdo::course {

/// The slug of a title: its first five ASCII words (runs of letters and digits), lower-case, joined
/// with '-', at most 45 characters; nullopt when the title has no ASCII word (a Chinese-only title).
std::optional<std::string> slug_from_title(std::string_view title);

/// The folder name "NN-NN-<slug>" of lesson `number`.
std::string lesson_folder(int number, std::string_view slug);

}  // namespace pdo::course
