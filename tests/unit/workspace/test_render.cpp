#include <catch2/catch.hpp>

#include "workspace/render.hpp"

using namespace pdo::workspace;

TEST_CASE("templates substitute names, lists and flags", "[workspace]") {
  Vars v;
  std::vector<Vars> items(2);
  items[0].set("n", std::string("a")).set("on", true);
  items[1].set("n", std::string("b")).set("on", false);
  v.set("title", std::string("T")).set("items", items);
  auto out = render("# {{title}}\n{{#items}}- {{n}}{{^on}} (off){{/on}} of {{title}}\n{{/items}}end\n", v);
  REQUIRE(out);
  CHECK(*out == "# T\n- a of T\n- b (off) of T\nend\n");
}

TEST_CASE("a line holding only a section tag disappears", "[workspace]") {
  Vars v;
  v.set("flag", false).set("x", std::string("X"));
  CHECK(*render("a\n{{^flag}}\nshown {{x}}\n{{/flag}}\nb\n", v) == "a\nshown X\nb\n");
  v.set("flag", true);
  CHECK(*render("a\n{{^flag}}\nshown\n{{/flag}}\nb\n", v) == "a\nb\n");
}

TEST_CASE("a comment is never output, and one alone on its lines takes them with it", "[workspace]") {
  Vars v;
  v.set("x", std::string("X"));
  CHECK(*render("a {{! inline }}b\n", v) == "a b\n");
  CHECK(*render("a\n{{! alone on its line }}\nb {{x}}\n", v) == "a\nb X\n");
  CHECK(*render("a\n{{! over\n    two lines }}\nb\n", v) == "a\nb\n");
  CHECK(*render("{{! first\n    thing }}\nb\n", v) == "b\n");
  // Not alone: the text around it stays, and so does a blank line after a one-line comment.
  CHECK(*render("a {{! over\n two }}\nb\n", v) == "a \nb\n");
  CHECK(*render("{{! one }}\n\nb\n", v) == "\nb\n");
}

TEST_CASE("template mistakes are errors, not empty text", "[workspace]") {
  Vars v;
  v.set("x", std::string("X"));
  CHECK_FALSE(render("{{nope}}", v));
  CHECK_FALSE(render("{{#x}}open", v));
  CHECK_FALSE(render("{{x", v));
  CHECK_FALSE(render("{{/x}}", v));
}

TEST_CASE("every embedded template renders for the default course", "[workspace]") {
  // render_embedded throws on unknown names: this guards the shipped templates.
  Vars v;
  v.set("course_id", std::string("c"))
      .set("course_file", std::string())
      .set("route", std::string("browser"))
      .set("lang", std::string("zh"))
      .set("zh", true)
      .set("os", std::string("windows"));
  CHECK_NOTHROW(render_embedded("templates/config.toml", v));
}
