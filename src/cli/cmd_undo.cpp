// pdo undo: reverts the most recent pdo commit (a track or an ask) with a new commit. A track is
// undone box by box, so later changes to other lines stay; it refuses if a later commit changed the
// same box, or if the file has uncommitted edits. Notes and exercise files are never reverted.
#include <memory>
#include <ostream>

#include "cli/commands.hpp"
#include "cli/session.hpp"
#include "progress/journal.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"

namespace pdo::cli {

using util::tr;

namespace {

constexpr std::size_t k_search_depth = 1000;

struct UndoOptions {};

std::string subject_of(const std::string& message) { return std::string(util::chomp(util::split_lines(message).front())); }

bool touches(const std::vector<progress::BoxChange>& a, const progress::BoxChange& b) {
  return std::any_of(a.begin(), a.end(), [&](const progress::BoxChange& x) { return x.lesson == b.lesson && x.step == b.step; });
}

void require_committed(Session& s, const std::string& rel) {
  const auto head = s.repo.head_blob(s.repo_path(rel));
  const auto disk = util::read_file(s.path(rel));
  if (!head || !disk || *head != *disk) {
    throw Failure(Exit::usage, rel + tr(" 有还没提交的改动，pdo undo 不会覆盖它们。先用 git commit 提交（或 git restore 放弃）再撤销。",
                                        " has uncommitted changes and pdo undo will not overwrite them. Commit them (git commit) or "
                                        "drop them (git restore) first."));
  }
}

/// The undone progress.md and the trailers recording the boxes it flips back.
std::pair<FileEdit, std::string> undo_track(Session& s, const std::vector<progress::BoxChange>& changes,
                                            const std::vector<git::CommitInfo>& later) {
  require_committed(s, "progress.md");
  const std::string path = s.repo_path("progress.md");
  for (const auto& c : later) {
    // The later commit's own box changes, from its trailers or from the file itself.
    auto recorded = progress::changes_from_trailers(c.message);
    if (!recorded) {
      const auto parent_text = s.repo.blob_at(c.id + "~1", path);
      recorded = progress::diff_boxes(parent_text.value_or(""), s.repo.blob_at(c.id, path).value_or(""));
    }
    for (const auto& ch : changes) {
      if (touches(*recorded, ch)) {
        throw Failure(Exit::usage, tr("后来的提交 ", "a later commit ") + c.id.substr(0, 12) + " (" + subject_of(c.message) +
                                       tr(") 也改了同一个勾选框，pdo undo 不能安全撤销。请手动修改 progress.md 或用 pdo track。",
                                          ") changed the same box, so pdo undo cannot revert safely. Edit progress.md by hand or use pdo track."));
      }
    }
  }
  const std::string old_text = util::read_file(s.path("progress.md")).take();
  std::string text = old_text;
  std::vector<progress::BoxChange> reverted;
  for (const auto& ch : changes) {
    const auto* lesson = course::find_lesson(s.ws.course, std::to_string(ch.lesson));
    if (!lesson) throw Failure(Exit::usage, tr("课程里已没有第 ", "the course no longer has lesson ") + util::pad2(ch.lesson));
    const auto box = progress::find_box(progress::parse_boxes(text), *lesson, ch.step, s.ws.settings.lang).take();
    text = progress::set_box(text, box, !ch.done);
    reverted.push_back({ch.lesson, ch.step, !ch.done});
  }
  return {FileEdit{"progress.md", old_text, text}, progress::trailers_for(reverted)};
}

/// questions.md as it was before the question was asked.
FileEdit undo_ask(Session& s, const git::CommitInfo& target, const std::vector<git::CommitInfo>& later) {
  require_committed(s, "questions.md");
  const std::string path = s.repo_path("questions.md");
  const auto after = s.repo.blob_at(target.id, path);
  if (!later.empty() && s.repo.head_blob(path) != after) {
    throw Failure(Exit::usage, tr("questions.md 在那次提问之后又被改过，pdo undo 不能安全撤销；请手动删掉那个问题。",
                                  "questions.md changed after that question, so pdo undo cannot revert it safely; delete the question by hand."));
  }
  return {"questions.md", util::read_file(s.path("questions.md")).take(), s.repo.blob_at(target.id + "~1", path).value_or("")};
}

int run_undo(const UndoOptions&, Context& ctx) {
  Session s = open_session(ctx, Access::write);
  const auto commits = s.repo.recent_commits(k_search_depth).take();
  std::vector<git::CommitInfo> later;
  for (const auto& c : commits) {
    const auto changes = progress::changes_from_trailers(c.message);
    const bool ask = c.message.find("\nPdo-Action: ask\n") != std::string::npos;
    const bool init = c.message.find("\nPdo-Action: init\n") != std::string::npos;
    if (init) break;
    if (!changes && !ask) {
      later.push_back(c);
      continue;
    }
    auto [edit, trailers] = ask ? std::make_pair(undo_ask(s, c, later), std::string("Pdo-Action: undo\n"))
                                : undo_track(s, *changes, later);
    const std::string message = tr("撤销：", "Undo: ") + subject_of(c.message) + "\n\n" + trailers + "Pdo-Undo: " + c.id + "\n";
    const auto commit = commit_edit(s, edit, {}, message);
    ctx.out << tr("已撤销 ", "undone: ") << subject_of(c.message);
    if (commit) ctx.out << tr("（新提交 ", " (new commit ") << commit->substr(0, 12) << ")";
    ctx.out << "\n";
    return 0;
  }
  throw Failure(Exit::usage, tr("没有可以撤销的 pdo 提交（pdo init 不能撤销）。", "no pdo commit to undo (pdo init cannot be undone)."));
}

}  // namespace

void add_undo(CLI::App& app, Context& ctx) {
  auto opts = std::make_shared<UndoOptions>();
  CLI::App* cmd = app.add_subcommand("undo", tr("用一个新提交撤销最近一次 pdo 提交（track 或 ask）", "Revert the most recent pdo commit (track or ask) with a new commit"));
  cmd->callback([opts, &ctx] { ctx.exit_code = run_undo(*opts, ctx); });
}

}  // namespace pdo::cli
