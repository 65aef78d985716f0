// Input files pdo reads (course files, .pdo/config.toml) are bounded and validated: a device, FIFO, huge
// file or link to one fails fast with rc 2 and names the file; bad strings name file and line; nothing
// is created. Each run has a 10 s kill timeout so a hang fails the test instead of stalling the suite.
#include "cli/cli_helpers.hpp"

#include "util/fs.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

/// `pdo init ROOT --yes --course FILE` must fail with rc 2, name the file, and create nothing.
void require_refused_course(const TempDir& tmp, const fs::path& course, const std::string& expect) {
  const auto root = tmp / "ws";
  const auto r =
      run_pdo_bounded({"--lang", "en", "init", util::path_to_utf8(root), "--yes", "--course", util::path_to_utf8(course)}, tmp.path());
  INFO("stderr: " << r.err);
  CHECK_FALSE(r.timed_out);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains(util::path_to_utf8(course.filename())) && Catch::Contains(expect));
  CHECK_FALSE(fs::exists(root));
}

const std::string k_head = "id = \"x\"\ntitle = \"X\"\nentry_url = \"https://e.org\"\n";

std::string lesson(const std::string& title, const std::string& folder) {
  return "[[lessons]]\nnumber = 1\ntitle = \"" + title + "\"\nurl = \"https://e.org/a\"\nfolder = \"" + folder + "\"\n";
}

}  // namespace

// [posix:devices] /dev/zero, a FIFO and a symlink to a device: POSIX file kinds.
TEST_CASE("init --course refuses devices and huge files fast", "[cli][init][posix][posix:devices]") {
  TempDir tmp("input devices");
  SECTION("/dev/zero") { require_refused_course(tmp, "/dev/zero", "not a regular file"); }
  SECTION("a symlink to /dev/zero") {
    fs::create_symlink("/dev/zero", tmp / "zero.toml");
    require_refused_course(tmp, tmp / "zero.toml", "not a regular file");
  }
  SECTION("a FIFO nobody writes") {
    REQUIRE(platform::run_process({"mkfifo", util::path_to_utf8(tmp / "fifo.toml")}).exit_code == 0);
    require_refused_course(tmp, tmp / "fifo.toml", "not a regular file");
  }
  SECTION("a 100 MB sparse file") {
    write_file(tmp / "huge.toml", "");
    fs::resize_file(tmp / "huge.toml", 100u * 1024u * 1024u);
    require_refused_course(tmp, tmp / "huge.toml", "file too large (the limit is 1 MiB)");
  }
}

// [posix:devices] /dev/zero as a course file: a POSIX device.
TEST_CASE("a workspace whose course_file is /dev/zero or outside it fails fast", "[cli][status][posix][posix:devices]") {
  TempDir tmp("input config");
  const auto root = tmp / "ws";
  init_workspace(root);
  const auto with_course_file = [&](const std::string& value) {
    write_file(root / ".pdo/config.toml", "course = \"pytorch-distributed-overview\"\ncourse_file = \"" + value + "\"\n");
    return run_pdo_bounded({"--lang", "en", "status"}, root);
  };
  SECTION("/dev/zero") {
    const auto r = with_course_file("/dev/zero");
    INFO("stderr: " << r.err);
    CHECK_FALSE(r.timed_out);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("/dev/zero") && Catch::Contains("not a regular file"));
  }
  SECTION("a relative path leaving the workspace") {
    write_file(tmp / "outside.toml", k_head + lesson("A", "01-a"));
    const auto r = with_course_file("../outside.toml");
    INFO("stderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("config.toml") && Catch::Contains("outside the workspace"));
  }
  SECTION("config.toml itself a link to outside the workspace") {
    write_file(tmp / "elsewhere.toml", "course = \"pytorch-distributed-overview\"\n");
    fs::remove(root / ".pdo/config.toml");
    fs::create_symlink(tmp / "elsewhere.toml", root / ".pdo/config.toml");
    const auto r = run_pdo_bounded({"--lang", "en", "status"}, root);
    INFO("stderr: " << r.err);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("config.toml") && Catch::Contains("outside the workspace"));
  }
  SECTION("an unknown key in config.toml") {
    write_file(root / ".pdo/config.toml", "course = \"pytorch-distributed-overview\"\nrout = \"gpu\"\n");
    const auto r = run_pdo_bounded({"--lang", "en", "status"}, root);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("config.toml:2: unknown key rout"));
  }
}

TEST_CASE("control characters and overlong folder names in a course file: rc 2, file:line, nothing created", "[cli][init]") {
  TempDir tmp("input strings");
  const auto refused = [&](const std::string& text, const std::string& expect) {
    write_file(tmp / "bad.toml", text);
    require_refused_course(tmp, tmp / "bad.toml", expect);
  };
  SECTION("a newline in a title") {
    refused(k_head + lesson("A\\nInjected", "01-a"), "bad.toml:6: lesson 1: field title holds the control character U+000A");
  }
  SECTION("ESC in a title") {
    refused(k_head + lesson("\\u001b[2JA", "01-a"), "bad.toml:6: lesson 1: field title holds the control character U+001B");
  }
  SECTION("a 5,000-character folder name") {
    refused(k_head + lesson("A", std::string(5000, 'f')),
            "bad.toml:8: lesson 1: unsafe folder name (5000 bytes, more than the limit of 100 bytes");
  }
  SECTION("a newer schema") { refused("schema = 2\n" + k_head + lesson("A", "01-a"), "bad.toml:1: written by a newer pdo"); }
}

// [posix:devices] a FIFO in the workspace: a POSIX file kind. A pdo that blocks opening it is killed by
// run_pdo_bounded's 10 s limit and the test fails on timed_out, not on a measured time.
TEST_CASE("a FIFO in place of a workspace file is refused without blocking by every command that reads it",
          "[cli][status][posix][posix:devices]") {
  TempDir tmp("input fifo");
  const auto root = tmp / "ws";
  init_workspace(root);
  const auto make_fifo = [&](const fs::path& file) {
    fs::remove(file);
    REQUIRE(platform::run_process({"mkfifo", util::path_to_utf8(file)}).exit_code == 0);
  };
  const auto refused = [&](const std::vector<std::string>& args, const std::string& file) {
    std::vector<std::string> argv{"--lang", "en"};
    argv.insert(argv.end(), args.begin(), args.end());
    const auto r = run_pdo_bounded(argv, root);
    INFO("pdo " << util::join(args, " ") << "\nstdout: " << r.out << "\nstderr: " << r.err);
    REQUIRE_FALSE(r.timed_out);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(file) && Catch::Contains("not a regular file"));
  };
  SECTION("progress.md") {
    make_fifo(root / "progress.md");
    refused({"status"}, "progress.md");
    refused({"status", "--json"}, "progress.md");
    refused({"ask", "what is a rank?"}, "progress.md");
    refused({"track", "done", "01", "read"}, "progress.md");
    refused({"report"}, "progress.md");
  }
  SECTION("questions.md") {
    make_fifo(root / "questions.md");
    refused({"report"}, "questions.md");
  }
}

// The 1 MiB cap on a TOML file pdo reads (util::k_max_toml_bytes), at its edge: a course file of exactly
// 1,048,576 bytes starts a workspace, one of 1,048,577 is refused with the limit named and nothing made.
TEST_CASE("init --course takes a course file of exactly 1 MiB and refuses one byte more", "[cli][init]") {
  TempDir tmp("input cap");
  const auto made = run_pdo({"course", "template"}, tmp.path());
  REQUIRE(made.exit_code == 0);
  const std::size_t cap = util::k_max_toml_bytes;
  REQUIRE(made.out.size() + 3 < cap);
  // Padded with a comment line up to the byte: the course is the built-in one's, the size the cap.
  std::string course = made.out + "# " + std::string(cap - made.out.size() - 3, 'x') + "\n";
  REQUIRE(course.size() == cap);
  write_file(tmp / "course.toml", course);
  const auto ok = run_pdo_bounded(
      {"--lang", "en", "init", util::path_to_utf8(tmp / "ws"), "--yes", "--course", util::path_to_utf8(tmp / "course.toml")}, tmp.path());
  INFO("stderr: " << ok.err);
  CHECK(ok.exit_code == 0);
  CHECK(read_file(tmp / "ws" / ".pdo" / "course.toml").size() == cap);
  course.insert(course.size() - 1, "x");  // one byte more, still valid TOML
  write_file(tmp / "course2.toml", course);
  fs::remove_all(tmp / "ws");
  require_refused_course(tmp, tmp / "course2.toml", "file too large (the limit is 1 MiB)");
}
