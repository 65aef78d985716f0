#!/bin/sh
{{! pdo init --script sh (src/workspace/script.cpp fills it): the same tree with the same bytes, never an
    existing file overwritten. Values come quoted for sh: target, path, content, message. }}
{{#zh}}
# 由 pdo init --script sh 生成：在没有 pdo 的机器上创建「{{title}}」学习工作区。
# 用法：sh 本文件 [课程目录]。已存在的文件一律不覆盖；不运行自检；不安装 pre-commit 钩子；有 git 时建仓库并提交新文件。
{{/zh}}
{{^zh}}
# Made by pdo init --script sh: creates the study workspace for "{{title}}" on a machine without pdo.
# Usage: sh this-file [course folder]. Existing files are never overwritten; no self-check runs; no pre-commit hook
# is installed; with git present it makes the repository and commits the new files.
{{/zh}}
set -eu
target=${1:-{{target}}}
{{! The folder is the text typed where the script was made: ~ and $HOME are this machine's. }}
case $target in
  '~' | '~/'*) target=$HOME${target#\~} ;;
  '$HOME' | '$HOME/'*) target=$HOME${target#\$HOME} ;;
esac
mkdir -p -- "$target"
cd -- "$target"
created=0
kept=0
pdo_dir() { [ -d "$1" ] || mkdir -p -- "$1"; }
pdo_file() {
  if [ -e "$1" ] || [ -L "$1" ]; then kept=$((kept + 1)); return 0; fi
  printf '%s' "$2" > "$1"
  created=$((created + 1))
}
{{#items}}
{{#dir}}
pdo_dir {{path}}
{{/dir}}
{{^dir}}
pdo_file {{path}} {{content}}
{{/dir}}
{{/items}}
echo {{#zh}}'课程目录：'{{/zh}}{{^zh}}'Course folder: '{{/zh}}"$(pwd)"
echo {{#zh}}'新建的文件：'"$created"' 个；已存在、原样保留：'{{/zh}}{{^zh}}'files created: '"$created"'; already there and kept as they were: '{{/zh}}"$kept"
if command -v git >/dev/null 2>&1; then
  if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then git init -q .; echo {{#zh}}'git：新建了仓库。'{{/zh}}{{^zh}}'git: created a repository.'{{/zh}}; fi
  set --
  for p in{{#items}}{{^dir}} {{path}}{{/dir}}{{/items}}; do
    if ! git ls-files --error-unmatch -- "$p" >/dev/null 2>&1; then set -- "$@" "$p"; fi
  done
  if [ "$#" -gt 0 ]; then
{{! core.safecrlf=false: under Git for Windows' core.autocrlf=true, git would warn "LF will be replaced by CRLF"
    once per file; the conversion is what the learner's own setting asks for, not news. }}
    git -c core.safecrlf=false add -- "$@"
    if git config user.name >/dev/null 2>&1 && git config user.email >/dev/null 2>&1; then
      printf '%s' {{message}} | git -c core.safecrlf=false commit -q -F - -- "$@"
      echo {{#zh}}'git：已提交 '"$#"' 个课程文件（只有这些文件）。'{{/zh}}{{^zh}}'git: committed '"$#"' course files (only those).'{{/zh}}
    else
      echo {{#zh}}'git：还不知道你的名字和邮箱，文件已暂存但没有提交。运行 git config user.name "你的名字" 和 git config user.email 你的邮箱 后再运行 git commit。'{{/zh}}{{^zh}}'git: your name and email are not set; the files are staged but not committed. Run git config user.name "Your Name" and git config user.email you@example.com, then git commit.'{{/zh}}
    fi
  else
    echo {{#zh}}'git：没有新文件需要提交。'{{/zh}}{{^zh}}'git: no new file to commit.'{{/zh}}
  fi
else
  echo {{#zh}}'git：这台机器上没有 git，没有建仓库、没有提交（文件照样可用；以后装了 git 或 pdo 再补上）。'{{/zh}}{{^zh}}'git: not on this machine, so no repository and no commit (the files work as they are; add git or pdo later).'{{/zh}}
fi
echo {{#zh}}'没有安装 pre-commit 钩子：pdo 的钩子要调用 pdo，没有 pdo 时它会拦下每一次提交。装好 pdo 后运行 pdo init 会装上它。'{{/zh}}{{^zh}}'No pre-commit hook was installed: pdo'\''s hook calls pdo and would block every commit without it. Run pdo init once pdo is installed to add it.'{{/zh}}
echo {{#zh}}'check-env.md 里的自检项目尚未验证：这个脚本没有运行任何检查。装好 pdo 后运行 pdo check，或按 check-env.md 逐项自己检查。'{{/zh}}{{^zh}}'The self-check items in check-env.md are not yet verified: this script ran no check. Run pdo check once pdo is installed, or go through check-env.md yourself.'{{/zh}}
