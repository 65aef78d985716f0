#include <catch2/catch.hpp>

#include "workspace/marked_block.hpp"

using namespace pdo::workspace;

TEST_CASE("only the marked block is replaced, in the file's line ending", "[workspace]") {
  const std::string file = "mine before\r\n<!-- pdo:begin readme x -->\r\nold\r\n<!-- pdo:end readme -->\r\nmine after\r\n";
  const std::string fresh = "<!-- pdo:begin readme x -->\nnew\nlines\n<!-- pdo:end readme -->\n";
  const auto out = replace_block(file, fresh, "readme");
  REQUIRE(out);
  CHECK(*out == "mine before\r\n<!-- pdo:begin readme x -->\r\nnew\r\nlines\r\n<!-- pdo:end readme -->\r\nmine after\r\n");
}

TEST_CASE("without markers nothing is replaced", "[workspace]") {
  CHECK_FALSE(replace_block("no markers\n", "<!-- pdo:begin readme -->\n<!-- pdo:end readme -->\n", "readme"));
  CHECK_FALSE(replace_block("<!-- pdo:begin readme -->\nonly begin\n", "<!-- pdo:begin readme -->\n<!-- pdo:end readme -->\n", "readme"));
  CHECK_FALSE(find_block("<!-- pdo:begin other -->x<!-- pdo:end other -->", "readme"));
}
