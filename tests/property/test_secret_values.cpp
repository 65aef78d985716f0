// What reads as a name, as properties (RapidCheck) at the edge of its one length rule: a run of capitals
// and digits together, 18 characters or longer, is a random upper-case key (a Huawei Cloud AK), never a
// name; a run of capitals only (an acronym) or of digits only is part of a name at any length, 1 to 64,
// at the start, inside or at the end of a CamelCase name.
#include <rapidcheck/catch.h>
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "secrets/values.hpp"

using namespace pdo::secrets;

namespace {

/// A run's length: every one from 1 to 64, the rule's edge (17, 18, 19) often.
rc::Gen<std::size_t> run_length() {
  return rc::gen::oneOf(rc::gen::elementOf(std::vector<std::size_t>{1, 2, 17, 18, 19, 64}), rc::gen::inRange<std::size_t>(1, 65));
}

/// Capitals that read as a word at any length: consonant-vowel pairs (half vowels, as words have).
std::string acronym(std::size_t n) {
  std::string run;
  while (run.size() < n) {
    run += *rc::gen::elementOf(std::string("BCDFGHKLMNPRSTVWZ"));
    if (run.size() < n) run += *rc::gen::elementOf(std::string("AEIOU"));
  }
  return run;
}

/// Capitals and digits, both in it: a random upper-case key's body.
std::string key_run(std::size_t n) {
  std::string run = *rc::gen::container<std::string>(n, rc::gen::elementOf(std::string("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")));
  const auto digit_at = *rc::gen::inRange<std::size_t>(0, n);
  auto upper_at = *rc::gen::inRange<std::size_t>(0, n - 1);
  if (upper_at >= digit_at) ++upper_at;
  run[digit_at] = *rc::gen::elementOf(std::string("0123456789"));
  run[upper_at] = *rc::gen::elementOf(std::string("ABCDEFGHIJKLMNOPQRSTUVWXYZ"));
  return run;
}

/// A CamelCase name with the run at the start, inside or at the end.
std::string camel_with(const std::string& run) {
  switch (*rc::gen::inRange(0, 3)) {
    case 0:
      return run + "Weights";
    case 1:
      return "Model" + run + "Weights";
    default:
      return "Model" + run;
  }
}

}  // namespace

TEST_CASE("a run of capitals only or digits only is part of a name at any length", "[property]") {
  rc::prop("Model…Weights with an acronym or a number of any length reads as a name", [] {
    const std::size_t n = *run_length();
    const std::string run = *rc::gen::arbitrary<bool>() ? acronym(n) : std::string(n, *rc::gen::elementOf(std::string("0123456789")));
    const std::string name = camel_with(run);
    RC_LOG() << name;
    RC_ASSERT(looks_like_name(name));
  });
}

TEST_CASE("a run of capitals and digits 18 or longer is a key, never a name", "[property]") {
  rc::prop("at 18 or more, in any name, the value is not a name; at 17 a name's words still count", [] {
    const std::size_t n = *rc::gen::inRange<std::size_t>(18, 65);
    // Random, or wordy: an acronym and a number, which split into words if the run were cut short.
    const std::size_t digits = *rc::gen::inRange<std::size_t>(1, 4);
    const std::string run = *rc::gen::arbitrary<bool>() ? key_run(n) : acronym(n - digits) + std::string(digits, '7');
    const std::string value = camel_with(run);
    RC_LOG() << value;
    RC_ASSERT_FALSE(looks_like_name(value));
  });
  // One shorter, a name made of words stays one (AES256GCM, X509V3CERTIFICATE are 9 and 17 long).
  CHECK(looks_like_name("ModelX509V3CERTIFICATEWeights"));
  CHECK(looks_like_name("Model" + std::string("BABABABABABABABA1") + "Weights"));
  CHECK_FALSE(looks_like_name("Model" + std::string("BABABABABABABABAB1") + "Weights"));
  CHECK_FALSE(looks_like_name(std::string("BABABABABABABABAB1") + "Weights"));  // at the start: its first character counts
}
