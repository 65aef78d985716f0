// A child process for the platform::run_process tests (the same program on Linux and Windows):
//   pdo_test_child args A B…   prints each argument on its own line (round trip of the argv quoting)
//   pdo_test_child exit N      exits with N
//   pdo_test_child stdin       copies standard input to standard error
//   pdo_test_child sleep MS    sleeps, then prints "woke"
//   pdo_test_child env NAME    prints the variable or "<unset>"
//   pdo_test_child cwd         prints the working folder
//   pdo_test_child signals     (POSIX) prints "sigpipe ignored" or "sigpipe default", and "blocked" if any
//                              signal is blocked
//   pdo_test_child fds         (Linux) prints every open descriptor above 2, one a line
// Copied under another name (python3, git, python3.exe…) beside a rules file <that name without extension>.fake,
// it is a fake of that program for the CLI tests, on Linux and under wine alike, and answers by the rules:
//   log FILE     (before any `when`) appends the arguments, joined by spaces, to FILE (beside the rules)
//   when GLOB    starts a rule for arguments (joined by spaces) matching GLOB (`*` and `?`); the first
//                matching rule runs, line by line:
//   out TEXT     prints TEXT and a newline on standard output (`\e` is ESC, `\a` BEL, `\\` a backslash)
//   err TEXT     the same on standard error
//   sleep MS     sleeps
//   exit N       exits with N (a rule without one exits 0)
// Arguments no rule matches: "unexpected: ARGS" on standard error, exit 9.
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <thread>
#ifndef _WIN32
#include <signal.h>
#endif

#include "util/fs.hpp"
#include "util/platform.hpp"

namespace {

bool glob_match(const std::string& pattern, const std::string& text) {
  std::size_t p = 0, t = 0, star = std::string::npos, resume = 0;
  while (t < text.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
      ++p;
      ++t;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      resume = t;
    } else if (star != std::string::npos) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

std::string unescape(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\' || i + 1 == text.size()) {
      out += text[i];
      continue;
    }
    const char c = text[++i];
    out += c == 'e' ? '\x1b' : c == 'a' ? '\a' : c;
  }
  return out;
}

/// Runs one action line of a matching rule; returns the exit code when the line ends the rule.
std::optional<int> run_action(const std::string& line) {
  const auto space = line.find(' ');
  const std::string verb = line.substr(0, space);
  const std::string rest = space == std::string::npos ? std::string() : line.substr(space + 1);
  if (verb == "out")
    std::cout << unescape(rest) << '\n' << std::flush;
  else if (verb == "err")
    std::cerr << unescape(rest) << '\n' << std::flush;
  else if (verb == "sleep")
    std::this_thread::sleep_for(std::chrono::milliseconds(std::atoi(rest.c_str())));
  else if (verb == "exit")
    return std::atoi(rest.c_str());
  return std::nullopt;
}

/// A fake program: answers `args` by the rules file beside it (see the top of this file).
int fake(const std::filesystem::path& self, const std::vector<std::string>& args) {
  std::string joined;
  for (const auto& a : args) joined += (joined.empty() ? "" : " ") + a;
  std::ifstream rules(std::filesystem::path(self).replace_extension(".fake"), std::ios::binary);
  bool in_rule = false, matched = false;
  for (std::string line; std::getline(rules, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind("when ", 0) == 0) {
      if (matched) return 0;
      in_rule = glob_match(line.substr(5), joined);
      matched = in_rule;
    } else if (line.rfind("log ", 0) == 0 && !matched) {
      std::ofstream(self.parent_path() / pdo::util::path_from_utf8(line.substr(4)), std::ios::app | std::ios::binary) << joined << '\n';
    } else if (in_rule) {
      if (const auto code = run_action(line)) return *code;
    }
  }
  if (matched) return 0;
  std::cerr << "unexpected: " << joined << '\n';
  return 9;
}

}  // namespace

int main(int argc, char** argv) {
  pdo::platform::setup_console();
  const auto args = pdo::platform::utf8_args(argc, argv);
  const auto self = pdo::platform::self_exe();
  if (self && std::filesystem::exists(std::filesystem::path(*self).replace_extension(".fake"))) return fake(*self, args);
  if (args.empty()) return 2;
  const std::string& mode = args[0];
  if (mode == "args") {
    for (std::size_t i = 1; i < args.size(); ++i) std::cout << args[i] << '\n';
  } else if (mode == "exit" && args.size() == 2) {
    return std::atoi(args[1].c_str());
  } else if (mode == "stdin") {
    std::string all;
    char buf[4096];
    while (std::cin.read(buf, sizeof buf) || std::cin.gcount() > 0) all.append(buf, static_cast<std::size_t>(std::cin.gcount()));
    std::cerr << all;
  } else if (mode == "sleep" && args.size() == 2) {
    std::this_thread::sleep_for(std::chrono::milliseconds(std::atoi(args[1].c_str())));
    std::cout << "woke\n";
  } else if (mode == "env" && args.size() == 2) {
    std::cout << pdo::platform::get_env(args[1]).value_or("<unset>") << '\n';
  } else if (mode == "cwd") {
    std::cout << pdo::util::path_to_utf8(std::filesystem::current_path()) << '\n';
#ifndef _WIN32
  } else if (mode == "signals") {
    struct sigaction sa {};
    sigaction(SIGPIPE, nullptr, &sa);
    std::cout << (sa.sa_handler == SIG_IGN ? "sigpipe ignored\n" : "sigpipe default\n");
    sigset_t mask;
    sigemptyset(&mask);
    sigprocmask(SIG_BLOCK, nullptr, &mask);
    for (int sig = 1; sig < 32; ++sig) {
      if (sigismember(&mask, sig) == 1) {
        std::cout << "blocked\n";
        break;
      }
    }
  } else if (mode == "fds") {
    // Listing /proc/self/fd opens one more descriptor, for the listing itself: it is reported too, so the
    // caller expects exactly one line.
    for (const auto& e : std::filesystem::directory_iterator("/proc/self/fd")) {
      const std::string name = e.path().filename().string();
      if (std::atoi(name.c_str()) > 2) std::cout << name << '\n';
    }
#endif
  } else {
    return 2;
  }
  return 0;
}
