// workspace::init_script and base64: the bytes of every file survive the trip through a script.
#include <catch2/catch.hpp>

#include "workspace/script.hpp"

using namespace pdo;

TEST_CASE("base64 follows RFC 4648", "[workspace]") {
  CHECK(workspace::base64("").empty());
  CHECK(workspace::base64("f") == "Zg==");
  CHECK(workspace::base64("fo") == "Zm8=");
  CHECK(workspace::base64("foo") == "Zm9v");
  CHECK(workspace::base64("foobar") == "Zm9vYmFy");
  CHECK(workspace::base64("\xE4\xB8\xAD\r\n") == "5LitDQo=");
}

TEST_CASE("scripts quote every byte: ' in sh, ' and typographic quotes in PowerShell", "[workspace]") {
  workspace::Plan plan;
  plan.items.push_back({"notes/", workspace::Action::create, "", std::nullopt});
  plan.items.push_back({"notes/it's.md", workspace::Action::create, "it's \xE2\x80\x99quoted\xE2\x80\x99\n$HOME `x`\n", std::nullopt});
  workspace::ScriptInfo info;
  info.target = "/tmp/it's here";
  info.course_title = "C";
  info.commit_message = "pdo init: it's\n\nPdo-Action: init\n";
  const std::string sh = workspace::init_script(workspace::ScriptKind::sh, plan, info);
  CHECK(sh.find("pdo_file 'notes/it'\\''s.md' 'it'\\''s \xE2\x80\x99quoted\xE2\x80\x99\n$HOME `x`\n'") != std::string::npos);
  CHECK(sh.find("target=${1:-'/tmp/it'\\''s here'}") != std::string::npos);
  CHECK(sh.find("pdo_dir 'notes'") != std::string::npos);
  const std::string ps = workspace::init_script(workspace::ScriptKind::powershell, plan, info);
  CHECK(ps.find("Add-PdoFile 'notes/it''s.md' '" + workspace::base64(plan.items[1].content) + "'") != std::string::npos);
  CHECK(ps.find("param([string]$Target = '/tmp/it''s here')") != std::string::npos);
  CHECK(ps.find(workspace::base64(info.commit_message)) != std::string::npos);
}
