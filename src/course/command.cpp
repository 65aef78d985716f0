// An allow-list, not a deny-list: a deny-list of shells and launchers leaks through every program that can
// start another or run code it is given (git aliases, python -m timeit -s, perl -e, find -exec, ionice,
// flock…). A shape here names a program by its bare name (looked up on PATH's absolute folders) and
// every one of its arguments; "{python}" is the Python pdo detects, "{script}" the item's embedded script.
#include "course/command.hpp"

#include <array>
#include <string_view>

#include "util/i18n.hpp"
#include "util/text.hpp"

namespace pdo::course {

using util::tr;

namespace {

/// A word that stands for any one argument (the code of `{python} -c`).
constexpr std::string_view k_any = "*";

struct Shape {
  std::array<std::string_view, 3> words;  ///< "" past the end
  bool inline_code = false;               ///< code given as an argument: the built-in course only
};

// What the built-in course needs (templates/courses/pytorch-distributed-overview.toml: git --version,
// {python} --version, {python} {script}, {python} -c), plus the other version and GPU questions a course
// about CUDA asks. Each program here only reports; none starts another program or reads code it is given.
constexpr std::array<Shape, 7> k_shapes{{
    {{"git", "--version", ""}},
    {{"nvcc", "--version", ""}},
    {{"nvidia-smi", "", ""}},
    {{"nvidia-smi", "-L", ""}},
    {{"{python}", "--version", ""}},
    {{"{python}", "{script}", ""}},
    {{"{python}", "-c", k_any}, true},
}};

bool matches(const Shape& shape, const std::vector<std::string>& argv) {
  std::size_t n = 0;
  while (n < shape.words.size() && !shape.words[n].empty()) ++n;
  if (argv.size() != n) return false;
  for (std::size_t i = 0; i < n; ++i) {
    if (shape.words[i] != k_any && shape.words[i] != argv[i]) return false;
  }
  return true;
}

}  // namespace

std::string allowed_commands() {
  std::vector<std::string> shown;
  for (const auto& shape : k_shapes) {
    if (shape.inline_code) continue;
    std::string line;
    for (const auto word : shape.words) {
      if (!word.empty()) line += (line.empty() ? "" : " ") + std::string(word);
    }
    shown.push_back(line);
  }
  return util::join(shown, ", ");
}

std::optional<std::string> command_problem(const std::vector<std::string>& argv, InlineCode inline_code) {
  for (const auto& shape : k_shapes) {
    if (matches(shape, argv) && (!shape.inline_code || inline_code == InlineCode::allowed)) return std::nullopt;
  }
  return tr("pdo 只运行它认识的检查命令：", "pdo runs only the check commands it knows: ") + allowed_commands() +
         tr("（{script} 是 pdo 自带的脚本，由 script 指定）。这个命令不是其中之一；代码不能直接写进命令里。",
            " ({script} is one of pdo's own scripts, named by `script`). This command is none of them; code cannot be given inline.");
}

}  // namespace pdo::course
