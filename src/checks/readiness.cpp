#include "checks/readiness.hpp"

#include "checks/check.hpp"
#include "util/i18n.hpp"
#include "util/text.hpp"
#include "workspace/settings.hpp"

namespace pdo::checks {

using util::tr;

namespace {

/// "Kaggle (2×T4)": the free notebooks that give at least `gpus` GPUs.
std::string notebooks_with(const course::Course& course, int gpus) {
  std::vector<std::string> names;
  for (const auto& n : course.notebooks) {
    if (n.max_gpus >= gpus) names.push_back(n.name + (n.gpus.empty() ? "" : " (" + n.gpus + ")"));
  }
  return util::join(names, tr("、", ", "));
}

std::string gpu_need(int gpus) {
  return gpus == 1 ? tr("需要 1 块 GPU", "needs 1 GPU") : tr("需要 ", "needs ") + std::to_string(gpus) + tr("+ 块 GPU", "+ GPUs");
}

/// Where else it could run, for a verdict that says "not here".
std::string elsewhere(const course::Course& course, int gpus) {
  const std::string offers = notebooks_with(course, gpus);
  if (!offers.empty()) return tr("；课程文件列出的免费 notebook 中可以：", "; among the course file's free notebooks, this can: ") + offers;
  return tr("；课程文件列出的免费 notebook 都不够，只能阅读", "; none of the course file's free notebooks has enough, so read it only");
}

LessonReadiness judge(const course::Course& course, const course::Lesson& l, const std::string& route, std::optional<int> local_gpus) {
  LessonReadiness r;
  r.lesson = &l;
  if (!l.published) {
    r.verdict = tr("课程文件标为未发布：保留入口，暂时没有内容", "marked unpublished in the course file: the entry stays, no content yet");
    return r;
  }
  const int need = l.min_gpus;
  if (route == "browser") {
    const std::string offers = notebooks_with(course, need);
    r.runs_here = need == 0 || !offers.empty();
    if (need == 0) r.verdict = tr("CPU 即可：任一在线 notebook 都能运行", "CPU is enough: any online notebook can run it") + (offers.empty() ? "" : " (" + offers + ")");
    else if (r.runs_here) r.verdict = gpu_need(need) + tr("：在线 notebook 中可以的有 ", ": among online notebooks, these can: ") + offers;
    else r.verdict = gpu_need(need) + elsewhere(course, need);
    return r;
  }
  if (need == 0) {
    r.runs_here = true;
    r.verdict = tr("CPU 即可：本机能运行", "CPU is enough: this machine can run it");
    return r;
  }
  if (local_gpus && *local_gpus >= need) {
    r.runs_here = true;
    r.verdict = gpu_need(need) + tr("：本机有 ", ": this machine has ") + std::to_string(*local_gpus) + tr(" 块，够用", ", enough");
    return r;
  }
  const std::string here = local_gpus ? tr("本机只看到 ", "this machine shows ") + std::to_string(*local_gpus) + tr(" 块", "")
                                      : tr("本机没有看到 GPU", "no GPU seen on this machine");
  r.verdict = gpu_need(need) + tr("：", ": not on this machine (") + here + tr("，本机不行", ")") + elsewhere(course, need);
  return r;
}

}  // namespace

std::vector<LessonReadiness> lesson_readiness(const course::Course& course, const std::string& route, std::optional<int> local_gpus) {
  std::vector<LessonReadiness> out;
  for (const auto& l : course.lessons) out.push_back(judge(course, l, route, local_gpus));
  return out;
}

std::string render_readiness(const course::Course& course, const std::string& route, const std::vector<LessonReadiness>& lessons) {
  std::string out = tr("### 每课能否运行 · 路线：", "### Lesson readiness · route: ") + workspace::route_name(route) + "\n\n";
  out += tr("依据：课程文件（", "Source: the course file (") + course.id +
         tr("）里每课写明的需求（needs、min_gpus）和免费 notebook 清单——是课程文件的事实，pdo 没有运行课节代码来判断。\n\n",
            ") — what it says each lesson needs (needs, min_gpus) and its list of free notebooks. These are course-file facts; pdo ran no lesson code to decide.\n\n");
  std::size_t ready = 0;
  for (const auto& r : lessons) {
    ready += r.runs_here ? 1 : 0;
    out += "- " + r.lesson->id + " " + r.lesson->title + " — " + (r.runs_here ? tr("可以运行", "can run") : tr("不能在这里运行", "cannot run here")) + "\n";
    out += tr("  - 课程文件：", "  - course file: ") + (r.lesson->needs.empty() ? "-" : pick(r.lesson->needs, r.lesson->needs_zh)) + "\n";
    out += "  - " + r.verdict + "\n";
  }
  out += "\n" + tr("可以运行：", "Can run: ") + std::to_string(ready) + " / " + std::to_string(lessons.size()) + "\n";
  return out;
}

}  // namespace pdo::checks
