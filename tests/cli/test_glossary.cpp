// pdo glossary: the terms of the learner's notes (seed 001's own glossary) gathered into glossary.md as
// one commit; the notes are never changed, and the learner's text outside pdo's block stays.
#include "cli/cli_helpers.hpp"

#include <map>

#include <nlohmann/json.hpp>

#include "util/fs.hpp"

using namespace pdo;
using namespace pdo::test;

namespace {

namespace fs = std::filesystem;

const std::string k_nccl_04 = "\n## 名称解释\n\nNCCL：NVIDIA 的 GPU 集合通信库，torch.distributed 的 nccl 后端用它做 all_reduce。\n";

/// The workspace with seed 001's glossary in lesson 01's notes and another NCCL definition in lesson 04's.
fs::path seeded_workspace(const TempDir& tmp) {
  auto root = fresh_workspace(tmp);
  const std::string seed = read_file(util::path_from_utf8(PDO_SOURCE_DIR) / "tests" / "fixtures" / "seed-001-glossary.md");
  REQUIRE_THAT(seed, Catch::Contains("名称解释：") && Catch::Contains("NCCL："));
  append(lesson_dir(root, "01") / "notes.md", seed);
  append(lesson_dir(root, "04") / "notes.md", k_nccl_04);
  git_out({"add", "lessons"}, root);
  git_out({"commit", "-qm", "my notes"}, root);
  return root;
}

}  // namespace

TEST_CASE("glossary gathers seed 001's terms with links and leaves the notes byte-identical", "[cli][glossary]") {
  TempDir tmp("glossary");
  const auto root = seeded_workspace(tmp);
  const std::string notes01 = read_file(lesson_dir(root, "01") / "notes.md");
  const std::string notes04 = read_file(lesson_dir(root, "04") / "notes.md");
  const int before = commit_count(root);

  const auto r = pdo_in(root, {"glossary"});
  require_ok(r);
  CHECK_THAT(r.out, Catch::Contains("5 个术语") && Catch::Contains("NCCL（多个定义）"));
  CHECK(commit_count(root) == before + 1);
  CHECK(git_out({"show", "--name-only", "--format=", "HEAD"}, root) == "glossary.md\n");
  CHECK_THAT(git_out({"log", "-1", "--format=%B"}, root), Catch::Contains("Pdo-Action: glossary"));
  CHECK(read_file(lesson_dir(root, "01") / "notes.md") == notes01);
  CHECK(read_file(lesson_dir(root, "04") / "notes.md") == notes04);
  require_clean_repo(root);

  const std::string md = read_file(root / "glossary.md");
  // Reference links: each lesson's notes path is written once, under the terms.
  const std::string l01 = "[01 PyTorch Distributed Overview][pdo-01]";
  const std::string l04 = "[04 Writing Distributed Applications with PyTorch][pdo-04]";
  CHECK_THAT(md, Catch::EndsWith("\n\n[pdo-01]: lessons/01-01-pytorch-distributed-overview/notes.md\n"
                                 "[pdo-04]: lessons/04-04-writing-distributed-applications-with-pytorch/notes.md\n"
                                 "<!-- pdo:end glossary -->\n"));
  // Latin A-Z: DeviceMesh, DTensor, NCCL, SPMD, Tensor.
  const auto at = [&](const std::string& heading) { return md.find("\n### " + heading + "\n"); };
  for (const char* term : {"DeviceMesh", "DTensor", "NCCL", "SPMD", "Tensor"}) {
    INFO(term);
    CHECK(at(term) != std::string::npos);
  }
  CHECK(at("DeviceMesh") < at("DTensor"));
  CHECK(at("DTensor") < at("NCCL"));
  CHECK(at("NCCL") < at("SPMD"));
  CHECK(at("SPMD") < at("Tensor"));
  CHECK(count_of(md, "\n### ") == 5);  // no term from the text after the glossary ("- Tensor (张量/数据结构)：")
  CHECK_THAT(md, Catch::Contains("### Tensor\n\n> Tensor（张量）就是一个多维数组，它是整个深度学习世界里装载数据的“集装箱”。\n"
                                 "> 无论是你输入的文本、图片，还是模型内部几十亿的参数，在 GPU 眼里，它们全都是 Tensor。\n\n出处：" +
                                 l01 + "\n"));
  CHECK_THAT(
      md,
      Catch::Contains(
          "### NCCL\n\n这个术语在笔记里有 2 个不同的定义：\n\n> NCCL（发音为 \"Nickel\"）的全称是 NVIDIA Collective Communications Library（NVIDIA 集合通信库）\n\n出处：" +
          l01 + "\n\n> NVIDIA 的 GPU 集合通信库，torch.distributed 的 nccl 后端用它做 all_reduce。\n\n出处：" + l04 + "\n"));
  CHECK_THAT(md, Catch::Contains("### DeviceMesh\n\n> 在分布式训练领域，DeviceMesh 是管理 ProcessGroup 的高级抽象"));
  CHECK_THAT(md, !Catch::Contains("PyTorch 是大模型计算"));

  SECTION("a second run with nothing new makes no commit; --json writes nothing") {
    const auto again = pdo_in(root, {"glossary"});
    require_ok(again);
    CHECK_THAT(again.out, Catch::Contains("没有新提交"));
    CHECK(commit_count(root) == before + 1);
    const auto json = pdo_in(root, {"glossary", "--json"});
    require_ok(json);
    CHECK_THAT(
        json.out,
        Catch::StartsWith(R"({"terms":[{"term":"DeviceMesh","definitions":[{"text":"在分布式训练领域)") &&
            Catch::Contains(
                R"("places":[{"lesson":"04","title":"Writing Distributed Applications with PyTorch","path":"lessons/04-04-writing-distributed-applications-with-pytorch/notes.md","line":)"));
    CHECK(commit_count(root) == before + 1);
    require_clean_repo(root);
  }
  SECTION("the learner's text outside the block stays; a new definition refreshes only the block") {
    const std::string mine = "我自己的补充：先读 DTensor。\n";
    write_file(root / "glossary.md", "# 我的术语表\n\n" + mine +
                                         read_file(root / "glossary.md").substr(read_file(root / "glossary.md").find("<!-- pdo:begin")) +
                                         "\n末尾也是我写的。\n");
    git_out({"commit", "-qam", "my glossary intro"}, root);
    append(lesson_dir(root, "04") / "notes.md", "DDP：每张卡一份完整模型\n");
    require_ok(pdo_in(root, {"glossary"}));
    const std::string now = read_file(root / "glossary.md");
    CHECK_THAT(now, Catch::StartsWith("# 我的术语表\n\n" + mine + "<!-- pdo:begin glossary -->") &&
                        Catch::EndsWith("<!-- pdo:end glossary -->\n\n末尾也是我写的。\n"));
    CHECK(now.find("\n### DDP\n") < now.find("\n### DeviceMesh\n"));
    CHECK(git_out({"show", "--name-only", "--format=", "HEAD"}, root) == "glossary.md\n");
    CHECK_THAT(git_out({"status", "--porcelain"}, root), Catch::Contains(" M lessons/04-04"));  // the note itself stays uncommitted
  }
}

TEST_CASE("glossary without any glossary in the notes writes nothing and says how to start one", "[cli][glossary]") {
  TempDir tmp("glossary none");
  const auto root = fresh_workspace(tmp);
  const int before = commit_count(root);
  const auto r = pdo_in(root, {"glossary"});
  require_ok(r);
  CHECK_THAT(r.out, Catch::Contains("名称解释："));
  CHECK_FALSE(fs::exists(root / "glossary.md"));
  CHECK(commit_count(root) == before);
  CHECK(pdo_in(root, {"glossary", "--json"}).out == "{\"terms\":[]}\n");
}

// Issue 41 item 2 (repro 3): `pdo glossary` wrote a glossary.md larger than the 4 MiB it reads back (about
// 23k entries), and every later run exited 2. The writer keeps to the reader's cap: over it, nothing is
// written and the message says what to do; under it (the same notes, half the terms), the next run works.
TEST_CASE("glossary never writes a glossary.md larger than it reads back", "[cli][glossary][own-state]") {
  TempDir tmp("glossary cap");
  auto root = fresh_workspace(tmp);
  // Each lesson's notes well under the 4 MiB cap; all terms together past it in glossary.md.
  const auto terms = [](int lesson, int count) {
    std::string text = "\n名称解释：\n";
    for (int i = 0; i < count; ++i) {
      text += "Term" + std::to_string(lesson) + "x" + std::to_string(i) + "：a definition long enough to count, lesson " +
              std::to_string(lesson) + ", entry " + std::to_string(i) + " of the generated glossary\n";
    }
    return text;
  };
  for (const char* lesson : {"01", "02", "03", "04"}) append(lesson_dir(root, lesson) / "notes.md", terms(std::stoi(lesson), 8000));
  git_out({"add", "lessons"}, root);
  git_out({"commit", "-qm", "my notes"}, root);
  const std::string head = git_out({"rev-parse", "HEAD"}, root);
  auto r = pdo_in(root, {"--lang", "en", "glossary"});
  INFO(r.out << r.err);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("glossary.md") && Catch::Contains("4194304"));
  CHECK_FALSE(fs::exists(root / "glossary.md"));
  CHECK(git_out({"rev-parse", "HEAD"}, root) == head);
  // Half of it fits: written, and read back by the next run.
  for (const char* lesson : {"03", "04"}) {
    write_file(lesson_dir(root, lesson) / "notes.md", "# notes\n");
  }
  git_out({"commit", "-qam", "fewer notes"}, root);
  require_ok(pdo_in(root, {"glossary"}));
  CHECK(fs::file_size(root / "glossary.md") <= util::k_max_text_bytes);
  require_ok(pdo_in(root, {"glossary"}));
  require_ok(pdo_in(root, {"glossary", "--json"}));
}

// The cap's edge (issue 42 item 3, found by a mutant of `>` to `>=` that survived): a glossary.md of
// exactly the cap's size is written and read back; one byte more is refused and writes nothing.
TEST_CASE("glossary at the cap's edge: exactly the cap is written, one byte more is not", "[cli][glossary][own-state]") {
  TempDir tmp("glossary edge");
  auto root = fresh_workspace(tmp);
  const auto with_definitions = [&](std::size_t each, std::size_t extra) {
    write_file(lesson_dir(root, "01") / "notes.md", "# 01\n\n名称解释：\nAlpha：" + std::string(each + extra, 'x') + "\n");
    write_file(lesson_dir(root, "02") / "notes.md", "# 02\n\n名称解释：\nBeta：" + std::string(each, 'y') + "\n");
    git_out({"commit", "-qam", "notes"}, root);
  };
  // The file's own text around the two definitions, measured once.
  with_definitions(1000, 0);
  require_ok(pdo_in(root, {"glossary"}));
  const std::size_t around = static_cast<std::size_t>(fs::file_size(root / "glossary.md")) - 2000;
  const std::size_t room = util::k_max_text_bytes - around;
  with_definitions(room / 2, room % 2);
  require_ok(pdo_in(root, {"glossary"}));
  CHECK(fs::file_size(root / "glossary.md") == util::k_max_text_bytes);
  require_ok(pdo_in(root, {"status"}));
  const std::string at_cap = git_out({"rev-parse", "HEAD"}, root);
  with_definitions(room / 2, room % 2 + 1);
  const auto over = pdo_in(root, {"--lang", "en", "glossary"});
  INFO(over.out << over.err);
  CHECK(over.exit_code == 2);
  CHECK(fs::file_size(root / "glossary.md") == util::k_max_text_bytes);
  CHECK(git_out({"rev-parse", "HEAD~1"}, root) == at_cap);  // only the notes commit since
}

// Issue 43 item 6: bullets were ignored without a word; now they are entries, and a glossary pdo reads no
// term from is named with its line and the shape pdo reads.
TEST_CASE("glossary reads list items and names a glossary it reads nothing from", "[cli][glossary][issue43]") {
  TempDir tmp("glossary bullets");
  auto root = fresh_workspace(tmp);
  const fs::path notes = lesson_dir(root, "01") / "notes.md";
  append(notes, "\n名称解释：\n1. Tensor 是张量\n");
  git_out({"commit", "-qam", "notes"}, root);
  const auto none = pdo_in(root, {"--lang", "en", "glossary"});
  require_ok(none);
  const std::string rel = "lessons/" + util::path_to_utf8(lesson_dir(root, "01").filename()) + "/notes.md";
  CHECK_THAT(none.out, Catch::Contains(rel + ":") && Catch::Contains("no term was read from the glossary here"));
  CHECK_FALSE(fs::exists(root / "glossary.md"));
  append(notes, "\n术语：\n- Tensor：张量\n* DDP: 数据并行\n\n下一节：FSDP\n");
  git_out({"commit", "-qam", "notes"}, root);
  require_ok(pdo_in(root, {"glossary"}));
  const std::string glossary = read_file(root / "glossary.md");
  CHECK_THAT(glossary, Catch::Contains("Tensor") && Catch::Contains("DDP") && !Catch::Contains("下一节"));
}

TEST_CASE("glossary, status and log --json parse when the notes hold DEL, C1, bidi controls and bytes that are not UTF-8",
          "[cli][glossary][json]") {
  TempDir tmp("glossary json bytes");
  const auto root = fresh_workspace(tmp);
  // A term and definitions holding DEL, a byte that is not UTF-8, CSI as C1, RLO, LS, a quote and a backslash.
  append(lesson_dir(root, "02") / "notes.md",
         "\n名称解释：\n\nDEL\x7fterm：bad \xff byte\nCSI：\xc2\x9b"
         "31m red \xe2\x80\xae evil\nQuote：say \"hi\" \\ \xe2\x80\xa8 next\n");
  git_out({"add", "lessons"}, root);
  git_out({"commit", "-qm", "notes with odd bytes"}, root);
  require_ok(pdo_in(root, {"glossary"}));
  require_ok(pdo_in(root, {"track", "done", "02", "notes"}));
  for (const auto& args : {std::vector<std::string>{"glossary", "--json"}, {"status", "--json"}, {"log", "--json"}}) {
    const auto r = pdo_in(root, args);
    INFO(args.front() << ": " << r.out);
    require_ok(r);
    nlohmann::json parsed;
    REQUIRE_NOTHROW(parsed = nlohmann::json::parse(r.out));
    for (const char c : r.out) CHECK((static_cast<unsigned char>(c) >= 0x20 || c == '\n'));
    CHECK(r.out.find('\x7f') == std::string::npos);
    CHECK(r.out.find("\xc2\x9b") == std::string::npos);
    CHECK(r.out.find("\xe2\x80\xae") == std::string::npos);
    if (args.front() != "glossary") continue;
    std::map<std::string, std::string> defs;
    for (const auto& t : parsed.at("terms"))
      defs[t.at("term").get<std::string>()] = t.at("definitions").at(0).at("text").get<std::string>();
    CHECK(defs.at("DEL\x7fterm") == "bad \xef\xbf\xbd byte");  // the stray byte as U+FFFD, DEL as itself
    CHECK(defs.at("CSI") ==
          "\xc2\x9b"
          "31m red \xe2\x80\xae evil");
    CHECK(defs.at("Quote") == "say \"hi\" \\ \xe2\x80\xa8 next");
  }
}

// The 4 MiB pdo reads back (util::k_max_text_bytes), for the notes glossary reads: a notes.md of exactly
// 4,194,304 bytes gives its terms; one byte more is skipped, named on stderr, and the others still count.
TEST_CASE("glossary reads a notes.md of exactly 4 MiB and skips, naming it, one of a byte more", "[cli][glossary]") {
  TempDir tmp("glossary notes cap");
  const auto root = fresh_workspace(tmp);
  const auto notes = lesson_dir(root, "02") / "notes.md";
  const std::string head = read_file(notes) + "\n名称解释：\n\nBigTerm：在一份很长的笔记里\n\n";
  const std::size_t cap = util::k_max_text_bytes;
  REQUIRE(head.size() < cap);
  append(lesson_dir(root, "05") / "notes.md", "\n名称解释：\n\nSmallTerm：在另一课\n");
  for (const std::size_t size : {cap, cap + 1}) {
    INFO(size);
    write_file(notes, head + std::string(size - head.size() - 1, 'x') + "\n");
    REQUIRE(fs::file_size(notes) == size);
    const auto r = pdo_in(root, {"--lang", "en", "glossary", "--json"});
    INFO(r.err);
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("SmallTerm"));
    if (size == cap) {
      CHECK_THAT(r.out, Catch::Contains("BigTerm"));
      CHECK(r.err.empty());
    } else {
      CHECK_THAT(r.out, !Catch::Contains("BigTerm"));
      CHECK_THAT(r.err, Catch::Contains("notes.md") && Catch::Contains("too large"));
    }
  }
}
