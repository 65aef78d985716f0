#include <catch2/catch.hpp>

#include <algorithm>

#include "course/course.hpp"
#include "support/temp_dir.hpp"
#include "util/fs.hpp"
#include "workspace/layout.hpp"
#include "workspace/plan.hpp"

using namespace pdo;
using namespace pdo::workspace;
using test::read_file;
using test::TempDir;
using test::write_file;

namespace {

Settings zh_settings() {
  Settings s;
  s.course_id = course::default_course().id;
  return s;
}

Plan plan_for(const std::filesystem::path& root) {
  auto plan = make_plan(root, course::default_course(), zh_settings(), "");
  INFO((plan ? std::string() : plan.error().message));
  REQUIRE(plan);
  return std::move(plan).value();
}

const PlanItem& item(const Plan& plan, const std::string& path) {
  const auto it = std::find_if(plan.items.begin(), plan.items.end(), [&](const PlanItem& i) { return i.path == path; });
  INFO(path);
  REQUIRE(it != plan.items.end());
  return *it;
}

/// Paths whose action is not `keep`, for a readable failure message.
std::vector<std::string> not_kept(const Plan& plan) {
  std::vector<std::string> out;
  for (const auto& i : plan.items) {
    if (i.action != Action::keep) out.push_back(i.path);
  }
  return out;
}

/// A folder holding every folder and file a plan for an empty folder makes (init writes them through its
/// transaction; here they are simply written).
std::filesystem::path planned_workspace(const TempDir& tmp) {
  auto root = tmp / "ws";
  for (const auto& i : plan_for(root).items) {
    INFO(i.path);
    REQUIRE(i.action == Action::create);
    if (i.path.back() == '/') {
      std::filesystem::create_directories(root / i.path);
    } else {
      write_file(root / i.path, i.content);
    }
  }
  return root;
}

}  // namespace

TEST_CASE("make_plan on an empty folder creates the whole scaffold and writes nothing yet", "[workspace]") {
  TempDir tmp("plan-empty");
  const auto root = tmp / "ws";
  std::filesystem::create_directories(root);
  const Plan plan = plan_for(root);
  CHECK(plan.changes_anything());
  CHECK(item(plan, "./").action == Action::keep);  // the folder itself exists
  for (const auto& i : plan.items) {
    if (i.path == "./") continue;
    INFO(i.path);
    CHECK(i.action == Action::create);
  }
  const auto written = plan.written_files();
  for (const char* f : {"README.md", "progress.md", "questions.md", "check-env.md", ".gitignore", ".pdo/config.toml", "data/.gitkeep"}) {
    INFO(f);
    CHECK(std::count(written.begin(), written.end(), f) == 1);
  }
  CHECK(written.size() == plan.scaffold_files().size());
  CHECK_THAT(item(plan, "progress.md").content, Catch::Contains("- [ ] 01 读讲义"));
  CHECK(std::filesystem::is_empty(root));  // planning reads, never writes
}

TEST_CASE("make_plan on a complete workspace keeps every path", "[workspace]") {
  TempDir tmp("plan-full");
  const auto root = planned_workspace(tmp);
  const Plan again = plan_for(root);
  CHECK(not_kept(again).empty());
  CHECK_FALSE(again.changes_anything());
  CHECK(again.written_files().empty());
  CHECK(again.scaffold_files().size() == plan_for(tmp / "other").scaffold_files().size());
}

TEST_CASE("a README whose markers the learner removed is left alone", "[workspace]") {
  TempDir tmp("plan-markers");
  const auto root = planned_workspace(tmp);
  write_file(root / "README.md", "# My own README\n\nNo pdo block here.\n");
  const Plan plan = plan_for(root);
  CHECK(item(plan, "README.md").action == Action::no_markers);
  CHECK(not_kept(plan) == std::vector<std::string>{"README.md"});
  CHECK_FALSE(plan.changes_anything());
  CHECK(plan.written_files().empty());
}

TEST_CASE("a progress.md missing a lesson gets that lesson appended, the rest kept byte for byte", "[workspace]") {
  TempDir tmp("plan-append");
  const auto root = planned_workspace(tmp);
  std::string text = read_file(root / "progress.md");
  const auto start = text.find("\n## 05 ");
  REQUIRE(start != std::string::npos);
  const auto end = text.find("\n## 06 ", start);
  REQUIRE(end != std::string::npos);
  text.erase(start, end - start);
  text += "我的备注\n";
  write_file(root / "progress.md", text);

  const Plan plan = plan_for(root);
  const PlanItem& progress = item(plan, "progress.md");
  CHECK(progress.action == Action::append);
  CHECK(not_kept(plan) == std::vector<std::string>{"progress.md"});
  REQUIRE(progress.content.size() > text.size());
  CHECK(progress.content.compare(0, text.size(), text) == 0);
  const std::string added = progress.content.substr(text.size());
  CHECK_THAT(added, Catch::Contains("## 05 ") && Catch::Contains("- [ ] 05 读讲义") && Catch::Contains("- [ ] 05 记笔记"));
  CHECK_THAT(added, !Catch::Contains("## 06 "));
  CHECK(plan.written_files() == std::vector<std::string>{"progress.md"});
}

TEST_CASE("the README notes the learner's own lessons only when there is one", "[workspace]") {
  // Mutant layout.cpp:61 (own = own && l.own, seed 11 on 7818eaf) never showed the note.
  auto course = course::default_course();
  const std::string note = "（我的课节，非官方）";
  const std::string explained = "pdo lesson list";
  CHECK(readme_text(course, zh_settings()).find(explained) == std::string::npos);
  course.lessons.back().own = true;
  const std::string text = readme_text(course, zh_settings());
  CHECK(text.find(note) != std::string::npos);
  CHECK(text.find(explained) != std::string::npos);
}
