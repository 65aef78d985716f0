// Hostile names and texts never drive the learner's terminal: a workspace (say, a classmate's clone) whose
// file names, commit subjects, branch, remote and notes carry escape sequences, C1 controls and
// bidirectional overrides, run through every command, and nothing on stdout or stderr holds a raw control
// character (util/shown: the one display path).
#include <cstdio>

#include "cli/cli_helpers.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

/// The first raw control character in `text` (C0 but \n and \t, DEL, C1 in UTF-8 or as a lone byte, a
/// bidirectional control), described with its byte offset; "" when there is none.
std::string raw_control(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t at = i;
    const auto b = static_cast<unsigned char>(text[i]);
    const unsigned long cp = util::next_code_point(text, i);
    const bool lone = i == at + 1 && b >= 0x80;  // a byte that starts no UTF-8 character
    const bool c0 = cp < 0x20 && cp != '\n' && cp != '\t';
    if (c0 || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f) || lone || util::is_bidi_control(cp)) {
      char code[16];
      std::snprintf(code, sizeof code, "U+%04lX", cp);
      return std::string(code) + " at byte " + std::to_string(at) +
             " in: " + util::escape_controls(text.substr(at > 60 ? at - 60 : 0, 120));
    }
  }
  return {};
}

void require_shown(const std::string& what, const platform::ProcessResult& r) {
  INFO("pdo " << what << " (exit " << r.exit_code << ")\nstdout: " << util::escape_controls(r.out, util::Breaks::keep)
              << "\nstderr: " << util::escape_controls(r.err, util::Breaks::keep));
  CHECK_FALSE(r.timed_out);
  const std::string out = raw_control(r.out), err = raw_control(r.err);
  INFO("raw on stdout: " << out << "\nraw on stderr: " << err);
  CHECK(out.empty());
  CHECK(err.empty());
}

const std::string k_esc_name = "evil\x1b]0;PWNED\x07\x1b[2Jname";  // sets the terminal title, clears the screen
const std::string k_rlo = "\xE2\x80\xAE";                          // U+202E RIGHT-TO-LEFT OVERRIDE
const std::string k_csi = "\xC2\x9B";                              // U+009B, the one-byte CSI

}  // namespace

// [posix:names] file and folder names holding ESC and BEL, which Windows does not allow.
TEST_CASE("every command shows hostile names and texts escaped: no raw control character on any stream", "[cli][posix][posix:names]") {
  TempDir tmp("hostile names");
  // init itself: a folder whose name holds ESC sequences and a right-to-left override.
  const fs::path root = tmp / ("ws-" + k_esc_name + k_rlo + "gpj.exe");
  const auto init = run_pdo({"--lang", "en", "init", util::path_to_utf8(root), "--yes"}, tmp.path());
  require_shown("init", init);
  REQUIRE(init.exit_code == 0);

  // A cloned file named to drive the terminal, holding a key; a question and a glossary term with ESC.
  const fs::path exercises = lesson_dir(root, "02") / "exercises";
  write_file(exercises / (k_esc_name + ".py"), "TOKEN = \"" + fake_key(3) + "\"\n");
  write_file(exercises / ("run" + k_rlo + "yp.sh"), "echo hi\n");
  append(lesson_dir(root, "01") / "notes.md", "\nGlossary:\nrank" + k_csi + "31m: a process's number\nworld\x1b[8m: all ranks\n");
  // A branch with a C1 control and an override (git refuses only ASCII controls in ref names), and a
  // commit by hand whose subject clears the screen.
  REQUIRE(run_git({"checkout", "-q", "-b", "study" + k_csi + "2J" + k_rlo}, root).exit_code == 0);
  REQUIRE(run_git({"commit", "-q", "--allow-empty", "--no-verify", "-m", "by hand \x1b[2J\x1b]0;owned\x07" + k_rlo}, root).exit_code == 0);
  // A remote whose path carries the same.
  const fs::path bare = tmp / ("remote-" + k_esc_name + k_rlo + ".git");
  REQUIRE(run_git({"init", "-q", "--bare", util::path_to_utf8(bare)}, tmp.path()).exit_code == 0);
  REQUIRE(run_git({"remote", "add", "origin", util::path_to_utf8(bare)}, root).exit_code == 0);

  const std::vector<std::vector<std::string>> commands = {
      {"status"},
      {"status", "--json"},
      {"start", "02"},
      {"ask", "why does \x1b[2J" + k_rlo + " hang?", "--lesson", "02"},
      {"track", "done", "01", "read"},
      {"track", "done", "01", "notes"},
      {"track", "done", "02", "exercise"},  // refused: the key, named by its file
      {"scan"},
      {"scan", "--history"},
      {"glossary"},
      {"lesson", "list"},
      {"lesson", "add", "Ring attention", "--folder", "ring-attention"},
      {"lesson", "add", "Ring " + k_rlo + "noitnetta"},  // refused: a direction control in a title
      {"log"},
      {"log", "--json"},
      {"report"},
      {"check", "--lessons"},
      {"undo"},
      {"sync", "--remote", "origin"},
      {"help"},
      {"help", "track"},
      {"--help"},
  };
  for (const auto& args : commands) {
    std::vector<std::string> argv{"--lang", "en"};
    argv.insert(argv.end(), args.begin(), args.end());
    require_shown(util::join(args, " "), run_pdo(argv, root));
  }
  // The hooks, as git runs them: the key's file staged.
  REQUIRE(run_git({"add", "-A"}, root).exit_code == 0);
  require_shown("hook pre-commit", run_pdo({"--lang", "en", "hook", "pre-commit"}, root));
  write_file(root / ".git" / "COMMIT_EDITMSG", "subject \x1b[2J" + k_rlo + "\n\n" + fake_key(4) + "\n");
  require_shown("hook commit-msg", run_pdo({"--lang", "en", "hook", "commit-msg", ".git/COMMIT_EDITMSG"}, root));
}

TEST_CASE("a title with a direction control or ESC is refused where it enters: a course file or lessons.toml or lesson add",
          "[cli][lesson]") {
  TempDir tmp("hostile titles");
  const auto root = fresh_workspace(tmp, {"--lang", "en"});
  const std::string rlo = "\xE2\x80\xAE";
  SECTION("pdo lesson add") {
    const auto r = run_pdo({"--lang", "en", "lesson", "add", "Ring " + rlo + "noitnetta", "--folder", "ring"}, root);
    require_shown("lesson add", r);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("control character"));
    CHECK_FALSE(fs::exists(root / "lessons" / "18-ring"));
  }
  SECTION(".pdo/lessons.toml written by hand") {
    require_ok(run_pdo({"lesson", "add", "Ring attention", "--folder", "ring"}, root));
    std::string text = read_file(root / ".pdo/lessons.toml");
    REQUIRE(Catch::replaceInPlace(text, "title = \"Ring attention\"", "title = \"Ring \\u202Enoitnetta \\u001b[2J\""));
    write_file(root / ".pdo/lessons.toml", text);
    for (const auto& cmd : std::vector<std::string>{"status", "lesson"}) {
      const auto r = run_pdo(
          cmd == "lesson" ? std::vector<std::string>{"--lang", "en", "lesson", "list"} : std::vector<std::string>{"--lang", "en", cmd},
          root);
      require_shown(cmd, r);
      // status shows what is wrong and goes on without the own lessons (issue 41); lesson list stops.
      CHECK(r.exit_code == (cmd == "status" ? 0 : 2));
      CHECK_THAT(r.err, Catch::Contains("lessons.toml:") && Catch::Contains("U+202E"));
    }
  }
  SECTION("a course file") {
    write_file(tmp / "course.toml",
               "id = \"x\"\ntitle = \"X\"\nentry_url = \"https://e.org\"\n[[lessons]]\nnumber = 1\n"
               "title = \"A \\u202Etxt.exe\"\nurl = \"https://e.org/a\"\nfolder = \"01-a\"\n");
    const auto r =
        run_pdo({"--lang", "en", "init", util::path_to_utf8(tmp / "other"), "--yes", "--course", util::path_to_utf8(tmp / "course.toml")},
                tmp.path());
    require_shown("init --course", r);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("course.toml:6:") && Catch::Contains("U+202E"));
  }
}
