#include "util/progress.hpp"

#include <cmath>
#include <cstdlib>
#include <ostream>

#include "util/platform.hpp"
#include "util/shown.hpp"
#include "util/text.hpp"

namespace pdo::util {

namespace {

constexpr std::chrono::milliseconds k_redraw{100};

}  // namespace

std::chrono::milliseconds progress_delay() {
  const auto env = platform::get_env("PDO_PROGRESS_DELAY");
  if (env && !env->empty()) {
    char* end = nullptr;
    const double seconds = std::strtod(env->c_str(), &end);
    if (end && *end == '\0' && seconds >= 0 && seconds < 86400) return std::chrono::milliseconds(std::lround(seconds * 1000));
  }
  return std::chrono::seconds(1);
}

std::string grouped(std::uint64_t n) {
  std::string digits = std::to_string(n);
  for (auto at = digits.size(); at > 3; at -= 3) digits.insert(at - 3, ",");
  return digits;
}

std::string rate_text(double per_second) {
  if (per_second < 10) {
    const long tenths = std::lround(per_second * 10);
    return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10);
  }
  return grouped(static_cast<std::uint64_t>(std::llround(per_second)));
}

Progress::Progress(std::ostream& err, ShowProgress show, Label label, std::uint64_t total)
    : Progress(err, show, std::move(label), total, show == ShowProgress::yes ? progress_delay() : std::chrono::milliseconds(0)) {}

Progress::Progress(std::ostream& err, ShowProgress show, Label label, std::uint64_t total, std::chrono::milliseconds delay)
    : m_err(err), m_label(std::move(label)), m_total(total), m_start(std::chrono::steady_clock::now()), m_delay(delay) {
  if (show == ShowProgress::no) return;
  if (delay.count() == 0) {
    // Shown at once when asked to: also a run that ends before the thread wakes has its line.
    std::lock_guard<std::mutex> lock(m_mutex);
    draw_locked();
  }
  m_thread = std::thread([this] { run(); });
}

Progress::~Progress() { finish(); }

void Progress::run() {
  std::unique_lock<std::mutex> lock(m_mutex);
  if (m_wake.wait_until(lock, m_start + m_delay, [this] { return m_stop; })) return;
  while (!m_stop) {
    draw_locked();
    m_wake.wait_for(lock, k_redraw, [this] { return m_stop; });
  }
}

std::unique_lock<std::mutex> Progress::pause() {
  std::unique_lock<std::mutex> lock(m_mutex);
  erase_locked();
  return lock;
}

void Progress::finish() {
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_stop) return;
    m_stop = true;
  }
  m_wake.notify_all();
  if (m_thread.joinable()) m_thread.join();
  std::lock_guard<std::mutex> lock(m_mutex);
  if (m_shown) {
    draw_locked();
    erase_locked();
  }
}

void Progress::draw_locked() {
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
  const std::uint64_t done = m_done.load(std::memory_order_relaxed);
  const std::string line = m_label(done, m_total, static_cast<double>(done) / std::max(seconds, 0.001));
  const std::size_t width = display_width(line);
  // Spaces over what a longer previous line left; '\r' alone, since a Windows console without virtual
  // terminal processing knows no erase sequence.
  write_control(m_err, "\r");  // pdo's own: the display path escapes any other CR
  m_err << line << std::string(m_width > width ? m_width - width : 0, ' ') << std::flush;
  m_width = width;
  m_shown = true;
}

void Progress::erase_locked() {
  if (m_width == 0) return;
  write_control(m_err, "\r");
  m_err << std::string(m_width, ' ');
  write_control(m_err, "\r");
  m_err << std::flush;
  m_width = 0;
}

}  // namespace pdo::util
