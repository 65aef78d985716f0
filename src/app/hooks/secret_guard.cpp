// Why a commit was refused, in words a learner can act on. The secret itself is never in the text:
// only the first four characters the scanner keeps.
#include "app/hooks/secret_guard.hpp"

#include <algorithm>
#include <array>

#include "util/fs.hpp"
#include "util/i18n.hpp"
#include "util/text.hpp"

namespace pdo::app {

using util::tr;

std::string format_finding(const secrets::Finding& f, const util::OutputStyle& style) {
  std::string place = f.path;
  if (f.line > 0) place += ":" + std::to_string(f.line);
  // The rule's name in the learner's language first; its id (what `# pdo:allow` and .gitleaks.toml name) after.
  std::string s = util::paint(style, util::Tone::place, place) + ": ";
  if (util::current_lang() == util::Lang::zh && !f.description_zh.empty())
    s += util::paint(style, util::Tone::bad, f.description_zh) + "（规则 " + f.rule_id + "）";
  else
    s += util::paint(style, util::Tone::bad, f.rule_id) + " (" + util::tr_pick(f.description_zh, f.description) + ")";
  s += f.redacted.empty() ? tr(" —— 这个文件本身就不应提交", " — this file must not be committed at all")
                          : ": " + util::paint(style, util::Tone::attention, f.redacted);
  return s;
}

std::optional<std::filesystem::path> bytecode_source(const std::filesystem::path& file) {
  const std::string name = util::path_to_utf8(file.filename());
  if (!util::ends_with(name, ".pyc") || name.size() <= 4) return std::nullopt;
  const std::filesystem::path dir = file.parent_path();
  if (dir.filename() == "__pycache__") return dir.parent_path() / util::path_from_utf8(name.substr(0, name.find('.')) + ".py");
  return dir / util::path_from_utf8(name.substr(0, name.size() - 1));
}

bool bytecode_current(std::string_view header, std::int64_t source_mtime_s, std::uint64_t source_size) {
  if (header.size() < 16) return false;
  const auto word = [&](std::size_t at) {
    std::uint32_t v = 0;
    for (std::size_t i = 4; i-- > 0;) v = v << 8 | static_cast<unsigned char>(header[at + i]);
    return v;
  };
  // Magic 3390 and up: 3.7's 16-byte header; flags 0: checked by timestamp.
  return (word(0) & 0xFFFFu) >= 3390 && word(4) == 0 && word(8) == (static_cast<std::uint64_t>(source_mtime_s) & 0xFFFFFFFFu) &&
         word(12) == (source_size & 0xFFFFFFFFu);
}

namespace {

/// The file name's extension after its last dot, in lower case ("" if none).
std::string lower_extension(const std::filesystem::path& file) {
  const std::string name = util::path_to_utf8(file.filename());
  const auto dot = name.rfind('.');
  return dot == std::string::npos || dot == 0 ? std::string() : util::to_lower(name.substr(dot + 1));
}

}  // namespace

bool machine_code_name(const std::filesystem::path& file) {
  static constexpr std::array<std::string_view, 9> k_ext{"", "so", "o", "a", "dll", "exe", "pyd", "dylib", "lib"};
  const std::string ext = lower_extension(file);
  return std::find(k_ext.begin(), k_ext.end(), ext) != k_ext.end() || util::path_to_utf8(file.filename()).find(".so.") != std::string::npos;
}

bool machine_code(std::string_view head, const std::filesystem::path& file) {
  if (util::starts_with(head, "\177ELF") || util::starts_with(head, "!<arch>\n")) return true;
  for (const std::string_view mach_o : {"\xfe\xed\xfa\xce", "\xfe\xed\xfa\xcf", "\xce\xfa\xed\xfe", "\xcf\xfa\xed\xfe"}) {
    if (util::starts_with(head, mach_o)) return true;
  }
  const std::string ext = lower_extension(file);
  return util::starts_with(head, "MZ") && (ext == "exe" || ext == "dll" || ext == "pyd");
}

std::string secret_advice() {
  return tr(
      "怎么处理：\n"
      "  1. 把密钥从文件里删掉，写进工作区根目录的 .env 文件（git 会忽略它，不会提交），例如一行：HF_TOKEN=你的密钥\n"
      "  2. 在代码或 notebook 里这样读取：import os; token = os.environ[\"HF_TOKEN\"]\n"
      "     （notebook 可以先运行 from dotenv import load_dotenv; load_dotenv()，它会读取 .env）\n"
      "  3. 如果 .env、kaggle.json 这类文件被强制加进了暂存区（git add -f），用 git rm --cached 文件名 移出（文件本身保留）。\n"
      "  4. 如果这不是真的密钥（例如文档里的示例），在那一行加上 pdo:allow 注释。\n"
      "  密钥如果已经发到别处（聊天、网页、以前的提交），请到服务商网站作废并重新生成。\n"
      "  确实要跳过 git 钩子的检查时（自己负责）：git commit --no-verify（pdo 自己的提交总是检查）",
      "What to do:\n"
      "  1. Remove the key from the file and put it in the .env file at the workspace root (git ignores it, it is never committed), e.g. a line HF_TOKEN=your-key\n"
      "  2. Read it from code or a notebook: import os; token = os.environ[\"HF_TOKEN\"]\n"
      "     (in a notebook, run from dotenv import load_dotenv; load_dotenv() first to read .env)\n"
      "  3. If a file like .env or kaggle.json was force-added (git add -f), unstage it with git rm --cached FILE (the file stays).\n"
      "  4. If it is not a real key (e.g. an example from the docs), add a pdo:allow comment on that line.\n"
      "  If the key was ever shared elsewhere (chat, a web page, an earlier commit), revoke it on the provider's site and create a new one.\n"
      "  To skip the git hook's check on purpose, at your own risk: git commit --no-verify (pdo's own commits are always checked)");
}

const SecretScan& builtin_scan() {
  static const SecretScan k_builtin;
  return k_builtin;
}

Status check_blobs_for_secrets(const std::vector<git::StagedBlob>& blobs, const SecretScan& scanner) {
  std::vector<secrets::Finding> findings;
  for (const auto& blob : blobs) {
    auto found = scanner.scan(blob.path, blob.content);
    findings.insert(findings.end(), found.begin(), found.end());
  }
  if (findings.empty()) return ok();
  std::string msg = tr("发现疑似密钥，已停止：没有提交任何内容。\n", "possible secrets found; stopped, nothing was committed.\n");
  for (const auto& f : findings) msg += "  " + format_finding(f) + "\n";
  msg += secret_advice();
  return Error{Exit::secret, msg};
}

std::string commit_message_text(std::string_view raw) {
  std::string out;
  std::size_t bol = 0;
  while (bol < raw.size()) {
    const std::size_t nl = raw.find('\n', bol);
    const std::size_t eol = nl == std::string_view::npos ? raw.size() : nl;
    const std::string_view line = raw.substr(bol, eol - bol);
    if (util::starts_with(line, "# ------------------------ >8 ------------------------")) break;
    if (!util::starts_with(line, "#")) out += line;
    if (nl == std::string_view::npos) break;
    out += '\n';
    bol = nl + 1;
  }
  return out;
}

Status check_message_for_secrets(std::string_view message, const SecretScan& scan) {
  const auto findings = scan.scan_content("COMMIT_EDITMSG", commit_message_text(message));
  if (findings.empty()) return ok();
  std::string msg =
      tr("提交说明里有疑似密钥，已停止：没有提交任何内容。\n", "possible secrets in the commit message; stopped, nothing was committed.\n");
  for (const auto& f : findings) msg += "  " + format_finding(f) + "\n";
  msg += tr(
      "请从提交说明里删掉密钥后重新提交（git commit 会保留你写的说明：.git/COMMIT_EDITMSG）。密钥如果已经发到别处，请到服务商网站作废。",
      "Remove the key from the message and commit again (your message is kept in .git/COMMIT_EDITMSG). If the key was shared anywhere, revoke it on the provider's site.");
  return Error{Exit::secret, msg};
}

Status check_push_for_secrets(const git::Repo& repo, std::string_view remote, std::string_view refs_input, const SecretScan& scanner) {
  std::vector<std::string> tips, known, lines;
  const auto scan_text = [&](const std::string& where, const std::string& label, const std::string& text) {
    for (auto f : scanner.scan_content(label, text)) {
      f.path = label;
      lines.push_back(where + format_finding(f));
    }
  };
  for (const auto& line : util::split_lines(refs_input)) {
    std::vector<std::string> words;
    for (auto& w : util::split(line, ' ')) {
      if (!w.empty() && w.back() == '\r') w.pop_back();
      if (!w.empty()) words.push_back(std::move(w));
    }
    if (words.size() != 4) continue;
    const auto zero = [](const std::string& id) { return id.find_first_not_of('0') == std::string::npos; };
    if (zero(words[1])) continue;  // a branch being deleted sends nothing
    // The ref names go to the remote too, and each tag object's message and tagger (a tag of a tag
    // sends both tags).
    scan_text("", tr("(引用名)", "(ref name)"), words[0] + "\n" + words[2] + "\n");
    for (const auto& tag : repo.tag_chain(words[1])) {
      scan_text(tag.id.substr(0, 12) + " ", tr("(标签说明)", "(tag message)"), tag.message);
      scan_text(tag.id.substr(0, 12) + " ", tr("(标签作者)", "(tagger)"), tag.tagger + "\n");
    }
    tips.push_back(words[1]);
    if (!zero(words[3])) known.push_back(words[3]);
  }
  if (tips.empty() && lines.empty()) return ok();
  // A named remote's tracking refs are what it already has; a URL has none we know of.
  const bool named = !remote.empty() && remote.find_first_of("/:\\") == std::string_view::npos;
  const std::string glob = named ? "refs/remotes/" + std::string(remote) + "/*" : "";
  const Status walked = repo.for_each_outgoing(
      tips, known, glob,
      [&](const git::Repo::OutgoingCommit& c) {
        scan_text(c.commit.substr(0, 12) + " ", tr("(提交说明)", "(commit message)"), c.message);
        scan_text(c.commit.substr(0, 12) + " ", tr("(作者或提交者)", "(author or committer)"), c.identities);
      },
      [&](const git::Repo::HistoryBlob& b) {
        // A blob pushed by itself (a tag of a blob) has no path: it is named as what it is.
        if (b.path.empty()) return scan_text(b.commit.substr(0, 12) + " ", tr("(标签指向的文件内容)", "(tagged blob)"), b.content);
        for (const auto& f : scanner.scan(b.path, b.content)) lines.push_back(b.commit.substr(0, 12) + " " + format_finding(f));
      });
  if (!walked) return walked.error();
  if (lines.empty()) return ok();
  std::string msg = tr("要推送的内容（提交、引用名或标签）里有疑似密钥，已停止推送：什么也没有发出去。\n",
                       "possible secrets in what is to be pushed (commits, ref names or tags); stopped, nothing was sent.\n");
  for (const auto& l : lines) msg += "  " + l + "\n";
  msg += tr(
      "这些提交还只在你的电脑上。先到服务商网站作废这个密钥；再把它从提交里去掉（最新的提交：改好文件后 git commit --amend；更早的：git rebase -i），然后重新推送。\n"
      "  确实要推送时（自己负责）：git push --no-verify",
      "These commits are still only on your machine. Revoke the key on the provider's site; then remove it from the commits (the newest: fix the file, then git commit --amend; older ones: git rebase -i) and push again.\n"
      "  To push anyway, at your own risk: git push --no-verify");
  return Error{Exit::secret, msg};
}

git::BlobCheck secret_commit_check() {
  return [](const std::vector<git::StagedBlob>& blobs) { return check_blobs_for_secrets(blobs); };
}

}  // namespace pdo::app
