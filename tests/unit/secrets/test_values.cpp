// What "random-looking" means for values with no prefix of their own (secrets/values.cpp): keys of upper
// case letters and digits are random, upper-case names with separators or short runs are not.
#include <catch2/catch.hpp>

#include "secrets/values.hpp"
#include "synthetic.hpp"

using namespace pdo::secrets;
using namespace pdo::test;

TEST_CASE("upper-case keys with digits are random, upper-case names are not", "[secrets]") {
  // Pieces that read as acronyms (PR, VPBLAY) once made most such keys look like names: a Huawei Cloud
  // AK was missed about one time in twenty.
  const std::vector<std::string> keys = {"PR8VPBLAY" + std::string("2238UZJYEOB"), "LEBB4GMWL" + std::string("840BAGNLINH"),
                                         "TNEZLHQUK" + std::string("1WC6ELZLDOO")};
  for (const auto& k : keys) {
    INFO(k);
    CHECK(looks_random(k));
    CHECK_FALSE(looks_like_name(k));
  }
  std::size_t random = 0;
  for (std::uint32_t seed = 1; seed <= 200; ++seed) random += looks_random(body(k_upper_digits, 20, seed));
  CHECK(random >= 198);
  for (const char* name :
       {"MAX_BUFFER_SIZE_V2", "PTHREAD_MUTEX_INITIALIZER", "CUDA_VISIBLE_DEVICES_0123", "AES256GCM", "X509V3CERTIFICATE", "HTTP2SERVER"}) {
    INFO(name);
    CHECK_FALSE(looks_random(name));
  }
}
