// A commit message the commit-msg hook checks for secrets (the learner's, before git writes it).
#include "app/hooks/secret_guard.hpp"
#include "fuzz.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = pdo::fuzz::text_of(data, size);
  const auto message = pdo::app::commit_message_text(text);
  pdo::fuzz::require(message.size() <= text.size(), "the message is part of the raw text");
  (void)pdo::app::check_message_for_secrets(message);
  return 0;
}
