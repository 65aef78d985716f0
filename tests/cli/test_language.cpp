// One language per mode (issue 26): every command, over good and bad input, run in Chinese (--lang zh) and
// in English (--lang en, and a workspace whose settings say lang = "en", with no flag), finds no sentence
// of the other language in what pdo prints, the commits it makes or the files it writes. English mode:
// no CJK character at all. Chinese mode: no Latin word except those of `Exempt` below, each a name or code.
#include "cli/cli_helpers.hpp"

#include <regex>
#include <sstream>

#include "app/context.hpp"
#include "cli/arg_info.hpp"
#include "cli/commands.hpp"
#include "course/course.hpp"
#include "progress/file.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

enum class Mode { zh_flag, en_flag, en_workspace };

bool english(Mode m) { return m != Mode::zh_flag; }

/// CJK ideographs, their punctuation (，。「」…) and the full-width forms (（）：).
bool is_cjk(unsigned long cp) {
  return (cp >= 0x3000 && cp <= 0x303F) || (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0x4E00 && cp <= 0x9FFF) ||
         (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFF00 && cp <= 0xFFEF);
}

bool has_cjk(std::string_view line) {
  for (std::size_t i = 0; i < line.size();) {
    if (is_cjk(util::next_code_point(line, i))) return true;
  }
  return false;
}

/// What a Chinese text may hold in Latin letters. Narrow on purpose: each entry is a name (of a command,
/// a program, a product, a package) or code, never a word of a sentence.
struct Exempt {
  std::set<std::string> words;
  std::vector<std::string> phrases;  ///< removed whole before looking at words: titles, the test's own input
};

void add_app_words(const CLI::App& app, std::set<std::string>& words) {
  for (const CLI::App* sub : app.get_subcommands({})) {
    words.insert(sub->get_name());  // command names: pdo track, pdo lesson add
    add_app_words(*sub, words);
  }
  for (const CLI::Option* o : app.get_options()) {
    if (o->get_positional()) words.insert(o->get_name());   // argument names as CLI11's usage line shows them
    for (const auto& c : cli::choices(o)) words.insert(c);  // values the learner types: done, todo, zh, en…
  }
}

Exempt chinese_exempt() {
  Exempt e;
  // 1. pdo's own command line, read from the app itself: commands, argument names, choices, step ids.
  std::istringstream in;
  std::ostringstream out, err;
  app::Context ctx{in, out, err, fs::current_path(), std::nullopt, 0};
  CLI::App app;
  cli::build_cli(app, ctx);
  add_app_words(app, e.words);
  for (const auto step : progress::k_steps) e.words.insert(std::string(progress::step_id(step)));
  for (const auto* words : {&app::yes_words(), &app::no_words()}) {
    for (const auto& w : *words) e.words.insert(w);  // the answers to a yes-or-no question, as the questions list them
  }
  // 2. The programs and git commands messages tell the learner to run, git's default remote name, the
  // formats and the keys of the files pdo reads (roff, gitleaks' regex / path / allowlist), TERM's value dumb.
  for (const char* w : {"pdo", "git", "man", "commit", "push", "add", "rm", "origin", "roff", "regex", "path", "allowlist", "dumb"}) {
    e.words.insert(w);
  }
  // 3. The course's data: its title and lesson titles (names, shown as the course gives them) and the
  // packages its lessons need (names as pip takes them).
  const course::Course& course = course::default_course();
  e.phrases.push_back(course.title);
  for (const auto& l : course.lessons) {
    e.phrases.push_back(l.title);
    e.words.insert(l.packages.begin(), l.packages.end());
  }
  e.phrases.push_back("Git for Windows");  // a product's name
  e.phrases.push_back("API key");          // the term as providers' pages spell it
  // The machine's own name for its OS, as init shows it ("Linux 6.1 (Debian GNU/Linux 12 (bookworm))"; pdo.exe
  // under wine says "Windows 6.1.7601 (wine 8.0)").
  e.phrases.push_back(platform::os_description());
  e.words.insert("wine");
  e.words.insert("Path");  // the Windows environment variable the README's PowerShell section has the learner edit
  // The command that installs git, shown to be typed as it is (pdo sync on a machine without git).
  for (const char* c : {"winget install --id Git.Git -e", "sudo apt-get install git", "xcode-select --install"}) e.phrases.push_back(c);
  // 4. Products, tools and terms the Chinese texts name as they are spelt (a translation would hide them).
  for (const char* w : {"PyTorch",    "Python",   "Git",   "GitHub", "Gitee",      "GitLab", "Kaggle",  "Google",
                        "Colab",      "Windows",  "Linux", "macOS",  "PowerShell", "Debian", "Unicode", "Monarch",
                        "TorchTitan", "notebook", "gloo",  "nccl",   "torchrun",   "Tab",    "Markdown"}) {
    e.words.insert(w);
  }
  // 5. Code the texts show to be typed or pasted as it is (the key advice's `import os` lines).
  for (const char* w : {"import", "from", "os", "token", "environ", "dotenv", "torch", "print"}) e.words.insert(w);
  return e;
}

/// A line with what may stand in any language removed: URLs, `code`, 「quoted names and values」, and the
/// exempt phrases.
std::string strip_exempt(std::string line, const Exempt& e) {
  for (const auto& p : e.phrases) line = util::replace_all(line, p, " ");
  static const std::regex url(R"(<?https?://[^\s>）」]*>?)"), code("`[^`]*`"), quoted("「[^」]*」");
  line = std::regex_replace(line, code, " ");  // first: a URL inside `code` ends at its backtick
  line = std::regex_replace(line, url, " ");
  return std::regex_replace(line, quoted, " ");
}

/// Latin words of `line` outside the exceptions: a token counts as a word when it is letters only (with
/// sentence punctuation around it); a token with a digit, '-', '.', '/', '_', '@'… is a path, id, option,
/// version or code. A word in capitals (GPU, LESSON) is an acronym or one of pdo's value names.
std::vector<std::string> latin_words(const std::string& line, const Exempt& e) {
  const std::string kept = strip_exempt(line, e);
  std::string ascii;
  for (std::size_t i = 0; i < kept.size();) {
    const unsigned long cp = util::next_code_point(kept, i);
    ascii += cp < 0x80 ? static_cast<char>(cp) : ' ';
  }
  std::vector<std::string> found;
  std::istringstream words(ascii);
  for (std::string t; words >> t;) {
    const auto first = t.find_first_not_of(",;:()\"'!?*");  // not '.': .env is a file name
    const auto last = t.find_last_not_of(",;:()\"'!?.*");
    if (first == std::string::npos || last == std::string::npos || last < first) continue;
    t = t.substr(first, last - first + 1);
    const bool letters = std::all_of(t.begin(), t.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); });
    const bool capitals = t.size() > 1 && std::all_of(t.begin(), t.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
    if (letters && !capitals && !e.words.count(t)) found.push_back(t);
  }
  return found;
}

/// Lines of `text` in the other language. Machine-readable lines are left out: commit trailers
/// (Pdo-Action: track), pdo's block markers (<!-- pdo:begin readme -->) and fenced program output.
std::vector<std::string> other_language(const std::string& text, Mode mode, const Exempt& e) {
  std::vector<std::string> bad;
  static const std::regex trailer(R"(^Pdo-[A-Za-z-]+: .*)"), marker(R"(^<!-- pdo:(begin|end) [a-z-]+)");
  bool fenced = false;
  for (const auto& ref : Catch::splitStringRef(text, '\n')) {
    const std::string line(ref);
    if (util::trim(line).rfind("```", 0) == 0) fenced = !fenced;
    if (fenced || std::regex_search(line, trailer) || std::regex_search(line, marker)) continue;
    if (english(mode) ? has_cjk(line) : !latin_words(line, e).empty()) {
      bad.push_back(line + (english(mode) ? "" : "  <- " + util::join(latin_words(line, e), " ")));
    }
  }
  return bad;
}

/// Runs every command of a workspace's daily use, its usage errors and its broken inputs.
class Sweep {
public:
  Sweep(const fs::path& tmp, Mode mode) : m_tmp(tmp), m_mode(mode), m_exempt(chinese_exempt()) {
    m_ws = tmp / "ws";
    // The test's own input comes back in messages: the question, the lesson title, the bad values typed.
    m_exempt.phrases.insert(m_exempt.phrases.end(), {question(), title()});
    m_exempt.words.insert({"bogus", "maybe", "nope", "sometimes", "extra", "slow", "x"});
  }

  std::string question() const { return english(m_mode) ? "What does DDP all-reduce?" : "DDP 的 all-reduce 做什么？"; }
  std::string title() const { return english(m_mode) ? "My own topic" : "我自己的主题"; }

  /// pdo ARGS in the workspace (or `cwd`), with --lang for the flag modes; its output is checked.
  platform::ProcessResult pdo(std::vector<std::string> args, const std::string& input = "", const fs::path& cwd = {}) {
    if (m_mode != Mode::en_workspace) args.insert(args.begin(), {"--lang", english(m_mode) ? "en" : "zh"});
    auto r = run_pdo(args, cwd.empty() ? m_ws : cwd, input);
    check("pdo " + util::join(args, " "), r.out + r.err);
    return r;
  }

  void check(const std::string& what, const std::string& text) {
    for (const auto& line : other_language(text, m_mode, m_exempt)) m_found.push_back(what + ": " + line);
  }

  void check_file(const fs::path& file) { check(util::path_to_utf8(file.lexically_relative(m_ws)), read_file(file)); }

  /// A file in a format of its own (.gitignore's patterns, TOML's keys): only its comments are prose.
  void check_comments(const fs::path& file) {
    const std::string text = read_file(file);  // splitStringRef's views point into it
    std::string comments;
    for (const auto& ref : Catch::splitStringRef(text, '\n')) {
      if (!ref.empty() && ref[0] == '#') comments += std::string(ref) + "\n";
    }
    INFO(util::path_to_utf8(file));
    CHECK_FALSE(comments.empty());
    check(util::path_to_utf8(file.lexically_relative(m_ws)), comments);
  }

  const std::vector<std::string>& found() const { return m_found; }
  const fs::path& ws() const { return m_ws; }
  const fs::path& tmp() const { return m_tmp; }
  bool english_mode() const { return english(m_mode); }

private:
  fs::path m_tmp, m_ws;
  Mode m_mode;
  Exempt m_exempt;
  std::vector<std::string> m_found;
};

void create_workspace(Sweep& s) {
  // --lang en makes an English workspace (lang = "en"); in en_workspace mode the later commands get no flag.
  const std::vector<std::string> lang{"--lang", s.english_mode() ? "en" : "zh"};
  std::vector<std::string> args = lang;
  args.insert(args.end(), {"init", util::path_to_utf8(s.ws())});
  const auto r = run_pdo(args, s.tmp(), "y\n");
  s.check("pdo init", r.out + r.err);
  require_ok(r);
}

void daily_commands(Sweep& s) {
  s.pdo({"--help"});
  for (const auto& c : cli::commands()) s.pdo({c.name, "--help"});
  s.pdo({"help"});
  s.pdo({"help", "track"});
  s.pdo({"status"});
  s.pdo({"start", "03"});
  s.pdo({"track", "done", "03", "read"});
  s.pdo({"track", "done", "03", "notes"});
  s.pdo({"ask", "--lesson", "03", s.question()});
  s.pdo({"lesson", "add", s.title()});
  s.pdo({"lesson", "list"});
  append(lesson_dir(s.ws(), "03") / "notes.md",
         s.english_mode() ? "\n## Glossary\n\n- **DDP**: data parallel\n" : "\n## 名称解释\n\n- **DDP**：数据并行\n");
  s.pdo({"track", "done", "03", "notes"});
  s.pdo({"glossary"});
  s.pdo({"log"});
  s.pdo({"log", "--calendar"});
  s.pdo({"report", "--html", util::path_to_utf8(s.tmp() / "report.html")});
  s.pdo({"undo"});
  s.pdo({"undo"});
  s.pdo({"check"});
  s.pdo({"check", "--lessons"});
  s.pdo({"check", "confirm", "course-page"});
  s.pdo({"scan"});
  s.pdo({"sync"});
  s.pdo({"init"});  // inside the workspace: completes it, asks nothing but consent
  s.pdo({"init", "--dry-run"});
}

void bad_input(Sweep& s) {
  for (const auto& args : std::vector<std::vector<std::string>>{{"bogus"},
                                                                {"track"},
                                                                {"track", "done"},
                                                                {"track", "done", "03"},
                                                                {"track", "maybe", "03", "read"},
                                                                {"track", "done", "99", "read"},
                                                                {"track", "done", "03", "bogus"},
                                                                {"start", "99"},
                                                                {"ask"},
                                                                {"lesson"},
                                                                {"lesson", "remove", "99"},
                                                                {"check", "confirm", "nope"},
                                                                {"check", "--online", "--open", "course-page"},
                                                                {"check", "--lessons", "--online"},
                                                                {"status", "--json=x"},
                                                                {"--color", "sometimes", "status"},
                                                                {"completion"},
                                                                {"completion", "bogus"},
                                                                {"init", "--script", "bogus"},
                                                                {"undo", "extra"},
                                                                {"scan", "nope.txt"},
                                                                {"log", "--bogus"},
                                                                {"hook", "bogus"},
                                                                {"init", "--email", "not-an-email", "--name", "x"}}) {
    s.pdo(args);
  }
  // A key: found by scan, refused by the pre-commit hook.
  write_file(s.ws() / "key.txt", "token = \"" + fake_key() + "\"\n");
  s.pdo({"scan", "key.txt"});
  REQUIRE(run_git({"add", "key.txt"}, s.ws()).exit_code == 0);
  s.pdo({"hook", "pre-commit"});
  REQUIRE(run_git({"rm", "-q", "--cached", "key.txt"}, s.ws()).exit_code == 0);
  fs::remove(s.ws() / "key.txt");
  // The learner's own rules: one whose regex backtracks without end, then a malformed file.
  write_file(s.ws() / ".gitleaks.toml", "[[rules]]\nid = \"slow\"\nregex = '''(a+)+$'''\n");
  write_file(s.ws() / "slow.txt", std::string(40, 'a') + "!\n");
  s.pdo({"scan", "slow.txt"});
  write_file(s.ws() / ".gitleaks.toml", "[[rules]]\nid = \"x\"\n");
  s.pdo({"scan", "slow.txt"});
  write_file(s.ws() / ".gitleaks.toml", "[[rules]]\nid =\n");
  s.pdo({"scan", "slow.txt"});
  s.pdo({"track", "done", "04", "read"});
  fs::remove(s.ws() / ".gitleaks.toml");
  fs::remove(s.ws() / "slow.txt");
  // A broken .pdo/lessons.toml: every command that opens the workspace says so.
  const auto own = s.ws() / ".pdo/lessons.toml";
  const std::string kept = fs::exists(own) ? read_file(own) : "";
  write_file(own, "[[lessons]]\nnumber = [\n");
  s.pdo({"status"});
  s.pdo({"track", "done", "04", "read"});
  write_file(own, "[[lessons]]\nnumber = 18\n");
  s.pdo({"status"});
  write_file(own, kept);
}

void sweep(Mode mode) {
  TempDir tmp("language-sweep");
  Sweep s(tmp.path(), mode);
  create_workspace(s);
  daily_commands(s);
  bad_input(s);
  // What pdo wrote: the files of the workspace and the report, and every commit message.
  for (const char* f : {"README.md", "progress.md", "questions.md", "check-env.md", "glossary.md"}) s.check_file(s.ws() / f);
  s.check_comments(s.ws() / ".gitignore");
  s.check_comments(s.ws() / ".pdo/config.toml");
  s.check_file(lesson_dir(s.ws(), "03") / "notes.md");
  std::string report = read_file(tmp / "report.html");
  report = std::regex_replace(report, std::regex("<(style|script)[^>]*>[\\s\\S]*?</\\1>"), " ");
  report = std::regex_replace(report, std::regex("<[^>]*>"), "\n");
  s.check("report.html", report);
  s.check("git log", git_out({"log", "--format=%B"}, s.ws()));
  INFO(util::join(s.found(), "\n"));
  CHECK(s.found().empty());
}

}  // namespace

TEST_CASE("zh mode (--lang zh): no English sentence anywhere pdo prints or writes", "[cli][language][issue26]") { sweep(Mode::zh_flag); }

TEST_CASE("en mode (--lang en): no Chinese anywhere pdo prints or writes", "[cli][language][issue26]") { sweep(Mode::en_flag); }

TEST_CASE("a lang = \"en\" workspace without --lang: no Chinese anywhere pdo prints or writes", "[cli][language][issue26]") {
  sweep(Mode::en_workspace);
}
