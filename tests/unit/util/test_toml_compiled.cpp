// The compiled TOML tree that the build embeds for start-up: the same tree as parsing the text, and a
// reader that refuses anything damaged instead of reading past it.
#include <catch2/catch.hpp>

#include "course/course.hpp"
#include "util/embedded.hpp"
#include "util/toml_doc.hpp"

using namespace pdo;
using util::TomlNode;

namespace {

bool same_tree(const TomlNode& a, const TomlNode& b) {
  if (a.kind != b.kind || a.line != b.line || a.text != b.text || a.integer != b.integer || a.boolean != b.boolean ||
      a.items.size() != b.items.size() || a.fields.size() != b.fields.size()) {
    return false;
  }
  if (a.kind == TomlNode::Kind::floating && !(a.floating == b.floating)) return false;
  for (std::size_t i = 0; i < a.items.size(); ++i) {
    if (!same_tree(a.items[i], b.items[i])) return false;
  }
  for (std::size_t i = 0; i < a.fields.size(); ++i) {
    const auto& f = a.fields[i];
    const auto& g = b.fields[i];
    if (f.key != g.key || f.line != g.line || !same_tree(f.value, g.value)) return false;
  }
  return true;
}

const char* const k_sample = R"(schema = 1
title = "中文 \u0001 text"
n = -42
big = 9223372036854775807
small = -9223372036854775808
x = 2.5
neg = -0.125
yes = true
no = false
when = 1979-05-27T07:32:00Z
list = ["a", "", "c"]
nested = [[1, 2], [3]]
[table]
key = "v"
inner.deep = 1
[[items]]
id = "one"
[[items]]
id = "two"
)";

}  // namespace

TEST_CASE("a compiled tree reads back as the tree it was made from", "[util][toml]") {
  util::TomlDoc doc(k_sample, "sample.toml");
  REQUIRE_FALSE(doc.failed());
  const std::string bytes = util::compile_toml(doc.tree());
  const auto back = util::load_compiled_toml(bytes);
  REQUIRE(back);
  CHECK(same_tree(*back, doc.tree()));
  util::TomlDoc again(util::TomlDoc::Compiled{}, bytes, "sample.toml");
  CHECK_FALSE(again.failed());
  CHECK(again.root().integer("small", INT64_MIN, INT64_MAX) == INT64_MIN);
  CHECK(again.root().string("title", util::Need::optional, util::TomlText::prose).empty());  // U+0001 refused as ever
  CHECK(again.failed());
}

TEST_CASE("a damaged compiled tree is refused at every cut and never read past its end", "[util][toml]") {
  util::TomlDoc doc(k_sample, "sample.toml");
  const std::string bytes = util::compile_toml(doc.tree());
  for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
    INFO(cut);
    CHECK_FALSE(util::load_compiled_toml(bytes.substr(0, cut)));
  }
  CHECK_FALSE(util::load_compiled_toml(bytes + "x"));  // trailing bytes
  std::string bad_kind = bytes;
  bad_kind[11] = '\x7f';  // the root's kind byte, just after the magic line
  CHECK_FALSE(util::load_compiled_toml(bad_kind));
  util::TomlDoc damaged(util::TomlDoc::Compiled{}, bytes.substr(0, bytes.size() / 2), "x.toml");
  CHECK(damaged.failed());
}

TEST_CASE("the embedded course's compiled tree equals the parse of its text", "[util][toml][course]") {
  const auto text = course::default_course_text();
  const auto compiled = util::embedded_file("compiled/templates/courses/pytorch-distributed-overview.toml");
  REQUIRE(compiled);  // the native build always compiles it (CMakeLists.txt)
  util::TomlDoc parsed(text, "course.toml");
  REQUIRE_FALSE(parsed.failed());
  const auto tree = util::load_compiled_toml(*compiled);
  REQUIRE(tree);
  CHECK(same_tree(*tree, parsed.tree()));
  CHECK(course::default_course().lessons.size() == 17);
}
