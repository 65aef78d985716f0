// pdo sync's renumbering of the learner's own lessons, at the level of one commit message.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "app/sync/sync_lessons.hpp"

using namespace pdo;

TEST_CASE("renumber_trailers changes the lesson numbers of pdo's trailers only", "[app][sync]") {
  const std::string message =
      "完成 18 读讲义：DeepSpeed ZeRO\n\nPdo-Action: track\nPdo-Id: 0123456789abcdef\nPdo-Lesson: 18\nPdo-Step: read\n"
      "Pdo-State: done\nPdo-Also: 18 exercise done\nPdo-Also: 03 read done\n";
  CHECK(app::renumber_trailers(message, {{18, 19}}) ==
        "完成 18 读讲义：DeepSpeed ZeRO\n\nPdo-Action: track\nPdo-Id: 0123456789abcdef\nPdo-Lesson: 19\nPdo-Step: read\n"
        "Pdo-State: done\nPdo-Also: 19 exercise done\nPdo-Also: 03 read done\n");
  CHECK(app::renumber_trailers("我的课节：新增 18 X\n\nPdo-Action: lesson\nPdo-Own-Lesson: 18 add\n", {{18, 21}}) ==
        "我的课节：新增 18 X\n\nPdo-Action: lesson\nPdo-Own-Lesson: 21 add\n");
  CHECK(app::renumber_trailers("问题：18 X\n\nPdo-Question-Lesson: 18\n", {{18, 19}}) == "问题：18 X\n\nPdo-Question-Lesson: 19\n");
  // A line of the body that looks like a trailer is not one; nothing to change is nullopt.
  CHECK_FALSE(app::renumber_trailers("x\n\nPdo-Lesson: 18\n\nPdo-Action: track\n", {{18, 19}}));
  CHECK_FALSE(app::renumber_trailers(message, {{5, 6}}));
}

TEST_CASE("a fresh own-lesson id stays a valid id however many are taken", "[app][sync]") {
  const std::string longest(40, 'a');
  std::set<std::string> taken;
  for (const std::string& id : {std::string("ring"), longest}) {
    taken.clear();
    for (int round = 0; round < 1100; ++round) {  // past -9, -99 and -999: the suffix grows
      const std::string fresh = app::fresh_own_id(id, taken);
      INFO(fresh);
      REQUIRE(fresh.size() <= 40);
      REQUIRE(fresh.size() >= 4);
      REQUIRE(fresh.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") == std::string::npos);
      REQUIRE(taken.insert(fresh).second);  // never one already taken
    }
  }
  CHECK(app::fresh_own_id("ring", {}) == "ring-2");
  CHECK(app::fresh_own_id(longest, {}) == std::string(37, 'a') + "-2");  // as pdo before this made it
}
