#include "workspace/plan.hpp"

#include <algorithm>
#include <iterator>
#include <set>

#include "progress/file.hpp"
#include "util/embedded.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"
#include "workspace/layout.hpp"
#include "workspace/marked_block.hpp"
#include "workspace/own_lessons.hpp"
#include "workspace/render.hpp"

namespace pdo::workspace {

using util::tr;

namespace {

bool dir_is_empty(const fs::path& dir) {
  std::error_code ec;
  return fs::directory_iterator(dir, ec) == fs::directory_iterator();
}

/// Lines of the template that an existing .gitignore lacks, as text to append (file's own EOL).
std::string missing_gitignore_lines(std::string_view existing, util::Lang lang) {
  std::set<std::string> have;
  for (const auto line : util::split_lines(existing)) have.insert(std::string(util::trim(line)));
  std::string add;
  const std::string rules = gitignore_template(lang);
  for (const auto line : util::split_lines(rules)) {
    const auto rule = util::trim(line);
    if (rule.empty() || rule.front() == '#' || have.count(std::string(rule))) continue;
    add += std::string(rule) + "\n";
  }
  if (add.empty()) return {};
  std::string block =
      util::tr_pick(lang, "\n# pdo 添加：不让密钥和杂项文件进入 git\n", "\n# Added by pdo: keep secrets and junk out of git\n") + add;
  const std::string_view eol = util::detect_eol(existing);
  if (!existing.empty() && existing.back() != '\n') block = "\n" + block;
  return util::with_eol(block, eol);
}

/// progress.md blocks for lessons that have none of their three boxes yet.
std::string missing_progress_lessons(std::string_view existing, const course::Course& course, util::Lang lang,
                                     const progress::NotApplicable& off_route) {
  const auto boxes = progress::parse_boxes(existing);
  std::string add;
  for (const auto& lesson : course.lessons) {
    const bool present = std::any_of(boxes.begin(), boxes.end(), [&](const progress::Box& b) { return b.lesson == lesson.number; });
    if (!present) add += progress_lesson_block(course, lesson, lang, off_route);
  }
  if (add.empty()) return {};
  if (!existing.empty() && existing.back() != '\n') add = "\n" + add;
  return util::with_eol(add, util::detect_eol(existing));
}

class Planner {
public:
  Planner(const fs::path& root, Plan& plan) : m_root(root), m_plan(plan) {}

  void dir(const std::string& rel) {
    std::error_code ec;
    const bool exists = fs::is_directory(m_root / util::path_from_utf8(rel), ec);
    m_plan.items.push_back({rel + "/", exists ? Action::keep : Action::create, {}, std::nullopt});
  }

  /// A folder git should keep even when empty.
  void kept_dir(const std::string& rel) {
    const fs::path p = m_root / util::path_from_utf8(rel);
    std::error_code ec;
    const bool exists = fs::is_directory(p, ec);
    dir(rel);
    if (!exists || dir_is_empty(p)) {
      m_plan.items.push_back({rel + "/.gitkeep", Action::create, {}, std::nullopt});
    } else if (fs::exists(p / ".gitkeep", ec)) {
      m_plan.items.push_back({rel + "/.gitkeep", Action::keep, {}, std::string()});
    }
  }

  /// A file that is the learner's once it exists.
  Status learner_file(const std::string& rel, std::string content) {
    auto existing = read(rel);
    if (!existing) return existing.error();
    m_plan.items.push_back({rel, existing->has_value() ? Action::keep : Action::create, std::move(content), *existing});
    return ok();
  }

  /// A file whose existing version gets `extra` appended (computed from its current text).
  template <class Extra>
  Status appendable_file(const std::string& rel, std::string fresh, Extra extra) {
    auto existing = read(rel);
    if (!existing) return existing.error();
    if (!existing->has_value()) {
      m_plan.items.push_back({rel, Action::create, std::move(fresh), std::nullopt});
      return ok();
    }
    const std::string& text = **existing;
    const std::string add = extra(text);
    m_plan.items.push_back({rel, add.empty() ? Action::keep : Action::append, add.empty() ? std::string() : text + add, text});
    return ok();
  }

  /// A file with a pdo block that is refreshed; the rest is the learner's.
  Status block_file(const std::string& rel, std::string fresh, std::string_view block) {
    auto existing = read(rel);
    if (!existing) return existing.error();
    if (!existing->has_value()) {
      m_plan.items.push_back({rel, Action::create, std::move(fresh), std::nullopt});
      return ok();
    }
    const auto updated = replace_block(**existing, fresh, block);
    if (!updated) {
      m_plan.items.push_back({rel, Action::no_markers, {}, *existing});
    } else {
      const bool same = *updated == **existing;
      m_plan.items.push_back({rel, same ? Action::keep : Action::update_block, same ? std::string() : *updated, *existing});
    }
    return ok();
  }

  /// A file pdo owns outright (.pdo/…).
  Status pdo_file(const std::string& rel, std::string content) {
    auto existing = read(rel);
    if (!existing) return existing.error();
    Action action = Action::create;
    if (existing->has_value()) action = **existing == content ? Action::keep : Action::replace;
    m_plan.items.push_back({rel, action, std::move(content), *existing});
    return ok();
  }

private:
  Result<std::optional<std::string>> read(const std::string& rel) {
    const fs::path p = m_root / util::path_from_utf8(rel);
    std::error_code ec;
    if (!fs::exists(p, ec)) return std::optional<std::string>();
    if (!fs::is_regular_file(p, ec)) {
      return Error{Exit::usage,
                   tr("这里应该是文件，却是别的东西：", "expected a file here but found something else: ") + util::path_to_utf8(p)};
    }
    // A file that exists but cannot be read (permissions, or gone since) throws: every caller takes the plan.
    return std::optional<std::string>(util::read_file(p).take());
  }

  fs::path m_root;
  Plan& m_plan;
};

}  // namespace

std::string gitignore_template(util::Lang lang) {
  Vars v;
  v.set("zh", lang == util::Lang::zh);
  return render_embedded(".gitignore.template", v);
}

bool Plan::changes_anything() const {
  return std::any_of(items.begin(), items.end(),
                     [](const PlanItem& i) { return i.action != Action::keep && i.action != Action::no_markers; });
}

std::vector<std::string> Plan::written_files() const {
  std::vector<std::string> out;
  for (const auto& i : items) {
    if (!util::ends_with(i.path, "/") && i.action != Action::keep && i.action != Action::no_markers) out.push_back(i.path);
  }
  return out;
}

std::vector<std::string> Plan::scaffold_files() const {
  std::vector<std::string> out;
  for (const auto& i : items) {
    if (!util::ends_with(i.path, "/")) out.push_back(i.path);
  }
  return out;
}

Result<Plan> make_plan(const fs::path& root, const course::Course& course, const Settings& settings, const std::string& course_text,
                       platform::Os os, const progress::NotApplicable& off_route) {
  Plan plan;
  plan.root = root;
  std::error_code ec;
  if (fs::exists(root, ec) && !fs::is_directory(root, ec)) {
    return Error{Exit::usage, tr("目标路径已存在，但不是文件夹：", "the target exists but is not a folder: ") + util::path_to_utf8(root)};
  }
  Planner p(root, plan);
  const util::Lang lang = settings.lang;
  p.dir("");
  plan.items.front().path = "./";
  Status st = p.block_file("README.md", readme_text(course, settings), "readme");
  if (st)
    st = p.appendable_file("progress.md", progress_text(course, lang, off_route),
                           [&](const std::string& t) { return missing_progress_lessons(t, course, lang, off_route); });
  if (st) st = p.learner_file("questions.md", questions_text(course, lang));
  if (st) st = p.learner_file("check-env.md", check_env_text(course, settings, os));
  if (!st) return st.error();
  p.kept_dir("data");
  p.dir("lessons");
  for (const auto& lesson : course.lessons) {
    p.dir("lessons/" + lesson.folder);
    if (auto s = p.learner_file("lessons/" + lesson.folder + "/notes.md", notes_text(lesson, lang)); !s) return s.error();
    p.kept_dir("lessons/" + lesson.folder + "/exercises");
  }
  p.dir(".pdo");
  if (!course_text.empty()) {
    if (auto s = p.pdo_file(k_course_copy_path, course_text); !s) return s.error();
  }
  if (auto s = p.pdo_file(k_settings_path, settings_text(settings)); !s) return s.error();
  // The learner's own lessons came from this file: kept as it is, written only where it is missing (a script).
  std::vector<course::Lesson> own;
  std::copy_if(course.lessons.begin(), course.lessons.end(), std::back_inserter(own), [](const course::Lesson& l) { return l.own; });
  if (!own.empty()) {
    if (auto s = p.learner_file(k_own_lessons_path, own_lessons_text(own)); !s) return s.error();
  }
  if (auto s = p.appendable_file(".gitignore", gitignore_template(lang),
                                 [lang](const std::string& t) { return missing_gitignore_lines(t, lang); });
      !s)
    return s.error();
  return plan;
}

}  // namespace pdo::workspace
