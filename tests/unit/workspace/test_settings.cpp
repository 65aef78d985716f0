// .pdo/config.toml: what pdo writes reads back; unknown keys, newer schemas and course files outside the
// workspace are refused with file, line and reason.
#include <catch2/catch.hpp>

#include "support/temp_dir.hpp"
#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "workspace/settings.hpp"

using namespace pdo;

TEST_CASE("settings round-trip and carry schema = 1", "[workspace]") {
  workspace::Settings s;
  s.course_id = "mini";
  s.course_file = ".pdo/course.toml";
  s.route = course::Route::local;
  s.lang = util::Lang::en;
  const std::string text = workspace::settings_text(s);
  CHECK_THAT(text, Catch::Contains("\nschema = 1\n"));
  const auto back = workspace::parse_settings(text, "config.toml").take();
  CHECK(back.course_id == "mini");
  CHECK(back.course_file == ".pdo/course.toml");
  CHECK(back.route == course::Route::local);
  CHECK(back.lang == util::Lang::en);
  CHECK_FALSE(back.os);
  CHECK(text.find("os =") == std::string::npos);
  s.os = platform::Os::windows;
  CHECK(workspace::parse_settings(workspace::settings_text(s), "config.toml").take().os == platform::Os::windows);
  // Workspaces made before schema existed still open.
  CHECK(workspace::parse_settings("course = \"mini\"\ncourse_file = \"\"\nroute = \"browser\"\nlang = \"zh\"\n", "config.toml"));
}

TEST_CASE("settings holding quotes and backslashes read back unchanged", "[workspace]") {
  // Found by fuzz_settings: the values were written between quotes as they were, so a " or a \\ broke the file.
  workspace::Settings s;
  s.course_id = "a\\\"b";
  s.course_file = "C:\\Users\\学习\\course.toml";
  const auto back = workspace::parse_settings(workspace::settings_text(s), "config.toml");
  REQUIRE(back);
  CHECK(back->course_id == s.course_id);
  CHECK(back->course_file == s.course_file);
}

TEST_CASE("the settings file's comment is in the workspace's language", "[workspace]") {
  workspace::Settings s;
  s.course_id = "mini";
  CHECK_THAT(workspace::settings_text(s), Catch::StartsWith("# pdo 的工作区设置"));
  s.lang = util::Lang::en;
  CHECK_THAT(workspace::settings_text(s), Catch::StartsWith("# pdo workspace settings"));
}

TEST_CASE("workspace_lang reads the language before the rest of the settings is checked", "[workspace]") {
  test::TempDir tmp("settings lang");
  CHECK_FALSE(workspace::workspace_lang(tmp.path()));
  // A bad route does not hide the language: the error about it is then said in English.
  test::write_file(tmp / ".pdo/config.toml", "course = \"mini\"\nroute = \"cloud\"\nlang = \"en\"\n");
  CHECK(workspace::workspace_lang(tmp / "lessons/03") == util::Lang::en);
  test::write_file(tmp / ".pdo/config.toml", "lang = [\n");  // not TOML: no language to read
  CHECK_FALSE(workspace::workspace_lang(tmp.path()));
}

TEST_CASE("bad settings name the file and line", "[workspace]") {
  util::set_lang(util::Lang::en);
  const auto error_of = [](const std::string& text) {
    auto r = workspace::parse_settings(text, ".pdo/config.toml");
    REQUIRE_FALSE(r);
    CHECK(r.error().code == Exit::usage);
    return r.error().message;
  };
  CHECK_THAT(error_of("course = \"mini\"\nrout = \"gpu\"\n"), Catch::StartsWith(".pdo/config.toml:2: unknown key rout"));
  CHECK_THAT(error_of("course = \"mini\"\nroute = \"cloud\"\n"), Catch::StartsWith(".pdo/config.toml:2: unknown route cloud"));
  CHECK_THAT(error_of("course = \"mini\"\nlang = \"fr\"\n"), Catch::StartsWith(".pdo/config.toml:2: lang must be zh or en"));
  CHECK_THAT(error_of("course = \"mini\"\nos = \"beos\"\n"), Catch::StartsWith(".pdo/config.toml:2: os must be windows, linux or macos"));
  CHECK_THAT(error_of("route = \"gpu\"\n"), Catch::Contains("missing field course"));
  CHECK_THAT(error_of("schema = 2\ncourse = \"mini\"\ncolour = \"blue\"\n"),
             Catch::StartsWith(".pdo/config.toml:1: written by a newer pdo") && Catch::Contains("upgrade pdo"));
  util::set_lang(util::Lang::zh);
}

TEST_CASE("course_file stays inside the workspace unless it is absolute", "[workspace]") {
  test::TempDir tmp("settings course_file");
  const auto root = tmp / "ws";
  test::write_file(root / ".pdo/course.toml", "x");
  test::write_file(tmp / "outside.toml", "y");
  workspace::Settings s;
  s.course_id = "x";
  s.course_file = ".pdo/course.toml";
  CHECK(workspace::course_file_text(root, s).take() == "x");
  s.course_file = "../outside.toml";
  auto escaped = workspace::course_file_text(root, s);
  REQUIRE_FALSE(escaped);
  CHECK(escaped.error().code == Exit::usage);
  s.course_file = util::path_to_utf8(tmp / "outside.toml");
  CHECK(workspace::course_file_text(root, s).take() == "y");
  s.course_file = "";
  CHECK(workspace::course_file_text(root, s).take().empty());
}
