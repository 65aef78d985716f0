#pragma once
// The language of messages and generated files. pdo speaks Chinese unless told --lang en.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace pdo::util {

/// A language pdo can speak.
enum class Lang { zh, en };

/// The language messages are currently printed in (set once per run by the CLI).
Lang current_lang();

/// Sets the language for messages.
void set_lang(Lang lang);

/// Picks the Chinese or the English text for the current language.
std::string tr(std::string_view zh, std::string_view en);

/// A count with its noun in the current language: "3 个文件", "1 file", "3 files" (English takes the
/// singular for exactly one).
std::string counted(std::size_t n, std::string_view zh_unit, std::string_view en_one, std::string_view en_many);

/// A text given in both languages where the Chinese one may be missing (a course file's `title_zh`…):
/// `zh` when the current language is Chinese and `zh` is not empty, else `en`. Same order as tr().
std::string tr_pick(std::string_view zh, std::string_view en);

/// The same for `lang` instead of the current language (generated files, in the workspace's language).
std::string tr_pick(Lang lang, std::string_view zh, std::string_view en);

/// Parses "zh"/"en" (also "zh-CN", "中文", "english"); nullopt for anything else.
std::optional<Lang> parse_lang(std::string_view text);

/// "zh" or "en".
std::string_view lang_code(Lang lang);

}  // namespace pdo::util
