// pdo glossary [--json]: gathers the terms the learner defined in the lessons' notes.md files (under a
// 名称解释 / 术语 / Glossary line) into the marked block of glossary.md at the workspace root, as one
// commit; `--json` prints them for scripts and writes nothing. It never writes or rewords a definition,
// never changes a note, and keeps everything outside its block in glossary.md.
#include <memory>
#include <ostream>

#include "app/display.hpp"
#include "app/trailers.hpp"
#include "cli/commands.hpp"
#include "util/format.hpp"
#include "util/fs.hpp"
#include "util/json.hpp"
#include "workspace/glossary.hpp"
#include "workspace/marked_block.hpp"

namespace pdo::cli {

using util::tr;
using util::trf;
namespace fs = std::filesystem;

namespace {

constexpr const char* k_glossary_path = "glossary.md";

struct GlossaryOptions {
  bool json = false;
};

/// Every lesson's notes.md inside the workspace (a link out of it, a folder or a huge file is skipped).
std::vector<workspace::LessonNotes> read_notes(Context& ctx, const workspace::Workspace& ws) {
  std::vector<workspace::LessonNotes> notes;
  for (const auto& lesson : ws.course.lessons) {
    const std::string rel = "lessons/" + lesson.folder + "/notes.md";
    const fs::path file = ws.path(rel);
    std::error_code ec;
    if (!fs::exists(file, ec)) continue;
    if (!util::path_is_inside(ws.root, file)) {
      ctx.err << tr("pdo: 跳过 ", "pdo: skipped ") << rel << tr("：它指向工作区之外\n", ": it points outside the workspace\n");
      continue;
    }
    auto text = util::read_file_capped(file, util::k_max_text_bytes);
    if (!text) {
      ctx.err << "pdo: " << app::for_display(text.error().message) << "\n";
      continue;
    }
    notes.push_back({&lesson, rel, std::move(text).value()});
  }
  return notes;
}

/// glossary.md with pdo's block refreshed; a file without the block gets it at its end.
std::string updated_file(const std::optional<std::string>& existing, std::string fresh, Context& ctx) {
  if (!existing) return fresh;
  if (auto replaced = workspace::replace_block(*existing, fresh, "glossary")) return *replaced;
  ctx.out << tr("glossary.md 里没有 pdo 的标记区块，已把它加在文件末尾；你原来的内容没有改动。\n",
                "glossary.md had no pdo block; pdo added one at its end and left your text as it was.\n");
  const std::string block(*workspace::find_block(fresh, "glossary"));
  const std::string eol(util::detect_eol(*existing));
  std::string out = *existing;
  if (!out.empty() && out.back() != '\n') out += eol;
  return out + eol + util::with_eol(block + "\n", eol);
}

int run_glossary(const GlossaryOptions& opts, Context& ctx) {
  if (opts.json) {
    const workspace::Workspace ws = open_workspace_files(ctx);
    util::write_json(ctx.out, workspace::glossary_json(workspace::collect_glossary(read_notes(ctx, ws))));
    return 0;
  }
  Session s = open_session(ctx, Access::write);
  auto notes = read_notes(ctx, s.ws);
  auto terms = workspace::collect_glossary(notes);
  const fs::path file = s.path(k_glossary_path);
  std::optional<std::string> existing;
  std::error_code ec;
  if (fs::exists(fs::symlink_status(file, ec))) existing = util::read_file_capped(file, util::k_max_text_bytes).take();
  if (terms.empty() && !existing) {
    // A glossary written in a shape pdo does not read: say where, and the shape it reads.
    for (const auto& n : notes) {
      for (const auto line : workspace::scan_glossary(n.text).empty_sections) {
        ctx.out << n.path << ":" << line
                << tr("：这里的名称解释里没有读到术语。每个术语写一行「术语：定义」（也可以是「- 术语：定义」），中间不要空行。\n",
                      ": no term was read from the glossary here. Write one \"Term: definition\" per line (or \"- Term: "
                      "definition\"), with no blank line between them.\n");
      }
    }
    ctx.out << tr(
        "笔记里还没有找到术语，没有写 glossary.md。在某一课的 notes.md 里写一行「名称解释：」，下面每行写「术语：定义」，再运行 pdo glossary。\n",
        "No terms found in the notes yet; glossary.md was not written. Write a line \"Glossary:\" in a lesson's notes.md, then one "
        "\"Term: definition\" per line below it, and run pdo glossary again.\n");
    return 0;
  }
  std::string text = updated_file(existing, workspace::glossary_file_text(s.ws.course, terms, s.ws.settings.lang), ctx);
  // What pdo writes, it reads back: a glossary over the cap every reader uses is never written.
  if (text.size() > util::k_max_text_bytes) {
    throw Failure(Exit::usage, trf("glossary.md 会有 {} 字节，超过 pdo 能读回的上限 {} 字节；pdo 没有写它。请把笔记里的术语表分得短一些"
                                   "（或删掉重复的术语），再运行 pdo glossary。",
                                   "glossary.md would be {} bytes, more than the {} bytes pdo reads back; pdo did not write it. "
                                   "Make the notes' glossaries shorter (or drop repeated terms) and run pdo glossary again.",
                                   text.size(), util::k_max_text_bytes));
  }
  app::Transaction txn;
  const auto path = s.repo_path(k_glossary_path);
  txn.changes.push_back(existing ? app::Change::put_file(path, std::move(text), app::Change::Before::bytes, *existing)
                                 : app::Change::put_file(path, std::move(text), app::Change::Before::absent));
  app::Trailers t;
  t.action = app::Action::glossary;
  t.id = app::new_action_id();
  txn.message = tr("术语表：", "Glossary: ") + util::counted(terms.size(), "个术语", "term", "terms") + "\n\n" + app::write_trailers(t);
  // What is printed after the commit is made now: the notes and terms are freed before the commit holds
  // its copies of glossary.md (about 5 MB less at the peak of a 20k-term glossary).
  std::string listed;
  std::size_t several = 0;
  const std::size_t count = terms.size();
  for (const auto& term : terms) {
    several += term.definitions.size() > 1 ? 1u : 0u;
    listed.append("  ").append(app::for_display(term.term, util::Breaks::escape));
    listed.append(term.definitions.size() > 1 ? tr("（多个定义）", " (several definitions)") : "").append("\n");
  }
  std::vector<workspace::GlossaryTerm>().swap(terms);
  std::vector<workspace::LessonNotes>().swap(notes);
  const auto id = commit(s, std::move(txn));
  ctx.out << listed;
  ctx.out << tr("glossary.md：", "glossary.md: ") << util::counted(count, "个术语", "term", "terms");
  if (several) ctx.out << tr("，其中 ", ", ") << several << tr(" 个有不同的定义", " with differing definitions");
  if (id) {
    ctx.out << tr("（提交 ", " (commit ") << id->substr(0, 12) << tr("）\n", ")\n");
  } else {
    ctx.out << tr("，已是最新（没有新提交）\n", ", already up to date (no new commit)\n");
  }
  return 0;
}

}  // namespace

void setup_glossary(Args cmd, Context& ctx) {
  auto opts = std::make_shared<GlossaryOptions>();
  cmd.flag("--json", opts->json, tr("把术语输出为 JSON（便于脚本读取），不写文件", "Print the terms as JSON for scripts; write nothing"));
  cmd.callback([opts, &ctx] { ctx.exit_code = run_glossary(*opts, ctx); });
}

}  // namespace pdo::cli
