// pdo scan: names files and lines of possible secrets, never the secret itself.
#include <chrono>
#include <fstream>

#include "cli/cli_helpers.hpp"
#include "support/skip.hpp"
#include "util/fs.hpp"
#include "util/platform.hpp"

using namespace pdo;
using namespace pdo::test;
namespace fs = std::filesystem;

TEST_CASE("no false positives on a fresh workspace or on pdo's own sources", "[cli][scan]") {
  for (const std::string lang : {"zh", "en"}) {
    TempDir tmp("pdo-secrets-clean-" + lang);
    const fs::path ws = tmp / "course";
    REQUIRE(init_ws(ws, lang).exit_code == 0);
    const auto r = run_pdo({"scan"}, ws);
    INFO(lang << ": " << r.out << r.err);
    CHECK(r.exit_code == 0);
    const auto h = run_pdo({"scan", "--history"}, ws);
    CHECK(h.exit_code == 0);
  }
  // This repository: sources, docs, templates, hooks, tests (fake keys in tests are built at run time).
  const fs::path source_root = util::path_from_utf8(PDO_SOURCE_DIR);
  const auto r = run_pdo({"--lang", "en", "scan", util::path_to_utf8(source_root)}, source_root);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("found 0 possible secrets") != std::string::npos);
}

TEST_CASE("pdo scan names files and lines, skips what git ignores, exit 3", "[cli][scan]") {
  TempDir tmp("pdo-secrets-scan");
  const fs::path ws = tmp / "course";
  REQUIRE(init_ws(ws).exit_code == 0);
  write_file(ws / ".env", "GH=" + fake_key(7) + "\n");  // ignored: where keys belong
  write_file(ws / "data" / "leak.txt", "a\nb\n" + fake_key(8) + "\n");
  const auto r = run_pdo({"--lang", "en", "scan"}, ws);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);
  CHECK(r.out.find("data/leak.txt:3: github-token") != std::string::npos);
  CHECK(r.out.find(".env") == r.out.find(".env file at the workspace root"));  // only in the advice
  CHECK(r.out.find(fake_key(8).substr(4)) == std::string::npos);
  const auto one = run_pdo({"scan", "data/leak.txt"}, ws);
  CHECK(one.exit_code == 3);
  CHECK(run_pdo({"scan", "README.md"}, ws).exit_code == 0);
  CHECK(run_pdo({"scan", "missing.md"}, ws).exit_code == 2);
  // From a folder inside the workspace: its files relative to it, every other one absolute.
  write_file(ws / "notes" / "more.txt", fake_key(9) + "\n");
  const auto inside = run_pdo({"--lang", "en", "scan"}, ws / "data");
  INFO(inside.out << inside.err);
  CHECK(("\n" + inside.out).find("\nleak.txt:3: github-token") != std::string::npos);
  CHECK(inside.out.find("data/leak.txt") == std::string::npos);
  CHECK(inside.out.find(util::absolute_path(ws / "notes" / "more.txt").generic_u8string() + ":1: github-token") != std::string::npos);
}

TEST_CASE("pdo scan -j: any number of threads reports the same findings in the same order", "[cli][scan]") {
  TempDir tmp("pdo-secrets-jobs");
  const fs::path dir = tmp / "notes";
  for (unsigned i = 0; i < 12; ++i) {
    write_file(dir / ("n" + std::to_string(i) + ".md"), "line\n" + (i % 3 == 0 ? fake_key(20 + i) : std::string("nothing")) + "\n");
  }
  const auto one = run_pdo({"--lang", "en", "scan", "-j", "1", "notes"}, tmp.path());
  INFO(one.out << one.err);
  CHECK(one.exit_code == 3);
  CHECK(one.out.find("found 4 possible secrets") != std::string::npos);
  for (const char* jobs : {"2", "5"}) {
    const auto many = run_pdo({"--lang", "en", "scan", "--jobs", jobs, "notes"}, tmp.path());
    CHECK(many.exit_code == 3);
    CHECK(many.out == one.out);
  }
  const auto bad = run_pdo({"--lang", "en", "scan", "-j", "65", "notes"}, tmp.path());
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("--jobs") != std::string::npos);
}

TEST_CASE("pdo scan DIR does not follow symlinks, as git does not", "[cli][scan][posix][posix:symlinks]") {
  TempDir tmp("pdo-scan-links");
  const fs::path dir = tmp / "tree", outside = tmp / "outside";
  fs::create_directories(dir);
  fs::create_directories(outside / "big");
  write_file(outside / "leak.txt", "token " + fake_key(31) + "\n");
  write_file(outside / "big" / "more.txt", "token " + fake_key(32) + "\n");
  write_file(dir / "notes.md", "a clean note\n");
  fs::create_symlink(outside / "leak.txt", dir / "leak.txt");
  fs::create_directory_symlink(outside / "big", dir / "big");
  const auto r = run_pdo({"--lang", "en", "scan", util::path_to_utf8(dir)}, tmp.path());
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("Scanned 1 file (") != std::string::npos);
  // A file named on the command line is scanned, link or not.
  CHECK(run_pdo({"scan", util::path_to_utf8(dir / "leak.txt")}, tmp.path()).exit_code == 3);
}

TEST_CASE("pdo scan DIR does not read a .pyc CPython would load for a source it scans, and reads every other .pyc", "[cli][scan]") {
  TempDir tmp("pdo-scan-pyc");
  const fs::path dir = tmp / "tree", cache = dir / "pkg" / "__pycache__";
  write_file(dir / "pkg" / "mod.py", "x = 1\n");
  write_file(dir / "pkg" / "old.py", "y = 2\n");
  // Not real bytecode: a header (magic, flags, the source's mtime and size; 3495 is 3.11's magic), then a
  // key that only a scan reading the file finds.
  struct Header {
    std::uint32_t magic = 3495, flags = 0, size_off = 0;
  };
  const auto pyc = [&](const fs::path& source, Header h, unsigned key) {
    const auto id = platform::file_identity(source);
    REQUIRE(id);
    std::string out;
    for (const std::uint64_t word : {std::uint64_t{h.magic | 0x0A0D0000u}, std::uint64_t{h.flags},
                                     static_cast<std::uint64_t>(id->mtime_ns / 1000000000), id->size + h.size_off}) {
      for (int i = 0; i < 4; ++i) out += static_cast<char>((word >> (8 * i)) & 0xFF);
    }
    return out + "\xe3" + std::string(8, '\0') + "token " + fake_key(key) + "\n";
  };
  write_file(cache / "mod.cpython-311.pyc", pyc(dir / "pkg" / "mod.py", {}, 41));
  write_file(dir / "pkg" / "old.pyc", pyc(dir / "pkg" / "old.py", {}, 42));  // a legacy one, beside its source
  const auto clean = run_pdo({"--lang", "en", "scan", util::path_to_utf8(dir)}, tmp.path());
  INFO(clean.out << clean.err);
  CHECK(clean.exit_code == 0);
  CHECK(clean.out.find("Scanned 2 files (") != std::string::npos);
  CHECK(clean.out.find("2 .pyc files not read: each matches the source it was compiled from") != std::string::npos);

  // Read: a hash-based one (flags 1), a pre-3.7 magic, another size, a source that is gone, a source
  // changed since.
  write_file(cache / "mod.cpython-312.pyc", pyc(dir / "pkg" / "mod.py", {3531, 1, 0}, 43));
  write_file(cache / "mod.cpython-36.pyc", pyc(dir / "pkg" / "mod.py", {3379, 0, 0}, 44));
  write_file(cache / "mod.cpython-310.pyc", pyc(dir / "pkg" / "mod.py", {3439, 0, 1}, 45));
  write_file(cache / "gone.cpython-311.pyc", pyc(dir / "pkg" / "mod.py", {}, 46));
  fs::last_write_time(dir / "pkg" / "old.py", fs::last_write_time(dir / "pkg" / "old.py") - std::chrono::hours(1));
  const auto r = run_pdo({"--lang", "en", "scan", util::path_to_utf8(dir)}, tmp.path());
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);
  CHECK(r.out.find("Scanned 7 files (") != std::string::npos);
  CHECK(r.out.find("1 .pyc file not read") != std::string::npos);
  CHECK(r.out.find("found 5 possible secrets") != std::string::npos);
  for (const char* name : {"pkg/old.pyc", "-312.pyc", "-36.pyc", "-310.pyc", "gone.cpython-311.pyc"})
    CHECK(r.out.find(name) != std::string::npos);
  CHECK(r.out.find("mod.cpython-311.pyc") == std::string::npos);
}

// [posix:permissions] read permission. Root reads every file, so as root pdo runs as nobody (setpriv, util-linux).
TEST_CASE("pdo scan names each file it could not read, never counts it scanned or passes, and reads the .pyc of such a source",
          "[cli][scan][posix][posix:permissions]") {
  TempDir tmp("pdo-scan-unreadable");
  const fs::path dir = tmp / "tree";
  write_file(dir / "pkg" / "mod.py", "x = 1\n");
  write_file(dir / "pkg" / "ok.py", "y = 2\n");
  // mod.py's current .pyc (3.11's header: magic, flags 0, the source's mtime and size), with a key in it.
  const auto id = platform::file_identity(dir / "pkg" / "mod.py");
  REQUIRE(id);
  std::string pyc;
  for (const std::uint64_t word :
       {std::uint64_t{3495 | 0x0A0D0000u}, std::uint64_t{0}, static_cast<std::uint64_t>(id->mtime_ns / 1000000000), id->size}) {
    for (int i = 0; i < 4; ++i) pyc += static_cast<char>((word >> (8 * i)) & 0xFF);
  }
  write_file(dir / "pkg" / "__pycache__" / "mod.cpython-311.pyc", pyc + "\xe3" + std::string(8, '\0') + "token " + fake_key(47) + "\n");
  for (const fs::path& d : {tmp.path(), dir, dir / "pkg", dir / "pkg" / "__pycache__"})
    fs::permissions(d,
                    fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
  fs::permissions(dir / "pkg" / "mod.py", fs::perms::none);
  // A copy of pdo beside the tree, so that another user can run it wherever the build is.
  const fs::path pdo = tmp / "pdo";
  fs::copy_file(pdo_binary(), pdo);
  fs::permissions(pdo,
                  fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
  std::vector<std::string> argv;
  if (std::ifstream(dir / "pkg" / "mod.py").is_open()) {  // privileged: run pdo as nobody
    argv = {"/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"};
    std::vector<std::string> probe = argv;
    probe.push_back(util::path_to_utf8(pdo));
    probe.push_back("--version");
    if (!fs::exists(argv[0]) || platform::run_process(probe, {}).exit_code != 0)
      PDO_SKIP("root reads every file, and setpriv cannot run pdo as another user here");
  }
  const auto scan = [&] {
    std::vector<std::string> command = argv;
    for (const std::string& word :
         {util::path_to_utf8(pdo), std::string("--lang"), std::string("en"), std::string("scan"), util::path_to_utf8(dir)})
      command.push_back(word);
    platform::ProcessOptions opts;
    opts.cwd = tmp.path();
    opts.env = {{"HOME", util::path_to_utf8(tmp.path())}};
    return platform::run_process(command, opts);
  };
  const auto r = scan();
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);  // the key in the .pyc, which was read: its source was not
  CHECK(r.out.find("Scanned 2 files (") != std::string::npos);
  CHECK(r.out.find("1 file could not be read, so not scanned") != std::string::npos);
  CHECK(r.out.find("tree/pkg/mod.py\n") != std::string::npos);
  CHECK(r.out.find("mod.cpython-311.pyc:") != std::string::npos);
  CHECK(r.out.find(".pyc file not read") == std::string::npos);

  fs::remove(dir / "pkg" / "__pycache__" / "mod.cpython-311.pyc");
  const auto clean = scan();
  INFO(clean.out << clean.err);
  CHECK(clean.exit_code == 1);  // nothing found, but not everything was read: no pass
  CHECK(clean.out.find("Scanned 1 file (") != std::string::npos);
  CHECK(clean.out.find("1 file could not be read") != std::string::npos);
  fs::permissions(dir / "pkg" / "mod.py", fs::perms::owner_all);  // TempDir can remove it
}

TEST_CASE("pdo scan DIR does not read programs and libraries (machine code), reads each named one and every look-alike", "[cli][scan]") {
  TempDir tmp("pdo-scan-machine");
  const fs::path dir = tmp / "tree";
  // Each file holds a key after its first bytes: only a scan that reads the file finds it.
  const auto with_key = [](const std::string& head, unsigned key) {
    return head + std::string(8, '\0') + "\ntoken " + fake_key(key) + "\n";
  };
  write_file(dir / "lib" / "libx.so", with_key("\177ELF\x02\x01\x01", 51));
  write_file(dir / "lib" / "libx.so.1.2", with_key("\177ELF\x02\x01\x01", 52));
  write_file(dir / "bin" / "tool", with_key("\177ELF\x02\x01\x01", 53));
  write_file(dir / "lib" / "libfoo.a", with_key("!<arch>\n", 54));
  write_file(dir / "bin" / "App.EXE", with_key("MZ\x90", 55));
  write_file(dir / "bin" / "x.dll", with_key("MZ\x90", 57));  // an extension right after the first letter
  write_file(dir / "lib" / "core.dylib", with_key("\xcf\xfa\xed\xfe", 56));
  // Read: text named like a library, text with no extension, MZ text that is no .exe, ELF under a data
  // file's name, an archive header in a .txt.
  write_file(dir / "lib" / "fake.so", "token " + fake_key(61) + "\n");
  write_file(dir / "README", "token " + fake_key(62) + "\n");
  write_file(dir / "notes.md", "MZ is a file's first two bytes\ntoken " + fake_key(63) + "\n");
  write_file(dir / "model.bin", with_key("\177ELF\x02\x01\x01", 64));
  write_file(dir / "ar.txt", with_key("!<arch>\n", 65));
  const auto r = run_pdo({"--lang", "en", "scan", util::path_to_utf8(dir)}, tmp.path());
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);
  CHECK(r.out.find("Scanned 5 files (") != std::string::npos);
  CHECK(r.out.find("found 5 possible secrets") != std::string::npos);
  CHECK(r.out.find("7 programs or libraries not read (machine code") != std::string::npos);
  for (const char* name : {"lib/fake.so:", "README:", "notes.md:", "model.bin:", "ar.txt:"}) CHECK(r.out.find(name) != std::string::npos);
  for (const char* name : {"libx.so:", "libx.so.1.2", "tool:", "libfoo.a", "App.EXE", "x.dll", "core.dylib"})
    CHECK(r.out.find(name) == std::string::npos);
  // Named on the command line, a program is read.
  for (const fs::path& named : {dir / "bin" / "tool", dir / "lib" / "libx.so"}) {
    const auto one = run_pdo({"--lang", "en", "scan", util::path_to_utf8(named)}, tmp.path());
    INFO(one.out << one.err);
    CHECK(one.exit_code == 3);
    CHECK(one.out.find("not read") == std::string::npos);
  }
  const auto zh = run_pdo({"scan", util::path_to_utf8(dir)}, tmp.path());
  CHECK(zh.out.find("有 7 个程序或库文件没有读取") != std::string::npos);
}
