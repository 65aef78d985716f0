#include "util/i18n.hpp"

#include "util/text.hpp"

namespace pdo::util {
namespace {
Lang g_lang = Lang::zh;
}

Lang current_lang() { return g_lang; }

void set_lang(Lang lang) { g_lang = lang; }

std::string tr(std::string_view zh, std::string_view en) { return std::string(g_lang == Lang::zh ? zh : en); }

std::string counted(std::size_t n, std::string_view zh_unit, std::string_view en_one, std::string_view en_many) {
  return std::to_string(n) + " " + tr(zh_unit, n == 1 ? en_one : en_many);
}

std::string tr_pick(std::string_view zh, std::string_view en) { return tr_pick(g_lang, zh, en); }

std::string tr_pick(Lang lang, std::string_view zh, std::string_view en) { return std::string(lang == Lang::zh && !zh.empty() ? zh : en); }

std::optional<Lang> parse_lang(std::string_view text) {
  const std::string t = to_lower(trim(text));
  if (t == "zh" || t == "zh-cn" || t == "zh_cn" || t == "cn" || t == "chinese" || t == "中文") return Lang::zh;
  if (t == "en" || t == "en-us" || t == "en_us" || t == "english") return Lang::en;
  return std::nullopt;
}

std::string_view lang_code(Lang lang) { return lang == Lang::zh ? "zh" : "en"; }

}  // namespace pdo::util
