#pragma once
// A one-line progress counter on stderr for work that may take more than a second ("扫描历史：12345 个文件
// 版本（每秒 6789 个）"): redrawn in place ('\r') ten times a second by a thread of its own, shown only after
// a delay (PDO_PROGRESS_DELAY seconds, default 1, like git's GIT_PROGRESS_DELAY) and erased when the work
// ends, so only a slow run shows it and its output is left as it was. The caller decides whether it may be
// drawn at all (stderr is a terminal, no --json): a disabled meter only counts.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <mutex>
#include <string>
#include <thread>

namespace pdo::util {

/// Whether a progress line may be drawn.
enum class ShowProgress { yes, no };

/// How long work runs before its progress line appears: PDO_PROGRESS_DELAY (seconds, may be 0 or a
/// fraction), else one second.
std::chrono::milliseconds progress_delay();

/// The counter and its line.
class Progress {
public:
  /// The line for `done` of `total` units (total 0: unknown) at `per_second`.
  using Label = std::function<std::string(std::uint64_t done, std::uint64_t total, double per_second)>;

  /// Starts counting now; the line appears after `delay` (progress_delay() unless a test says otherwise).
  Progress(std::ostream& err, ShowProgress show, Label label, std::uint64_t total = 0);
  Progress(std::ostream& err, ShowProgress show, Label label, std::uint64_t total, std::chrono::milliseconds delay);
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  /// finish().
  ~Progress();

  /// Counts `n` more units done (any thread).
  void add(std::uint64_t n = 1) { m_done.fetch_add(n, std::memory_order_relaxed); }
  /// The counter itself, for a lower layer that only counts.
  std::atomic<std::uint64_t>& counter() { return m_done; }
  /// Erases the line and keeps it away while the lock lives, so a result can be printed in its place.
  std::unique_lock<std::mutex> pause();
  /// Stops the thread; a line that was shown is drawn once more with the final count, then erased.
  void finish();

private:
  void run();
  void draw_locked();
  void erase_locked();

  std::ostream& m_err;
  Label m_label;
  std::uint64_t m_total;
  std::atomic<std::uint64_t> m_done{0};
  std::chrono::steady_clock::time_point m_start;
  std::chrono::milliseconds m_delay;
  std::mutex m_mutex;
  std::condition_variable m_wake;
  bool m_stop = false;
  bool m_shown = false;     ///< drawn at least once
  std::size_t m_width = 0;  ///< columns of the line on screen now (0: none)
  std::thread m_thread;
};

/// "1234" as "1,234".
std::string grouped(std::uint64_t n);

/// A rate for a progress line: "6,789", or "1.5" below ten.
std::string rate_text(double per_second);

}  // namespace pdo::util
