#include "workspace/script.hpp"

#include "util/text.hpp"

namespace pdo::workspace {

namespace {

std::string tr_(const ScriptInfo& info, const char* zh, const char* en) { return info.lang == util::Lang::zh ? zh : en; }

/// A POSIX shell single-quoted word: every byte kept, ' written as '\''.
std::string sq(std::string_view s) { return "'" + util::replace_all(s, "'", "'\\''") + "'"; }

/// A PowerShell single-quoted string: ' doubled (and the typographic quotes PowerShell also treats as quotes).
std::string psq(std::string_view s) {
  std::string out = util::replace_all(s, "'", "''");
  for (const char* q : {"\xE2\x80\x98", "\xE2\x80\x99", "\xE2\x80\x9A", "\xE2\x80\x9B"})
    out = util::replace_all(out, q, std::string(q) + q);
  return "'" + out + "'";
}

std::string file_list(const Plan& plan) {
  std::string out;
  for (const auto& i : plan.items) {
    if (!util::ends_with(i.path, "/")) out += " " + sq(i.path);
  }
  return out;
}

std::string sh_script(const Plan& plan, const ScriptInfo& info) {
  std::string s = "#!/bin/sh\n";
  s += tr_(info, "# 由 pdo init --script sh 生成：在没有 pdo 的机器上创建「",
           "# Made by pdo init --script sh: creates the study workspace for \"") +
       info.course_title + tr_(info, "」学习工作区。\n", "\" on a machine without pdo.\n");
  s +=
      tr_(info, "# 用法：sh 本文件 [课程目录]。已存在的文件一律不覆盖；不运行自检；不安装 pre-commit 钩子；有 git 时建仓库并提交新文件。\n",
          "# Usage: sh this-file [course folder]. Existing files are never overwritten; no self-check runs; no pre-commit hook\n"
          "# is installed; with git present it makes the repository and commits the new files.\n");
  s += "set -eu\n";
  s += "target=${1:-" + sq(info.target) + "}\n";
  // The folder is the text typed where the script was made: ~ and $HOME are this machine's.
  s += "case $target in\n"
       "  '~' | '~/'*) target=$HOME${target#\\~} ;;\n"
       "  '$HOME' | '$HOME/'*) target=$HOME${target#\\$HOME} ;;\n"
       "esac\n";
  s += "mkdir -p -- \"$target\"\ncd -- \"$target\"\n";
  s += "created=0\nkept=0\n";
  s += "pdo_dir() { [ -d \"$1\" ] || mkdir -p -- \"$1\"; }\n";
  s += "pdo_file() {\n"
       "  if [ -e \"$1\" ] || [ -L \"$1\" ]; then kept=$((kept + 1)); return 0; fi\n"
       "  printf '%s' \"$2\" > \"$1\"\n"
       "  created=$((created + 1))\n"
       "}\n";
  for (const auto& i : plan.items) {
    if (util::ends_with(i.path, "/")) {
      s += "pdo_dir " + sq(i.path.substr(0, i.path.size() - 1)) + "\n";
    } else {
      s += "pdo_file " + sq(i.path) + " " + sq(i.content) + "\n";
    }
  }
  s += "echo " + sq(tr_(info, "课程目录：", "Course folder: ")) + "\"$(pwd)\"\n";
  s += "echo " + sq(tr_(info, "新建的文件：", "files created: ")) + "\"$created\"" +
       sq(tr_(info, " 个；已存在、原样保留：", "; already there and kept as they were: ")) + "\"$kept\"\n";
  s += "if command -v git >/dev/null 2>&1; then\n";
  s += "  if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then git init -q .; echo " +
       sq(tr_(info, "git：新建了仓库。", "git: created a repository.")) + "; fi\n";
  s += "  set --\n";
  s += "  for p in" + file_list(plan) + "; do\n";
  s += "    if ! git ls-files --error-unmatch -- \"$p\" >/dev/null 2>&1; then set -- \"$@\" \"$p\"; fi\n";
  s += "  done\n";
  s += "  if [ \"$#\" -gt 0 ]; then\n";
  // core.safecrlf=false: under Git for Windows' core.autocrlf=true, git would warn "LF will be replaced by
  // CRLF" once per file; the conversion is what the learner's own setting asks for, not news.
  s += "    git -c core.safecrlf=false add -- \"$@\"\n";
  s += "    if git config user.name >/dev/null 2>&1 && git config user.email >/dev/null 2>&1; then\n";
  s += "      printf '%s' " + sq(info.commit_message) + " | git -c core.safecrlf=false commit -q -F - -- \"$@\"\n";
  s += "      echo " + sq(tr_(info, "git：已提交 ", "git: committed ")) + "\"$#\"" +
       sq(tr_(info, " 个课程文件（只有这些文件）。", " course files (only those).")) + "\n";
  s += "    else\n";
  s +=
      "      echo " +
      sq(tr_(
          info,
          "git：还不知道你的名字和邮箱，文件已暂存但没有提交。运行 git config user.name \"你的名字\" 和 git config user.email 你的邮箱 后再运行 git commit。",
          "git: your name and email are not set; the files are staged but not committed. Run git config user.name \"Your Name\" and git config user.email you@example.com, then git commit.")) +
      "\n";
  s += "    fi\n";
  s += "  else\n";
  s += "    echo " + sq(tr_(info, "git：没有新文件需要提交。", "git: no new file to commit.")) + "\n";
  s += "  fi\n";
  s += "else\n";
  s += "  echo " +
       sq(tr_(info, "git：这台机器上没有 git，没有建仓库、没有提交（文件照样可用；以后装了 git 或 pdo 再补上）。",
              "git: not on this machine, so no repository and no commit (the files work as they are; add git or pdo later).")) +
       "\n";
  s += "fi\n";
  s +=
      "echo " +
      sq(tr_(
          info, "没有安装 pre-commit 钩子：pdo 的钩子要调用 pdo，没有 pdo 时它会拦下每一次提交。装好 pdo 后运行 pdo init 会装上它。",
          "No pre-commit hook was installed: pdo's hook calls pdo and would block every commit without it. Run pdo init once pdo is installed to add it.")) +
      "\n";
  s +=
      "echo " +
      sq(tr_(
          info, "check-env.md 里的自检项目尚未验证：这个脚本没有运行任何检查。装好 pdo 后运行 pdo check，或按 check-env.md 逐项自己检查。",
          "The self-check items in check-env.md are not yet verified: this script ran no check. Run pdo check once pdo is installed, or go through check-env.md yourself.")) +
      "\n";
  return s;
}

std::string ps_script(const Plan& plan, const ScriptInfo& info) {
  std::string s;
  s += tr_(info, "# 由 pdo init --script powershell 生成：在没有 pdo 的机器上创建「",
           "# Made by pdo init --script powershell: creates the study workspace for \"") +
       info.course_title + tr_(info, "」学习工作区。\n", "\" on a machine without pdo.\n");
  s += tr_(
      info,
      "# 运行：powershell -ExecutionPolicy Bypass -File 本文件.ps1 [-Target 课程目录]（Windows PowerShell 5.1 和 PowerShell 7 都可以）。\n",
      "# Run: powershell -ExecutionPolicy Bypass -File this-file.ps1 [-Target course-folder] (Windows PowerShell 5.1 or PowerShell 7).\n");
  s +=
      tr_(info,
          "# 已存在的文件一律不覆盖；文件按 UTF-8（无 BOM）逐字节写入；不运行自检；不安装 pre-commit 钩子；有 git 时建仓库并提交新文件。\n",
          "# Existing files are never overwritten; files are written byte for byte as UTF-8 without a BOM; no self-check runs;\n"
          "# no pre-commit hook is installed; with git present it makes the repository and commits the new files.\n");
  s += "param([string]$Target = " + psq(info.target) + ")\n";
  s += "$ErrorActionPreference = 'Stop'\n";
  // The folder is the text typed where the script was made (C:\Users\…, %USERPROFILE%\…, $env:USERPROFILE\…,
  // ~\…): resolved here, on the machine it is for.
  s += "$Target = [Environment]::ExpandEnvironmentVariables($Target)\n";
  s += "$Target = [regex]::Replace($Target, '\\$env:(\\w+)', { param($m) [Environment]::GetEnvironmentVariable($m.Groups[1].Value) })\n";
  s += "if ($Target -match '^~(?=$|[\\\\/])') { $Target = $HOME + $Target.Substring(1) }\n";
  s += "New-Item -ItemType Directory -Force -Path $Target | Out-Null\n";
  s += "$Target = (Resolve-Path -LiteralPath $Target).ProviderPath\n";
  s += "$script:created = 0\n$script:kept = 0\n";
  s += "function Add-PdoDir([string]$Rel) {\n"
       "  $p = Join-Path $Target $Rel\n"
       "  if (-not (Test-Path -LiteralPath $p)) { New-Item -ItemType Directory -Force -Path $p | Out-Null }\n"
       "}\n";
  // The bytes travel as base64: no code page, BOM or line-ending conversion can touch them.
  s += "function Add-PdoFile([string]$Rel, [string]$Base64) {\n"
       "  $p = Join-Path $Target $Rel\n"
       "  if (Test-Path -LiteralPath $p) { $script:kept++; return }\n"
       "  [System.IO.File]::WriteAllBytes($p, [System.Convert]::FromBase64String($Base64))\n"
       "  $script:created++\n"
       "}\n";
  std::string all;
  for (const auto& i : plan.items) {
    if (util::ends_with(i.path, "/")) {
      s += "Add-PdoDir " + psq(i.path.substr(0, i.path.size() - 1)) + "\n";
    } else {
      s += "Add-PdoFile " + psq(i.path) + " '" + base64(i.content) + "'\n";
      all += (all.empty() ? "" : ", ") + psq(i.path);
    }
  }
  s += "Write-Host (" + psq(tr_(info, "课程目录：", "Course folder: ")) + " + $Target)\n";
  s += "Write-Host (" + psq(tr_(info, "新建的文件：", "files created: ")) + " + $script:created + " +
       psq(tr_(info, " 个；已存在、原样保留：", "; already there and kept as they were: ")) + " + $script:kept)\n";
  // Native commands write to stderr on purpose (rev-parse outside a repo): with 'Stop', Windows
  // PowerShell 5.1 would turn that into an error, so git runs under 'Continue'.
  s += "$ErrorActionPreference = 'Continue'\n";
  s += "if (Get-Command git -ErrorAction SilentlyContinue) {\n";
  s += "  Push-Location -LiteralPath $Target\n";
  s += "  try {\n";
  s += "    git rev-parse --is-inside-work-tree 2>$null | Out-Null\n";
  s += "    if ($LASTEXITCODE -ne 0) { git init -q . | Out-Null; Write-Host " +
       psq(tr_(info, "git：新建了仓库。", "git: created a repository.")) + " }\n";
  s += "    $paths = @()\n";
  s += "    foreach ($rel in @(" + all + ")) {\n";
  s += "      git ls-files --error-unmatch -- $rel 2>$null | Out-Null\n";
  s += "      if ($LASTEXITCODE -ne 0) { $paths += $rel }\n";
  s += "    }\n";
  s += "    if ($paths.Count -gt 0) {\n";
  s += "      git -c core.safecrlf=false add -- @paths\n";
  s += "      git config user.name | Out-Null; $hasName = ($LASTEXITCODE -eq 0)\n";
  s += "      git config user.email | Out-Null; $hasEmail = ($LASTEXITCODE -eq 0)\n";
  s += "      if ($hasName -and $hasEmail) {\n";
  s += "        $msg = [System.IO.Path]::GetTempFileName()\n";
  s += "        [System.IO.File]::WriteAllBytes($msg, [System.Convert]::FromBase64String('" + base64(info.commit_message) + "'))\n";
  s += "        git -c core.safecrlf=false commit -q -F $msg -- @paths\n";
  s += "        Remove-Item -LiteralPath $msg\n";
  s += "        Write-Host (" + psq(tr_(info, "git：已提交 ", "git: committed ")) + " + $paths.Count + " +
       psq(tr_(info, " 个课程文件（只有这些文件）。", " course files (only those).")) + ")\n";
  s += "      } else {\n";
  s +=
      "        Write-Host " +
      psq(tr_(
          info,
          "git：还不知道你的名字和邮箱，文件已暂存但没有提交。运行 git config user.name \"你的名字\" 和 git config user.email 你的邮箱 后再运行 git commit。",
          "git: your name and email are not set; the files are staged but not committed. Run git config user.name \"Your Name\" and git config user.email you@example.com, then git commit.")) +
      "\n";
  s += "      }\n";
  s += "    } else { Write-Host " + psq(tr_(info, "git：没有新文件需要提交。", "git: no new file to commit.")) + " }\n";
  s += "  } finally { Pop-Location }\n";
  s += "} else {\n";
  s += "  Write-Host " +
       psq(tr_(info, "git：这台机器上没有 git（Git for Windows 是可选的），没有建仓库、没有提交；文件照样可用。",
               "git: not on this machine (Git for Windows is optional), so no repository and no commit; the files work as they are.")) +
       "\n";
  s += "}\n";
  s +=
      "Write-Host " +
      psq(tr_(
          info, "没有安装 pre-commit 钩子：pdo 的钩子要调用 pdo，没有 pdo 时它会拦下每一次提交。装好 pdo 后运行 pdo init 会装上它。",
          "No pre-commit hook was installed: pdo's hook calls pdo and would block every commit without it. Run pdo init once pdo is installed to add it.")) +
      "\n";
  s +=
      "Write-Host " +
      psq(tr_(
          info, "check-env.md 里的自检项目尚未验证：这个脚本没有运行任何检查。装好 pdo 后运行 pdo check，或按 check-env.md 逐项自己检查。",
          "The self-check items in check-env.md are not yet verified: this script ran no check. Run pdo check once pdo is installed, or go through check-env.md yourself.")) +
      "\n";
  return s;
}

}  // namespace

std::string base64(std::string_view bytes) {
  static const char* k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  const auto byte = [&](std::size_t at) { return static_cast<unsigned>(static_cast<unsigned char>(bytes[at])); };
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const unsigned v = (byte(i) << 16U) | (byte(i + 1) << 8U) | byte(i + 2);
    out += {k[(v >> 18) & 63], k[(v >> 12) & 63], k[(v >> 6) & 63], k[v & 63]};
  }
  if (i + 1 == bytes.size()) {
    const unsigned v = byte(i) << 16U;
    out += {k[(v >> 18) & 63], k[(v >> 12) & 63], '=', '='};
  } else if (i + 2 == bytes.size()) {
    const unsigned v = (byte(i) << 16U) | (byte(i + 1) << 8U);
    out += {k[(v >> 18) & 63], k[(v >> 12) & 63], k[(v >> 6) & 63], '='};
  }
  return out;
}

std::string init_script(ScriptKind kind, const Plan& plan, const ScriptInfo& info) {
  return kind == ScriptKind::sh ? sh_script(plan, info) : ps_script(plan, info);
}

}  // namespace pdo::workspace
