// tr() and tr_pick(): Chinese first, English second, in both; tr_pick falls back to English when the
// Chinese text is missing.
#include <catch2/catch.hpp>

#include "util/i18n.hpp"

using namespace pdo;

TEST_CASE("tr_pick takes the Chinese text first, like tr", "[util]") {
  util::set_lang(util::Lang::zh);
  CHECK(util::tr("中文", "English") == "中文");
  CHECK(util::tr_pick("中文", "English") == "中文");
  CHECK(util::tr_pick("", "English") == "English");  // no Chinese text given: the English one
  util::set_lang(util::Lang::en);
  CHECK(util::tr("中文", "English") == "English");
  CHECK(util::tr_pick("中文", "English") == "English");
  CHECK(util::tr_pick("中文", "").empty());  // English is never replaced by Chinese
  util::set_lang(util::Lang::zh);
}

TEST_CASE("tr_pick with a language ignores the current one", "[util]") {
  util::set_lang(util::Lang::en);
  CHECK(util::tr_pick(util::Lang::zh, "中文", "English") == "中文");
  CHECK(util::tr_pick(util::Lang::zh, "", "English") == "English");
  util::set_lang(util::Lang::zh);
  CHECK(util::tr_pick(util::Lang::en, "中文", "English") == "English");
}

TEST_CASE("counted: a number with its noun, English singular for exactly one", "[util]") {
  util::set_lang(util::Lang::en);
  CHECK(util::counted(1, "个文件", "file", "files") == "1 file");
  CHECK(util::counted(0, "个文件", "file", "files") == "0 files");
  CHECK(util::counted(3, "个文件", "file", "files") == "3 files");
  util::set_lang(util::Lang::zh);
  CHECK(util::counted(1, "个文件", "file", "files") == "1 个文件");
}
