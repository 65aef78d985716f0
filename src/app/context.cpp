#include "app/context.hpp"

#include <algorithm>

#include <iostream>

#include "util/shown.hpp"
#include "util/text.hpp"

namespace pdo::app {

std::optional<std::string> ask(Context& ctx, const std::string& question) {
  ctx.out << question << std::flush;
  std::string line;
  if (!std::getline(ctx.in, line)) {
    ctx.out << "\n";
    return std::nullopt;
  }
  return std::string(util::trim(line));
}

std::optional<std::string> ask_until(Context& ctx, const std::string& question, const AnswerCheck& check) {
  for (int attempt = 0; attempt < k_ask_attempts; ++attempt) {
    auto answer = ask(ctx, question);
    if (!answer) return std::nullopt;
    const auto problem = check(*answer);
    if (!problem) return answer;
    ctx.out << *problem << "\n";
  }
  return std::nullopt;
}

const std::vector<std::string>& yes_words() {
  static const std::vector<std::string> words = {"y", "yes", "是", "好", "是的"};
  return words;
}

std::string yes_choices() {
  std::vector<std::string> shown;
  for (const auto& w : yes_words()) {
    if (util::current_lang() == util::Lang::zh || std::all_of(w.begin(), w.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
      shown.push_back(w);
  }
  return util::join(shown, " / ");
}

namespace {

/// Whether the stream is this process's own stdout / stderr (seen through the display path's ShownStream).
bool is_process_stream(const Context& ctx, platform::StdStream stream) {
  return stream == platform::StdStream::out ? &util::shown_target(ctx.out) == &std::cout : &util::shown_target(ctx.err) == &std::cerr;
}

}  // namespace

util::OutputStyle style(const Context& ctx, platform::StdStream stream, util::AsciiOnly ascii) {
  util::StyleInputs in = util::style_inputs(stream);
  if (!is_process_stream(ctx, stream)) in.terminal.is_terminal = in.terminal.ansi = false;
  in.ascii = ascii;
  in.when = ctx.color;
  const util::OutputStyle decided = util::decide_style(in);
  // The display path lets paint()'s colours through only on a stream the policy gave colour to.
  if (decided.color) util::allow_paint(stream == platform::StdStream::out ? ctx.out : ctx.err);
  return decided;
}

util::ShowProgress show_progress(const Context& ctx) {
  const bool terminal = is_process_stream(ctx, platform::StdStream::err) && platform::terminal_info(platform::StdStream::err).is_terminal;
  return terminal ? util::ShowProgress::yes : util::ShowProgress::no;
}

bool is_yes(const std::string& answer) {
  const std::string a = util::to_lower(util::trim(answer));
  const auto& w = yes_words();
  return std::find(w.begin(), w.end(), a) != w.end();
}

}  // namespace pdo::app
