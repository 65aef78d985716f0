// Properties over generated inputs (RapidCheck): what pdo accepts, writes or names, stated for any input
// that reaches the rules' edges, not for a few examples. Issue 41's promises: a value a command accepts
// loads back and is shown as it is; a name pdo makes fits every file system.
#include <rapidcheck/catch.h>
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "app/sync/sync_pending.hpp"
#include "course/course.hpp"
#include "property/generators.hpp"
#include "util/fs.hpp"
#include "util/text.hpp"
#include "workspace/own_lessons.hpp"

using namespace pdo;
using pdo::test::edge_pieces;
using pdo::test::edgy_text;

namespace {

/// Plain text (ASCII letters, CJK, an emoji) with every edge piece put in at a generated place, then a
/// generated string of edge pieces and arbitrary bytes: each edge is met in every run, next to anything.
rc::Gen<std::vector<std::string>> cases() {
  return rc::gen::exec([] {
    const auto plain = *rc::gen::container<std::vector<std::string>>(
        rc::gen::elementOf(std::vector<std::string>{"a", "Z", "\xe5\xad\xa6", "\xf0\x9f\x98\x80", " "}));
    std::string around;
    for (const auto& p : plain) around += p;
    const std::size_t at = *rc::gen::inRange<std::size_t>(0, plain.size() + 1);
    std::string before;
    for (std::size_t i = 0; i < at; ++i) before += plain[i];
    std::vector<std::string> out;
    for (const auto& edge : edge_pieces()) out.push_back(before + edge + around.substr(before.size()));
    out.push_back(*edgy_text());
    return out;
  });
}

bool well_formed_utf8(const std::string& s) { return util::utf8_cut_tail(s) == 0 && !util::forbidden_char(s, true).has_value(); }

}  // namespace

TEST_CASE("a value the input rule accepts is shown as it is, and one the display would change is refused", "[property]") {
  rc::prop("forbidden_char refuses exactly what escape_controls changes, and U+2028/U+2029", [] {
    for (const std::string& s : *cases()) {
      const bool changed = util::escape_controls(s) != s;
      const bool refused = util::forbidden_char(s).has_value();
      RC_ASSERT(!changed || refused);
      const bool line_separator = s.find("\xe2\x80\xa8") != std::string::npos || s.find("\xe2\x80\xa9") != std::string::npos;
      RC_ASSERT(changed || line_separator || !refused);
    }
  });
}

TEST_CASE("every title, link and folder the input validation accepts loads back unchanged", "[property]") {
  rc::prop("accepted => .pdo/lessons.toml as pdo writes it loads the same lesson", [] {
    const auto values = *cases();
    const std::string value = *rc::gen::elementOf(values);
    course::Lesson l;
    l.own = true;
    l.number = *rc::gen::inRange(18, 1000);
    l.id = util::pad2(l.number);
    l.own_id = "own-lesson-" + std::to_string(l.number);
    l.title = "Ring attention";
    l.folder = "ring-attention";
    const std::string title(util::trim(value));
    if (!course::title_problem(title)) l.title = title;
    if (const std::string url = "https://example.com/" + value; !course::url_problem(url)) l.url = url;
    if (!course::folder_name_problem(value)) l.folder = value;
    const auto back = workspace::parse_own_lessons(workspace::own_lessons_text({l}), "lessons.toml");
    RC_ASSERT(static_cast<bool>(back));
    RC_ASSERT(back->size() == 1u);
    RC_ASSERT(back->front().title == l.title);
    RC_ASSERT(back->front().url == l.url);
    RC_ASSERT(back->front().folder == l.folder);
    RC_ASSERT(back->front().number == l.number);
  });
}

TEST_CASE("a file kept twice by sync gets a name every file system takes", "[property]") {
  rc::prop("copy_name: at most 200 bytes a name, whole characters, the folder kept, one name per n", [] {
    const auto piece = rc::gen::elementOf(std::vector<std::string>{"n", "x", "\xe5\xad\xa6", "\xf0\x9f\x98\x80", ".", " ", "-"});
    const std::string stem = *rc::gen::map(rc::gen::container<std::vector<std::string>>(*rc::gen::inRange<std::size_t>(0, 300), piece),
                                           [](const std::vector<std::string>& parts) {
                                             std::string s;
                                             for (const auto& p : parts) s += p;
                                             return s;
                                           });
    const std::string ext = *rc::gen::elementOf(std::vector<std::string>{"", ".bin", ".ipynb", "." + std::string(40, 'e')});
    const std::string folder = *rc::gen::elementOf(std::vector<std::string>{"", "lessons/03-x/exercises/", "a/b/"});
    const std::string path = folder + "f" + stem + ext;
    const int n = *rc::gen::inRange(1, 1000);
    const std::string name = app::copy_name(path, n);
    RC_ASSERT(name.compare(0, folder.size(), folder) == 0);
    const std::string last = name.substr(folder.size());
    RC_ASSERT(last.find('/') == std::string::npos);
    RC_ASSERT(last.size() <= 200u);
    RC_ASSERT(well_formed_utf8(last));
    RC_ASSERT(name != path);
    RC_ASSERT(app::copy_name(path, n + 1) != name);
  });
}

TEST_CASE("temp files beside any file have names that fit", "[property]") {
  rc::prop("temp_prefix: at most 255 bytes with its counter, for any file name", [] {
    const std::string name =
        *rc::gen::map(rc::gen::container<std::vector<std::string>>(*rc::gen::inRange<std::size_t>(1, 260),
                                                                   rc::gen::elementOf(std::vector<std::string>{"a", "\xe5\xad\xa6"})),
                      [](const std::vector<std::string>& parts) {
                        std::string s;
                        for (const auto& p : parts) s += p;
                        return s;
                      });
    const std::string prefix = util::temp_prefix(util::path_from_utf8("dir/" + name), 2147483647L);
    RC_ASSERT(prefix.size() + 10 <= 255u);  // the counter: at most 10 digits
    RC_ASSERT(prefix.find('/') == std::string::npos);
  });
}
