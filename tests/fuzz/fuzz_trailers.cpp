// Commit messages (any commit in the learner's history, a sync remote's too): pdo's trailers, and the
// fast trailer reader, which must answer as libgit2's parser does wherever it answers.
#include "app/trailers.hpp"
#include "fuzz.hpp"
#include "git/repo.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string message(pdo::fuzz::text_of(data, size));
  (void)pdo::app::read_trailers(message, "0123456789abcdef0123456789abcdef01234567");
  (void)pdo::app::subject_of(message);
  if (message.find('\0') != std::string::npos) return 0;  // libgit2 reads a C string
  const auto fast = pdo::git::detail::plain_trailers(message);
  if (fast) pdo::fuzz::require(*fast == pdo::git::detail::libgit2_trailers(message), "plain_trailers answers as libgit2 does");
  return 0;
}
