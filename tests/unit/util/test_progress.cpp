// The progress line (src/util/progress.cpp): drawn only when asked, in place, erased at the end.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <thread>

#include "util/progress.hpp"

using namespace pdo;
using namespace pdo::util;

namespace {

Progress::Label label() {
  return [](std::uint64_t done, std::uint64_t total, double) { return "files " + std::to_string(done) + "/" + std::to_string(total); };
}

}  // namespace

TEST_CASE("a progress meter that may not draw only counts", "[util]") {
  std::ostringstream err;
  {
    Progress p(err, ShowProgress::no, label(), 3, std::chrono::milliseconds(0));
    p.add(2);
    p.add();
    CHECK(p.counter().load() == 3);
  }
  CHECK(err.str().empty());
}

TEST_CASE("a progress line is drawn with the final count then erased with spaces", "[util]") {
  std::ostringstream err;
  {
    Progress p(err, ShowProgress::yes, label(), 2, std::chrono::milliseconds(0));
    p.add(2);
    p.finish();
    p.finish();  // once only
  }
  const std::string s = err.str();
  CHECK(s.rfind("\rfiles 0/2", 0) == 0);  // drawn at once with a zero delay
  CHECK(s.find("\rfiles 2/2") != std::string::npos);
  CHECK(s.size() >= std::string("\r         \r").size());
  CHECK(s.substr(s.size() - 11) == "\r" + std::string(9, ' ') + "\r");  // the last draw, erased
  CHECK(s.find('\n') == std::string::npos);                             // never a line of its own
}

TEST_CASE("pause erases the line so a result can take its place", "[util]") {
  std::ostringstream err;
  Progress p(err, ShowProgress::yes, label(), 1, std::chrono::milliseconds(0));
  {
    const auto paused = p.pause();
    const std::string s = err.str();
    CHECK(s.substr(s.size() - 11) == "\r" + std::string(9, ' ') + "\r");
  }
  p.finish();
}

TEST_CASE("a long delay shows nothing for short work", "[util]") {
  std::ostringstream err;
  {
    Progress p(err, ShowProgress::yes, label(), 1, std::chrono::hours(1));
    p.add();
  }
  CHECK(err.str().empty());
}

TEST_CASE("after its delay the line appears while the work goes on, and follows the count", "[util]") {
  // A delay that is not zero: nothing is drawn at construction, so only the drawing thread can show it.
  std::ostringstream err;
  Progress p(err, ShowProgress::yes, label(), 5, std::chrono::milliseconds(1));
  // Waits for the thread to draw `text` (an event, not a time: up to 10 s on a loaded machine). The
  // stream is read under pause()'s lock, which also erases the line; the thread draws it again.
  const auto drawn = [&](const std::string& text) {
    for (int i = 0; i < 1000; ++i) {
      {
        const auto paused = p.pause();
        if (err.str().find(text) != std::string::npos) return true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
  };
  CHECK(drawn("\rfiles 0/5"));
  p.add(3);
  CHECK(drawn("\rfiles 3/5"));
  p.finish();
}

TEST_CASE("counts and rates read well", "[util]") {
  CHECK(grouped(0) == "0");
  CHECK(grouped(999) == "999");
  CHECK(grouped(1000) == "1,000");
  CHECK(grouped(1234567) == "1,234,567");
  CHECK(rate_text(0) == "0.0");
  CHECK(rate_text(1.54) == "1.5");
  CHECK(rate_text(12.4) == "12");
  CHECK(rate_text(6789.2) == "6,789");
  // The edge between one decimal and whole numbers: below 10 a tenth is shown, rounded (9.96 shows as
  // "10.0"); from 10 on whole numbers, rounded and grouped.
  CHECK(rate_text(9.94) == "9.9");
  CHECK(rate_text(9.96) == "10.0");
  CHECK(rate_text(10) == "10");
  CHECK(rate_text(999.5) == "1,000");
  CHECK(rate_text(0.04) == "0.0");
  CHECK(rate_text(0.05) == "0.1");
}
