#include "checks/readiness.hpp"

#include <algorithm>
#include <chrono>

#include "checks/report.hpp"
#include "util/fs.hpp"

#include "util/i18n.hpp"
#include "util/platform.hpp"
#include "util/text.hpp"

namespace pdo::checks {

using util::tr;

namespace {

std::string gpu_need(int gpus) { return gpus == 1 ? tr("1 块 GPU", "1 GPU") : std::to_string(gpus) + tr(" 块以上 GPU", "+ GPUs"); }

/// "Kaggle (2×T4)": the free notebooks that give at least `gpus` GPUs.
std::string notebooks_with(const course::Course& course, int gpus) {
  std::vector<std::string> names;
  for (const auto& n : course.notebooks) {
    if (n.max_gpus >= gpus) names.push_back(n.name + (n.gpus.empty() ? "" : tr("（", " (") + n.gpus + tr("）", ")")));
  }
  return util::join(names, tr("、", ", "));
}

std::string upper(std::string s) {
  for (auto& c : s) c = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
  return s;
}

/// What no place on any free route offers: several machines at once or a cluster's scheduler.
std::vector<std::string> beyond_one_machine(const course::Lesson& l) {
  std::vector<std::string> out;
  if (l.nodes > 1) out.push_back(tr("多台机器（", "several machines (") + std::to_string(l.nodes) + tr("+ 个节点）", "+ nodes)"));
  if (!l.cluster.empty()) out.push_back(tr("集群调度器 ", "a cluster scheduler: ") + upper(l.cluster));
  return out;
}

bool os_allowed(const course::Lesson& l, const std::string& os) {
  return l.os.empty() || std::find(l.os.begin(), l.os.end(), os) != l.os.end();
}

/// The route's checks that gate this lesson (a failure means its code cannot run there) and their state.
struct Gates {
  std::vector<std::string> failed;      ///< recorded as failed
  std::vector<std::string> not_passed;  ///< not (yet) recorded as passed
};

Gates gates_for(const course::Course& course, const course::Lesson& l, course::Route route, const RecordedChecks& recorded,
                const std::string& os) {
  Gates g;
  for (const auto& c : course.checks) {
    if (c.gates_gpus < 0 || c.gates_gpus > l.min_gpus || !course::in_route(c, route)) continue;
    if (!c.os.empty() && std::find(c.os.begin(), c.os.end(), os) == c.os.end()) continue;
    const std::string name = util::tr_pick(c.title_zh, c.title) + " `" + c.id + "`";
    const auto it = recorded.find(c.id);
    if (it != recorded.end() && it->second == CheckStatus::fail)
      g.failed.push_back(name);
    else if (it == recorded.end() || it->second != CheckStatus::pass)
      g.not_passed.push_back(name);
  }
  return g;
}

LessonReadiness read_only(LessonReadiness r, const std::string& why) {
  r.where = Where::read_only;
  r.verdict = tr("只能阅读：需要", "read only here: needs ") + why + tr("，这条路线上没有", ", which this route does not have");
  return r;
}

LessonReadiness judge(const course::Course& course, const course::Lesson& l, course::Route route, std::optional<int> local_gpus,
                      const RecordedChecks& recorded, const std::string& os) {
  LessonReadiness r;
  r.lesson = &l;
  r.needs = needs_line(l);
  if (!l.published) {
    r.verdict = tr("课程文件标为未发布：保留入口，暂时没有内容", "marked unpublished in the course file: the entry stays, no content yet");
    return r;
  }
  if (l.own) {
    r.where = Where::unknown;
    r.needs = tr("不知道（你自己加的课节，课程文件里没有它的需求）", "not known (a lesson of your own: no course file gives its needs)");
    r.verdict = tr("pdo 不判断：这是你自己加的课节，能在哪里运行请看它的资料",
                   "not judged: this is a lesson of your own; see its material for where it runs");
    return r;
  }
  if (!l.code) {
    r.where = Where::no_code;
    r.verdict = tr("没有要运行的代码：在浏览器里读就行", "no code to run: reading it in the browser is all");
    return r;
  }
  if (const auto beyond = beyond_one_machine(l); !beyond.empty()) return read_only(r, util::join(beyond, tr("、", ", ")));
  std::string place;
  if (route == course::Route::browser) {
    // The free notebooks are single Linux machines.
    if (!os_allowed(l, "linux")) return read_only(r, util::join(l.os, ", "));
    place = notebooks_with(course, l.min_gpus);
    if (place.empty())
      return read_only(r, gpu_need(l.min_gpus) + tr("（课程文件列出的免费 notebook 都没有这么多）",
                                                    " (none of the course file's free notebooks has that many)"));
    place = tr("在线 notebook：", "an online notebook: ") + place;
  } else {
    if (!os_allowed(l, os)) {
      std::vector<std::string> names;
      for (const auto& o : l.os) names.push_back(platform::os_name(o));
      return read_only(
          r, util::join(names, tr(" 或 ", " or ")) + tr("（本机是 ", " (this machine runs ") + platform::os_name(os) + tr("）", ")"));
    }
    if (l.min_gpus > 0 && (!local_gpus || *local_gpus < l.min_gpus)) {
      const std::string here = local_gpus ? tr("本机只看到 ", "this machine shows ") + std::to_string(*local_gpus) + tr(" 块", "")
                                          : tr("本机没有看到 GPU", "no GPU seen on this machine");
      const std::string offers = notebooks_with(course, l.min_gpus);
      r.where = Where::blocked;
      r.verdict =
          tr("需要 ", "needs ") + gpu_need(l.min_gpus) + tr("：", ": ") + here +
          (offers.empty() ? tr("；课程文件列出的免费 notebook 也都不够", "; none of the course file's free notebooks has enough either")
                          : tr("；免费 notebook 中可以的有 ", "; among free notebooks: ") + offers);
      return r;
    }
    place = tr("本机", "this machine");
  }
  const Gates g = gates_for(course, l, route, recorded, os);
  if (!g.failed.empty()) {
    r.where = Where::blocked;
    r.verdict = tr("需要先通过自检 ", "needs the self-check to pass first: ") + util::join(g.failed, tr("、", ", ")) +
                tr("（已记录为未通过）；之后可在", " (recorded as failed); then it can run on ") + place + tr("运行", "");
    return r;
  }
  r.where = Where::runnable;
  r.runs_here = true;
  r.verdict = tr("可以在", "runnable on ") + place + tr("运行", "");
  if (!g.not_passed.empty())
    r.verdict += tr("（尚未验证：", " (not yet verified: ") + util::join(g.not_passed, tr("、", ", ")) + tr("）", ")");
  return r;
}

}  // namespace

std::string needs_line(const course::Lesson& l) {
  if (!l.code) return tr("无（只需阅读）", "nothing (reading only)");
  std::vector<std::string> parts;
  if (l.min_gpus > 0) parts.push_back(gpu_need(l.min_gpus));
  for (auto& b : beyond_one_machine(l)) parts.push_back(std::move(b));
  if (!l.os.empty()) {
    std::vector<std::string> names;
    for (const auto& o : l.os) names.push_back(platform::os_name(o));
    parts.push_back(tr("系统：", "OS: ") + util::join(names, tr(" 或 ", " or ")));
  }
  if (l.nightly) parts.push_back(tr("夜间版（预发布）构建", "nightly (pre-release) builds"));
  if (!l.torch.empty()) parts.push_back("PyTorch " + l.torch + "+");
  if (!l.packages.empty()) parts.push_back(tr("额外的包：", "extra packages: ") + util::join(l.packages, tr("、", ", ")));
  if (parts.empty()) return tr("只需 CPU 上的 PyTorch", "PyTorch on a CPU only");
  return util::join(parts, tr("；", "; "));
}

std::optional<int> local_gpus() {
  if (!platform::find_program("nvidia-smi")) return std::nullopt;
  platform::ProcessOptions opts;
  opts.timeout = std::chrono::seconds(10);
  const auto r = platform::run_process({"nvidia-smi", "-L"}, opts);
  if (r.exit_code != 0) return std::nullopt;
  int n = 0;
  for (const auto line : util::split_lines(r.out)) n += util::starts_with(line, "GPU ") ? 1 : 0;
  return n;
}

RecordedChecks recorded_checks(const std::filesystem::path& root) {
  const auto text = util::read_file_capped(root / "check-env.md", util::k_max_toml_bytes);
  return text ? recorded_statuses(*text) : RecordedChecks{};
}

std::pair<std::string, std::string> prompt_facts(const LessonReadiness& r) {
  std::string needs = r.needs;
  if (!r.lesson->needs.empty())
    needs += tr("（页面原话：", " (the page says: ") + util::tr_pick(r.lesson->needs_zh, r.lesson->needs) + tr("）", ")");
  return {needs, r.verdict};
}

std::vector<LessonReadiness> lesson_readiness(const course::Course& course, course::Route route, std::optional<int> local_gpus,
                                              const RecordedChecks& recorded, platform::Os os) {
  std::vector<LessonReadiness> out;
  const std::string os_id(platform::os_id(os));
  for (const auto& l : course.lessons) out.push_back(judge(course, l, route, local_gpus, recorded, os_id));
  return out;
}

progress::NotApplicable steps_off_route(const course::Course& course, course::Route route, platform::Os os) {
  progress::NotApplicable out;
  for (const auto& r : lesson_readiness(course, route, std::nullopt, {}, os)) {
    const std::pair<int, progress::Step> key{r.lesson->number, progress::Step::exercise};
    if (!r.lesson->published) continue;
    if (r.where == Where::no_code) out[key] = tr("本页没有要运行的代码", "the page has no code to run");
    if (r.where == Where::read_only) out[key] = tr("这条路线上代码只能阅读", "its code is read only on this route");
  }
  return out;
}

progress::NotApplicable steps_off_route(const workspace::Workspace& ws) {
  return steps_off_route(ws.course, ws.settings.route, ws.settings.os.value_or(platform::current_os()));
}

std::string render_readiness(const course::Course& course, course::Route route, const std::vector<LessonReadiness>& lessons) {
  std::string out = tr("### 每课能否运行 · 路线：", "### Lesson readiness · route: ") + course::route_name(route) + "\n\n";
  out +=
      tr("依据：课程文件（", "Source: the course file (") + course.id +
      tr("）里每课的结构化需求（GPU、节点、集群、系统、夜间版、PyTorch 版本、额外的包）、免费 notebook 清单和 check-env.md 里记录的自检结果——pdo 没有运行课节代码来判断。\n\n",
         ") — each lesson's structured needs (GPUs, nodes, cluster, OS, nightly builds, PyTorch version, extra packages), its list of free "
         "notebooks and the self-check results recorded in check-env.md. pdo ran no lesson code to decide.\n\n");
  std::size_t ready = 0;
  for (const auto& r : lessons) {
    ready += r.runs_here ? 1 : 0;
    const std::string head = r.where == Where::runnable  ? tr("可以运行", "runnable")
                             : r.where == Where::blocked ? tr("需要条件", "needs something")
                             : r.where == Where::unknown ? tr("不判断（我的课节）", "not judged (your own)")
                             : r.where == Where::no_code ? tr("只需阅读（没有代码）", "reading only (no code)")
                                                         : tr("只能阅读", "read only");
    out += "- " + r.lesson->id + " " + r.lesson->title + " — " + head + "\n";
    out += tr("  - 需要：", "  - needs: ") + r.needs + "\n";
    if (!r.lesson->needs.empty())
      out += tr("  - 页面原话：", "  - the page says: ") + util::tr_pick(r.lesson->needs_zh, r.lesson->needs) + "\n";
    out += "  - " + r.verdict + "\n";
  }
  out += "\n" + tr("可以运行：", "Runnable: ") + std::to_string(ready) + " / " + std::to_string(lessons.size()) + "\n";
  return out;
}

}  // namespace pdo::checks
