#include "checks/detect.hpp"

namespace pdo::checks {

Machine detect_machine() {
  Machine m;
  m.os = platform::current_os();
  m.os_description = platform::os_description();
  m.git = platform::find_program("git");
  for (const char* name : {"python3", "python", "py"}) {
    if ((m.python = platform::find_program(name))) break;
  }
  m.browser = platform::find_browser();
  return m;
}

std::vector<ToolNeed> route_tools(const course::Course& course, course::Route route, platform::Os os) {
  std::vector<ToolNeed> needs;
  for (const auto& tool : course.tools) {
    if (!course::lists_route(tool.routes, route)) continue;
    ToolNeed need;
    need.tool = &tool;
    need.detectable = !tool.programs.empty();
    for (const auto& program : tool.programs) {
      if ((need.found = platform::find_program(program))) break;
    }
    for (const auto& [os_id, command] : tool.install) {
      if (os_id == platform::os_id(os)) need.install = command;
    }
    needs.push_back(std::move(need));
  }
  return needs;
}

}  // namespace pdo::checks
