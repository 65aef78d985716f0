// The name of the copy sync keeps when a binary file changed on both machines, at its edges: a name that
// fits is kept whole; a longer one is cut to 200 bytes with a hash, keeping an extension of up to 16 bytes.
#include <catch2/catch.hpp>

#include <string>

#include "app/sync/sync_pending.hpp"
#include "util/i18n.hpp"

using namespace pdo;

TEST_CASE("a keep-both copy name: whole up to 200 bytes, cut past it, its extension kept up to 16 bytes", "[app][sync]") {
  util::set_lang(util::Lang::en);
  const std::string word = " (remote)";
  const std::string fits = std::string(200 - word.size() - 4, 'n') + ".bin";  // 200 bytes with " (remote)"
  CHECK(app::copy_name("lessons/a/" + fits, 1) == "lessons/a/" + fits.substr(0, fits.size() - 4) + word + ".bin");
  const std::string over = "n" + fits;  // 201: cut, marked, the extension kept
  const std::string cut = app::copy_name("lessons/a/" + over, 1);
  CHECK(cut.size() - std::string("lessons/a/").size() <= 200);
  CHECK(cut.find('~') != std::string::npos);
  CHECK(cut.substr(cut.size() - 4) == ".bin");
  const std::string ext16 = "." + std::string(15, 'e'), ext17 = "." + std::string(16, 'e');
  const std::string long16 = app::copy_name(std::string(250, 's') + ext16, 1);
  const std::string long17 = app::copy_name(std::string(250, 's') + ext17, 1);
  CHECK(long16.size() <= 200);
  CHECK(long16.substr(long16.size() - 16) == ext16);  // an extension of 16 bytes stays
  CHECK(long17.size() <= 200);
  CHECK(long17.find(ext17) == std::string::npos);  // one of 17 is dropped
  CHECK(app::copy_name("a.bin", 2) == "a (remote 2).bin");
}
