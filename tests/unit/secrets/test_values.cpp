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

TEST_CASE("a UUID is an id, never a name, whatever its parts look like", "[secrets]") {
  // The bench planted 16529759-6446-909b-76a8-3724972fc902 as a Volcengine Ark key: every part read as a
  // word or a short number, so the value counted as a name and was missed.
  const std::string uuid_ish = "16529759-6446-909b-76a8-" + std::string("3724972fc902");
  CHECK(uuid_shaped(uuid_ish));
  CHECK_FALSE(looks_like_name(uuid_ish));
  CHECK(looks_random(uuid_ish));
  CHECK(found_ids("ARK_API_KEY=" + uuid_ish) == std::vector<std::string>{"secret-assignment"});
  // Every generated UUID is an id: none reads as a name.
  for (std::uint32_t seed = 1; seed <= 500; ++seed) CHECK_FALSE(looks_like_name(uuid(seed)));
  // What is not 8-4-4-4-12 hex is judged as before.
  CHECK_FALSE(uuid_shaped("16529759-6446-909b-76a8-3724972fc90"));
  CHECK_FALSE(uuid_shaped("16529759_6446-909b-76a8-3724972fc902"));
  CHECK_FALSE(uuid_shaped("1652975g-6446-909b-76a8-3724972fc902"));
  CHECK(looks_like_name("model.layers.0.self_attn.q_proj.weight"));
}
