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
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <thread>
#ifndef _WIN32
#include <signal.h>
#endif

#include "util/fs.hpp"
#include "util/platform.hpp"

int main(int argc, char** argv) {
  pdo::platform::setup_console();
  const auto args = pdo::platform::utf8_args(argc, argv);
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
