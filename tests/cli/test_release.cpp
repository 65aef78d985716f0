// The Windows release's package manifests (scripts/windows/manifests.py, which release.sh --base-url runs):
// a Scoop manifest and winget's multi-file manifest for the zip, with its URL and SHA-256, valid against
// copies of the published schemas kept in scripts/windows/schemas/ (validate-manifests.py, no network).
#include "cli/cli_helpers.hpp"

#include "util/fs.hpp"
#include "util/sha256.hpp"
#include "util/text.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

namespace {

const std::string k_base = "https://example.org/pdo/releases/download/v" PDO_VERSION;

fs::path script(const std::string& name) { return util::path_from_utf8(PDO_SOURCE_DIR) / "scripts" / "windows" / name; }

platform::ProcessResult python(const std::vector<std::string>& args, const fs::path& cwd) {
  std::vector<std::string> argv{"python3"};
  argv.insert(argv.end(), args.begin(), args.end());
  platform::ProcessOptions opts;
  opts.cwd = cwd;
  opts.timeout = std::chrono::milliseconds(60000);
  return platform::run_process(argv, opts);
}

/// A zip laid out as release.sh makes it: <name>/pdo.exe and README.md.
fs::path fake_release(const TempDir& tmp) {
  const std::string name = "pdo-" PDO_VERSION "-windows-x86_64";
  write_file(tmp / "stage" / name / "pdo.exe", "MZ not really a program\n");
  write_file(tmp / "stage" / name / "README.md", "# pdo\n");
  auto zip = tmp / (name + ".zip");
  const std::string script = "import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1], 'w')\nfor f in sys.argv[3:]: z.write(f)\nz.close()";
  const auto r = python({"-c", script, util::path_to_utf8(zip), "x", name + "/pdo.exe", name + "/README.md"}, tmp / "stage");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  return zip;
}

platform::ProcessResult validate(const TempDir& tmp, const fs::path& zip) {
  return python({util::path_to_utf8(script("validate-manifests.py")), util::path_to_utf8(tmp / "out"), "--zip", util::path_to_utf8(zip),
                 "--base-url", k_base},
                tmp.path());
}

fs::path winget_dir(const TempDir& tmp) { return tmp / "out" / "winget" / "manifests" / "p" / "pdo" / "pdo" / PDO_VERSION; }

}  // namespace

TEST_CASE("release manifests for Scoop and winget carry the zip's URL and SHA-256 and match the published schemas", "[cli][release]") {
  TempDir tmp;
  const auto zip = fake_release(tmp);
  const auto made = python({util::path_to_utf8(script("manifests.py")), "--zip", util::path_to_utf8(zip), "--version", PDO_VERSION,
                            "--base-url", k_base + "/", "--out", util::path_to_utf8(tmp / "out")},
                           tmp.path());
  INFO(made.out << made.err);
  REQUIRE(made.exit_code == 0);
  const std::string digest = util::sha256_hex(read_file(zip));
  const std::string url = k_base + "/" + zip.filename().string();

  const std::string scoop = read_file(tmp / "out" / "scoop" / "pdo.json");
  CHECK_THAT(scoop, Catch::Contains("\"hash\": \"" + digest + "\""));
  CHECK_THAT(scoop, Catch::Contains("\"url\": \"" + url + "\""));
  CHECK_THAT(scoop, Catch::Contains("\"bin\": \"pdo.exe\""));
  std::string upper = digest;
  for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const std::string installer = read_file(winget_dir(tmp) / "pdo.pdo.installer.yaml");
  CHECK_THAT(installer, Catch::Contains("InstallerSha256: \"" + upper + "\""));
  CHECK_THAT(installer, Catch::Contains("InstallerUrl: \"" + url + "\""));
  CHECK_THAT(installer, Catch::Contains("PortableCommandAlias: \"pdo\""));
  CHECK(fs::exists(winget_dir(tmp) / "pdo.pdo.yaml"));
  CHECK(fs::exists(winget_dir(tmp) / "pdo.pdo.locale.en-US.yaml"));
  CHECK(fs::exists(winget_dir(tmp) / "pdo.pdo.locale.zh-CN.yaml"));

  const auto ok = validate(tmp, zip);
  INFO(ok.out << ok.err);
  CHECK(ok.exit_code == 0);
  CHECK_THAT(ok.out, Catch::Contains("manifests valid"));
}

TEST_CASE("the manifest check fails on a wrong hash a missing field or a field the schema does not know", "[cli][release]") {
  TempDir tmp;
  const auto zip = fake_release(tmp);
  REQUIRE(python({util::path_to_utf8(script("manifests.py")), "--zip", util::path_to_utf8(zip), "--version", PDO_VERSION, "--base-url",
                  k_base, "--out", util::path_to_utf8(tmp / "out")},
                 tmp.path())
              .exit_code == 0);
  REQUIRE(validate(tmp, zip).exit_code == 0);
  const auto scoop_file = tmp / "out" / "scoop" / "pdo.json";
  const std::string scoop = read_file(scoop_file);
  const auto locale_file = winget_dir(tmp) / "pdo.pdo.locale.en-US.yaml";
  const std::string locale = read_file(locale_file);
  const auto installer_file = winget_dir(tmp) / "pdo.pdo.installer.yaml";
  const std::string installer = read_file(installer_file);

  SECTION("the zip changed after the manifests were written") {
    write_file(zip, read_file(zip) + "x");
    const auto r = validate(tmp, zip);
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.err, Catch::Contains("hash is not the zip's SHA-256"));
    CHECK_THAT(r.err, Catch::Contains("InstallerSha256 is not the zip's SHA-256"));
  }
  SECTION("winget's required License is gone") {
    std::string broken;
    for (const auto line : util::split_lines(locale)) {
      if (!util::starts_with(line, "License:")) broken += std::string(line);
    }
    write_file(locale_file, broken);
    const auto r = validate(tmp, zip);
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.err, Catch::Contains("'License' is a required property"));
  }
  SECTION("a Scoop field that does not exist") {
    write_file(scoop_file, util::replace_all(scoop, "\"bin\":", "\"binary\":"));
    const auto r = validate(tmp, zip);
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.err, Catch::Contains("binary"));
  }
  SECTION("an installer type winget does not know") {
    write_file(installer_file, util::replace_all(installer, "InstallerType: \"zip\"", "InstallerType: \"tarball\""));
    const auto r = validate(tmp, zip);
    CHECK(r.exit_code == 1);
    CHECK_THAT(r.err, Catch::Contains("tarball"));
  }
}

TEST_CASE("manifests need an https base URL and the release zip's layout", "[cli][release]") {
  TempDir tmp;
  const auto zip = fake_release(tmp);
  const auto http = python({util::path_to_utf8(script("manifests.py")), "--zip", util::path_to_utf8(zip), "--version", PDO_VERSION,
                            "--base-url", "http://example.org/x"},
                           tmp.path());
  CHECK(http.exit_code != 0);
  CHECK_THAT(http.err, Catch::Contains("https://"));
  write_file(tmp / "other.zip", read_file(zip));  // the folder inside is not named after this zip
  const auto layout = python({util::path_to_utf8(script("manifests.py")), "--zip", util::path_to_utf8(tmp / "other.zip"), "--version",
                              PDO_VERSION, "--base-url", k_base},
                             tmp.path());
  CHECK(layout.exit_code != 0);
  CHECK_THAT(layout.err, Catch::Contains("has no other/pdo.exe"));
}
