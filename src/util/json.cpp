#include "util/json.hpp"

#include <cstdio>
#include <ostream>

#include "util/shown.hpp"
#include "util/text.hpp"

namespace pdo::util {

std::string json_text(const Json& j) {
  const std::string dumped = j.dump(-1, ' ', false, Json::error_handler_t::replace);
  std::string out;
  out.reserve(dumped.size());
  for (std::size_t i = 0; i < dumped.size();) {
    const std::size_t at = i;
    const unsigned long cp = next_code_point(dumped, i);
    // dump() escaped C0 already; compact JSON has these only inside strings, where \u is an escape.
    if (cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) || is_bidi_control(cp) || cp == 0x2028 || cp == 0x2029) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04lx", cp);
      out += buf;
    } else {
      out.append(dumped, at, i - at);
    }
  }
  return out;
}

void write_json(std::ostream& os, const Json& j) { write_control(os, json_text(j) + "\n"); }

}  // namespace pdo::util
