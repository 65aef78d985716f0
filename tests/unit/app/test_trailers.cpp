// app/trailers over git's trailer parser: the vocabulary round-trips, and no message shape (empty,
// trailers only, "---" lines, bytes that are not UTF-8, 1 MB) can crash it or invent trailers.
#include <catch2/catch.hpp>

#include <random>

#include "app/trailers.hpp"

using namespace pdo;

TEST_CASE("trailers written by pdo read back exactly", "[app]") {
  app::Trailers t;
  t.action = app::Action::track;
  t.id = app::new_action_id();
  t.boxes = {{3, progress::Step::read, true}, {5, progress::Step::notes, false}};
  const auto back = app::read_trailers("完成 03 读讲义\n\n" + app::write_trailers(t), "c0ffee");
  CHECK(back.action == app::Action::track);
  CHECK(back.id == t.id);
  CHECK(back.boxes == t.boxes);
  CHECK(t.id.size() == 16);
  CHECK(app::new_action_id() != t.id);
}

TEST_CASE("pdo 0.1 messages keep their meaning", "[app]") {
  const auto track = app::read_trailers("Done\n\nPdo-Lesson: 02\nPdo-Step: read\nPdo-State: done\nPdo-Also: 05 notes done\n", "abc");
  CHECK(track.action == app::Action::track);
  CHECK(track.id == "abc");
  CHECK(track.boxes.size() == 2);
  const auto undo = app::read_trailers("Undo\n\nPdo-Lesson: 02\nPdo-Step: read\nPdo-State: todo\nPdo-Undo: abc\n", "def");
  CHECK(undo.action == app::Action::undo);
  CHECK(undo.undoes == "abc");
}

TEST_CASE("no message shape crashes the parser or invents trailers", "[app]") {
  std::mt19937 rng(7);
  std::vector<std::string> messages{"",
                                    "\n",
                                    "\n\n\n",
                                    "Pdo-Action: track\n",
                                    "subject\n\nPdo-Action: ask\n",
                                    "subject\n---\n\nPdo-Action: ask\nPdo-Id: 1\n",
                                    "---\n",
                                    std::string("\xff\xfe\x00x", 4),
                                    "subject\n\nPdo-Lesson: \nPdo-Step: \nPdo-State: \n",
                                    "s\n\nPdo-Lesson: 9999\nPdo-Step: read\nPdo-State: done\n"};
  std::string big(1 << 20, 'x');
  for (std::size_t i = 0; i < big.size(); i += 77) big[i] = '\n';
  messages.push_back(big);
  messages.push_back(big + "\n\nPdo-Action: track\n");
  for (int i = 0; i < 200; ++i) {
    std::string m(static_cast<std::size_t>(rng() % 300), ' ');
    for (auto& c : m) c = static_cast<char>(rng() % 256);
    messages.push_back(m);
  }
  for (const auto& m : messages) {
    const auto t = app::read_trailers(m, "id");
    const auto subject = app::subject_of(m);
    CHECK(subject.find('\n') == std::string::npos);
    for (const auto& b : t.boxes) CHECK((b.lesson >= 0 && b.lesson < 1000));
  }
  // The first paragraph is never trailers, and "---" ends what git reads.
  CHECK_FALSE(app::read_trailers("Pdo-Action: track\n", "x").action.has_value());
  CHECK_FALSE(app::read_trailers("subject\n---\n\nPdo-Action: ask\n", "x").action.has_value());
}
