// app::hook_runnable: which hook files git would run, the rule pdo's chaining of <hook>.local follows
// (a hook git ignores must stay ignored once pdo's hook runs in its place).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "app/hooks/hook_install.hpp"
#include "support/temp_dir.hpp"
#include "util/platform.hpp"

using namespace pdo;
namespace fs = std::filesystem;

namespace {

fs::path write(const fs::path& file, const std::string& text) {
  std::ofstream(file, std::ios::binary) << text;
  return file;
}

}  // namespace

TEST_CASE("hook_runnable says which hook files git would run", "[app]") {
  test::TempDir tmp("pdo-hook-runnable");
  const fs::path script = write(tmp / "script", "#!/bin/sh\nexit 0\n");
  const fs::path plain = write(tmp / "plain", "exit 0\n");
  fs::create_directories(tmp / "folder");
  CHECK_FALSE(app::hook_runnable(tmp / "folder"));
  CHECK_FALSE(app::hook_runnable(tmp / "absent"));
  if (platform::current_os() == platform::Os::windows) {
    // No execute bit: Git for Windows starts a "#!" script, and nothing else without an extension.
    CHECK(app::hook_runnable(script));
    CHECK_FALSE(app::hook_runnable(plain));
    CHECK_FALSE(app::hook_runnable(write(tmp / "short", "#")));
  } else {
    // POSIX: the execute bit alone decides, "#!" or not.
    fs::permissions(script, fs::perms::owner_exec, fs::perm_options::remove);
    fs::permissions(plain, fs::perms::owner_exec, fs::perm_options::add);
    CHECK_FALSE(app::hook_runnable(script));
    CHECK(app::hook_runnable(plain));
  }
}
