#include "cli/commands.hpp"

namespace pdo::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> k_commands{
      {"init", "创建（或补全）课程工作区和它的 git 仓库", "Create (or complete) the course workspace and its git repo", setup_init},
      {"check", "按本工作区的路线运行环境自检并写入 check-env.md（有项目未通过时退出码为 1）",
       "Run the environment self-check for this workspace's route and write check-env.md "
       "(exit code 1 when an item fails)",
       setup_check},
      {"track", "在 progress.md 勾选（done）或取消勾选（todo）一课的一步，并提交",
       "Tick (done) or untick (todo) one step of a lesson in progress.md, as a commit", setup_track},
      {"status", "显示每课的三步、完成百分比和下一步（你的路线上没有的一步显示为 –：不算待办，下一步跳过它）",
       "Show every lesson's steps, percent done and the next step (a step your route does not have shows as –: not todo, "
       "and the next step skips it)",
       setup_status},
      {"log", "从 git 历史生成学习日志：按天列出、学习天数、连续天数",
       "The study journal from git history: steps by day, days studied, streak", setup_log},
      {"report", "生成一页 HTML 学习报告：每课三步、学习日历、未解决的问题",
       "Write a one-page HTML study report: lessons and steps, the calendar, open questions", setup_report},
      {"undo", "用一个新提交撤销最近一次还没撤销的 pdo 步骤（track、ask 或 lesson）；再次运行会继续往前撤销",
       "Revert the newest pdo step (track, ask or lesson) not undone yet, with a new commit; run again to go further back", setup_undo},
      {"start", "显示一课的每课提示词、官方链接和文件夹", "Print a lesson's per-lesson prompt, link and folders", setup_start},
      {"ask", "在 questions.md 对应课节下追加一个带日期的问题，并提交", "Add a dated question under a lesson in questions.md, as a commit",
       setup_ask},
      {"lesson", "添加、列出、删除你自己的课节（课程之外的主题）或设置它的链接：pdo lesson add / list / remove / set-url",
       "Add, list or remove lessons of your own (topics beyond the course), or set their link: pdo lesson add / list / remove / set-url",
       setup_lesson},
      {"glossary", "把笔记里「名称解释」下定义的术语汇总进 glossary.md，并提交",
       "Gather the terms defined under a glossary heading in your notes into glossary.md, as a commit", setup_glossary},
      {"sync", "通过你选定的远程仓库同步：取回、把本机的提交接在后面（勾选和问题自动合并）、检查密钥、推送",
       "Sync through the remote you chose: fetch, replay this machine's commits on top (boxes and questions merged), check for keys, push",
       setup_sync},
      {"course", "输出内置课程的课程文件，作为你自己课程的起点：pdo course template",
       "Print the built-in course as a course file, to start a course of your own from: pdo course template", setup_course},
      {"scan", "在文件、文件夹或整个 git 历史里查找 API 密钥、令牌和私钥",
       "Look for API keys, tokens and private keys in files, folders or the whole git history", setup_scan},
      {"hook", "运行 git 钩子的检查（已安装的钩子调用：pdo hook pre-commit / commit-msg / pre-push）",
       "Run a git hook's check (used by the installed hooks: pdo hook pre-commit / commit-msg / pre-push)", setup_hook},
      {"completion", "输出 bash、zsh、fish 或 PowerShell 的补全脚本（Tab 补全命令、课号、步骤和自检项目）",
       "Print the completion script for bash, zsh, fish or PowerShell (Tab completes commands, lessons, steps, check items)",
       setup_completion},
      {"help", "显示使用手册（全部，或一个命令的部分）；--man 输出 man 页面",
       "Show the manual (all of it, or one command's part); --man prints the man page", setup_help},
  };
  return k_commands;
}

}  // namespace pdo::cli
