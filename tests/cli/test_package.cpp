// The Debian package: `cpack -G DEB` in the build folder (cmake/Packaging.cmake) makes a .deb of the
// install rules; unpacked with `dpkg -x` into a temporary root (never installed into /usr, so no
// /usr/bin/pdo is left for other tests to find), its pdo runs and its man pages and completions are there.
#include "cli/cli_helpers.hpp"

#include "util/fs.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

platform::ProcessResult run_in(const std::vector<std::string>& argv, const fs::path& cwd) {
  platform::ProcessOptions opts;
  opts.cwd = cwd;
  opts.timeout = std::chrono::milliseconds(300000);
  return platform::run_process(argv, opts);
}

}  // namespace

// [posix:packages] Debian's dpkg tools and the Linux build's package.
TEST_CASE("cpack -G DEB makes a .deb whose unpacked pdo --version runs", "[cli][package][posix][posix:packages]") {
  TempDir tmp;
  REQUIRE(platform::find_program("cpack"));
  REQUIRE(platform::find_program("dpkg-deb"));
  const fs::path build = util::path_from_utf8(PDO_BUILD_DIR);
  const auto made = run_in({"cpack", "-G", "DEB", "-B", util::path_to_utf8(tmp / "out")}, build);
  INFO(made.out << made.err);
  REQUIRE(made.exit_code == 0);
  std::vector<fs::path> debs;
  for (const auto& e : fs::directory_iterator(tmp / "out")) {
    if (e.path().extension() == ".deb") debs.push_back(e.path());
  }
  REQUIRE(debs.size() == 1);
  CHECK(util::starts_with(debs.front().filename().string(), "pdo_" PDO_VERSION "_"));

  const auto info =
      run_in({"dpkg-deb", "--field", util::path_to_utf8(debs.front()), "Package", "Version", "Depends", "Recommends"}, tmp.path());
  INFO(info.out << info.err);
  REQUIRE(info.exit_code == 0);
  CHECK_THAT(info.out, Catch::Contains("Package: pdo"));
  CHECK_THAT(info.out, Catch::Contains("Version: " PDO_VERSION));
  CHECK_THAT(info.out, Catch::Contains("libc6"));  // from dpkg-shlibdeps
  CHECK_THAT(info.out, Catch::Contains("libcurl4"));

  const fs::path root = tmp / "root";
  const auto unpacked = run_in({"dpkg", "-x", util::path_to_utf8(debs.front()), util::path_to_utf8(root)}, tmp.path());
  INFO(unpacked.out << unpacked.err);
  REQUIRE(unpacked.exit_code == 0);
  const auto version = run_in({util::path_to_utf8(root / "usr/bin/pdo"), "--version"}, tmp.path());
  INFO(version.out << version.err);
  CHECK(version.exit_code == 0);
  CHECK(util::trim(version.out) == "pdo " PDO_VERSION);
  for (const char* f : {"usr/share/man/man1/pdo.1", "usr/share/man/zh_CN/man1/pdo.1", "usr/share/bash-completion/completions/pdo",
                        "usr/share/zsh/vendor-completions/_pdo", "usr/share/fish/vendor_completions.d/pdo.fish",
                        "usr/share/doc/pdo/README.md", "usr/share/doc/pdo/README.en.md", "usr/share/doc/pdo/docs/commands.md"}) {
    INFO(f);
    CHECK(fs::is_regular_file(root / f));
  }
  // The package's completion script is the one its own pdo prints.
  const auto script = run_in({util::path_to_utf8(root / "usr/bin/pdo"), "completion", "bash"}, tmp.path());
  CHECK(script.out == read_file(root / "usr/share/bash-completion/completions/pdo"));
  CHECK_FALSE(fs::exists("/usr/bin/pdo"));  // nothing was installed on this machine
}
