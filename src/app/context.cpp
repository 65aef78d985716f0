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
  static const std::vector<std::string> words = {"y", "yes", "ok", "okay", "sure", "好", "好的", "好啊", "可以", "行", "是", "是的", "对"};
  return words;
}

const std::vector<std::string>& no_words() {
  static const std::vector<std::string> words = {"n", "no", "否", "不", "不要"};
  return words;
}

std::string yes_choices() { return util::tr("好 / 是 / y", "y / yes"); }

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

namespace {

/// The answer as the word lists hold it: blanks and a closing mark (。！.! and their kin) gone, lowercase.
std::string plain_answer(const std::string& answer) {
  std::string a = util::to_lower(util::trim(answer));
  for (bool cut = true; cut;) {
    cut = false;
    for (const std::string_view mark : {"。", "！", "，", "～", ".", "!", ",", "~"}) {
      if (a.size() >= mark.size() && a.compare(a.size() - mark.size(), mark.size(), mark) == 0) {
        a.resize(a.size() - mark.size());
        a = std::string(util::trim(a));
        cut = true;
      }
    }
  }
  return a;
}

}  // namespace

bool is_yes(const std::string& answer) {
  const std::string a = plain_answer(answer);
  const auto& w = yes_words();
  return std::find(w.begin(), w.end(), a) != w.end();
}

std::optional<bool> yes_or_no(const std::string& answer) {
  if (is_yes(answer)) return true;
  const std::string a = plain_answer(answer);
  const auto& w = no_words();
  if (std::find(w.begin(), w.end(), a) != w.end()) return false;
  return std::nullopt;
}

}  // namespace pdo::app
