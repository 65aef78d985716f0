// Repo::walk_changes: the commits that changed one path, newest first, as `git log -- PATH` finds them.
// Two stages: the walk reads commits in date order (the next commit to read depends on this one's
// parents), and the change stage reads each commit's tree and its first parent's, keeps the commits whose
// blob at the path differs and runs the visitor. A long walk runs the change stage on a second thread with
// its own object database, so a cold `pdo log` inflates commits and trees on two cores at once.
// Objects are read raw from the object database (no git_commit, no git_revwalk, no git_diff).
#include <algorithm>
#include <array>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_set>
#include <vector>

#include "git/lg2.hpp"

namespace pdo::git {

namespace {

struct OidHash {
  std::size_t operator()(const git_oid& id) const {
    std::size_t h = 0;
    std::memcpy(&h, id.id, sizeof h);  // an object id is already uniformly distributed
    return h;
  }
};
struct OidEq {
  bool operator()(const git_oid& a, const git_oid& b) const { return git_oid_equal(&a, &b) != 0; }
};

using OdbPtr = Handle<git_odb, git_odb_free>;
using OdbObjectPtr = Handle<git_odb_object, git_odb_object_free>;

/// What the walk needs of a commit, read straight from its object (no git_commit: libgit2 also parses
/// both signatures and copies the message, a third of the walk's own instructions).
struct RawCommit {
  git_oid tree{};
  std::vector<git_oid> parents;
  long long time = 0;  ///< the committer's, as git_commit_time
  int offset_minutes = 0;
  OdbObjectPtr object;         ///< the message is read from it by the change stage, off the walk's thread
  std::size_t message_at = 0;  ///< as git_commit_message: after the header's blank line and any newlines
};

bool hex_oid(std::string_view text, git_oid& out) {
  return text.size() >= GIT_OID_HEXSZ && git_oid_fromstrn(&out, text.data(), GIT_OID_HEXSZ) == 0;
}

/// "Name <mail> 1700000000 +0800": the time and the zone in minutes after the last '>'.
void committer_time(std::string_view line, long long& time, int& offset) {
  const auto gt = line.rfind('>');
  if (gt == std::string_view::npos) return;
  std::size_t i = gt + 1;
  while (i < line.size() && line[i] == ' ') ++i;
  long long t = 0;
  bool digits = false;
  for (; i < line.size() && line[i] >= '0' && line[i] <= '9'; ++i, digits = true) t = t * 10 + (line[i] - '0');
  if (!digits) return;
  time = t;
  while (i < line.size() && line[i] == ' ') ++i;
  if (i + 5 > line.size() || (line[i] != '+' && line[i] != '-')) return;
  const auto d = [&](std::size_t k) { return line[i + k] >= '0' && line[i + k] <= '9' ? line[i + k] - '0' : -1; };
  if (d(1) < 0 || d(2) < 0 || d(3) < 0 || d(4) < 0) return;
  const int minutes = (d(1) * 10 + d(2)) * 60 + d(3) * 10 + d(4);
  offset = line[i] == '-' ? -minutes : minutes;
}

std::optional<RawCommit> read_commit(git_odb* odb, const git_oid& id) {
  git_odb_object* raw = nullptr;
  if (git_odb_read(&raw, odb, &id) != 0) return std::nullopt;  // beyond a shallow clone's boundary
  OdbObjectPtr obj(raw);
  if (git_odb_object_type(raw) != GIT_OBJECT_COMMIT) return std::nullopt;
  const std::string_view data(static_cast<const char*>(git_odb_object_data(raw)), git_odb_object_size(raw));
  RawCommit c;
  bool have_tree = false;
  std::size_t pos = 0;
  while (pos < data.size()) {
    const auto nl = data.find('\n', pos);
    const std::string_view line = data.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    pos = nl == std::string_view::npos ? data.size() : nl + 1;
    if (line.empty()) break;  // the end of the header
    if (line.rfind("tree ", 0) == 0) {
      have_tree = hex_oid(line.substr(5), c.tree);
    } else if (line.rfind("parent ", 0) == 0) {
      git_oid p;
      if (hex_oid(line.substr(7), p)) c.parents.push_back(p);
    } else if (line.rfind("committer ", 0) == 0) {
      committer_time(line.substr(10), c.time, c.offset_minutes);
    }  // author, encoding, gpgsig and its continuation lines, mergetag: not needed
  }
  if (!have_tree) return std::nullopt;
  while (pos < data.size() && data[pos] == '\n') ++pos;
  c.message_at = pos;
  c.object = std::move(obj);
  return c;
}

/// The blob at `path` in the tree `tree_id`, read from the raw tree objects ("<mode> <name>\0<id>"),
/// as entry_id() finds it: nullopt when absent or not a blob (a folder, a submodule).
std::optional<git_oid> raw_entry(git_odb* odb, const git_oid& tree_id, std::string_view path) {
  git_oid current = tree_id;
  for (;;) {
    const auto slash = path.find('/');
    const std::string_view name = path.substr(0, slash);
    git_odb_object* raw = nullptr;
    if (git_odb_read(&raw, odb, &current) != 0) return std::nullopt;
    OdbObjectPtr obj(raw);
    if (git_odb_object_type(raw) != GIT_OBJECT_TREE) return std::nullopt;
    const std::string_view data(static_cast<const char*>(git_odb_object_data(raw)), git_odb_object_size(raw));
    std::optional<std::pair<std::string_view, git_oid>> found;
    for (std::size_t pos = 0; pos < data.size();) {
      const auto space = data.find(' ', pos);
      const auto nul = space == std::string_view::npos ? space : data.find('\0', space);
      if (nul == std::string_view::npos || nul + 1 + GIT_OID_RAWSZ > data.size()) return std::nullopt;
      if (data.substr(space + 1, nul - space - 1) == name) {
        git_oid id;
        git_oid_fromraw(&id, reinterpret_cast<const unsigned char*>(data.data() + nul + 1));
        found = std::make_pair(data.substr(pos, space - pos), id);
        break;
      }
      pos = nul + 1 + GIT_OID_RAWSZ;
    }
    if (!found) return std::nullopt;
    const std::string_view mode = found->first;
    if (slash == std::string_view::npos) {
      // Blobs: 100644, 100755 and links (120000); a tree (40000) or a submodule (160000) is no blob.
      if (mode != "100644" && mode != "100755" && mode != "120000" && mode != "100664") return std::nullopt;
      return found->second;
    }
    if (mode != "40000") return std::nullopt;
    current = found->second;
    path = path.substr(slash + 1);
  }
}

/// A commit the walk visited, handed to the change stage.
struct Visited {
  git_oid id{};
  git_oid tree{};
  std::optional<git_oid> parent_tree;  ///< none for a root commit or a parent beyond a shallow boundary
  long long time = 0;
  int offset_minutes = 0;
  OdbObjectPtr object;  ///< the commit's, its message from message_at on
  std::size_t message_at = 0;
};

/// Blobs read from the change stage's own object database.
class OdbBlobs final : public Repo::BlobReader {
public:
  explicit OdbBlobs(git_odb* odb) : m_odb(odb) {}
  std::string read(const char* id) const override {
    git_oid oid;
    if (!id || std::strlen(id) != GIT_OID_HEXSZ || git_oid_fromstr(&oid, id) != 0) return {};
    git_odb_object* raw = nullptr;
    if (git_odb_read(&raw, m_odb, &oid) != 0) return {};
    OdbObjectPtr obj(raw);
    if (git_odb_object_type(raw) != GIT_OBJECT_BLOB) return {};
    return std::string(static_cast<const char*>(git_odb_object_data(raw)), git_odb_object_size(raw));
  }

private:
  git_odb* m_odb;
};

/// Keeps the commits whose blob at the path differs from their first parent's and shows them to the
/// visitor. A linear history asks for each tree twice in a row (a commit's, then its child's parent's),
/// so the last few trees' answers are kept.
class ChangeStage {
public:
  ChangeStage(git_odb* odb, std::string_view path, const std::function<bool(const Repo::PathChangeView&)>& visit)
      : m_odb(odb), m_blobs(odb), m_path(path), m_visit(visit) {}

  /// False once the visitor asked to stop.
  bool take(const Visited& v) {
    const auto after = entry(v.tree);
    const auto before = v.parent_tree ? entry(*v.parent_tree) : std::nullopt;
    if ((!after && !before) || (after && before && git_oid_equal(&*after, &*before))) return true;
    git_oid_tostr(m_id, sizeof m_id, &v.id);
    m_before[0] = m_after[0] = '\0';
    if (before) git_oid_tostr(m_before, sizeof m_before, &*before);
    if (after) git_oid_tostr(m_after, sizeof m_after, &*after);
    const auto* data = static_cast<const char*>(git_odb_object_data(v.object.get()));
    m_message.assign(data + v.message_at, git_odb_object_size(v.object.get()) - v.message_at);
    return m_visit({m_id, m_message.c_str(), v.time, v.offset_minutes, m_before, m_after, &m_blobs});
  }

private:
  struct Slot {
    bool used = false;
    git_oid tree{};
    std::optional<git_oid> entry;
  };

  std::optional<git_oid> entry(const git_oid& tree) {
    for (const auto& s : m_slots) {
      if (s.used && git_oid_equal(&s.tree, &tree)) return s.entry;
    }
    Slot& s = m_slots[m_next++ % m_slots.size()];
    s = {true, tree, raw_entry(m_odb, tree, m_path)};
    return s.entry;
  }

  git_odb* m_odb;
  OdbBlobs m_blobs;
  std::string_view m_path;
  const std::function<bool(const Repo::PathChangeView&)>& m_visit;
  std::array<Slot, 4> m_slots{};
  std::size_t m_next = 0;
  std::string m_message;
  char m_id[GIT_OID_HEXSZ + 1] = {}, m_before[GIT_OID_HEXSZ + 1] = {}, m_after[GIT_OID_HEXSZ + 1] = {};
};

/// Hands visited commits from the walk to the change stage: inline for a short walk, on a second thread
/// (with its own object database where it can open one) once a first batch is full.
/// Commits travel in batches, at most k_in_flight of them queued, so the walk waits rather than hold a
/// long history's messages.
class Pipeline {
public:
  Pipeline(git_odb* walk_odb, std::string objects_dir, std::string_view path, const std::function<bool(const Repo::PathChangeView&)>& visit)
      : m_walk_odb(walk_odb), m_objects_dir(std::move(objects_dir)), m_path(path), m_visit(visit) {
    m_batch.reserve(k_batch);
  }
  Pipeline(const Pipeline&) = delete;
  Pipeline& operator=(const Pipeline&) = delete;
  ~Pipeline() { stop_thread(); }

  /// False once the change stage has stopped (the visitor said so, or it failed).
  bool push(Visited v) {
    m_batch.push_back(std::move(v));
    if (m_batch.size() < k_batch) return !m_stopped.load(std::memory_order_relaxed);
    if (!m_thread.joinable()) start();  // a walk of less than one batch stays on one thread
    std::unique_lock<std::mutex> lock(m_mutex);
    m_room.wait(lock, [this] { return m_queue.size() < k_in_flight || m_stopped.load(); });
    if (m_stopped.load()) return false;
    m_queue.push_back(std::move(m_batch));
    m_batch = std::vector<Visited>();
    m_batch.reserve(k_batch);
    lock.unlock();
    m_wake.notify_one();
    return true;
  }

  /// Shows the rest to the visitor and waits for the change stage; rethrows what the visitor threw.
  void finish() {
    if (m_thread.joinable()) {
      {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (!m_batch.empty()) m_queue.push_back(std::move(m_batch));
        m_done = true;
      }
      m_wake.notify_one();
      m_thread.join();
    } else {
      ChangeStage stage(m_walk_odb, m_path, m_visit);
      for (const auto& v : m_batch) {
        if (!stage.take(v)) break;
      }
    }
    if (m_failure) std::rethrow_exception(m_failure);
  }

private:
  static constexpr std::size_t k_batch = 512;  ///< also the walk a second thread starts at
  static constexpr std::size_t k_in_flight = 4;

  void start() {
    // A database of its own spares the two threads each other's locks; without one they share the walk's
    // (libgit2's git_odb locks internally and is safe to use from several threads: docs/threading.md).
    git_odb* raw = nullptr;
    if (!m_objects_dir.empty() && git_odb_open(&raw, m_objects_dir.c_str()) == 0) m_own_odb.reset(raw);
    m_thread = std::thread([this] { work(); });
  }

  void work() {
    try {
      ChangeStage stage(m_own_odb ? m_own_odb.get() : m_walk_odb, m_path, m_visit);
      std::unique_lock<std::mutex> lock(m_mutex);
      for (;;) {
        m_wake.wait(lock, [this] { return m_done || !m_queue.empty(); });
        if (m_queue.empty()) return;
        std::vector<Visited> batch = std::move(m_queue.front());
        m_queue.pop_front();
        lock.unlock();
        m_room.notify_one();
        for (const auto& v : batch) {
          if (!stage.take(v)) {
            stop_from_stage();
            return;
          }
        }
        lock.lock();
      }
    } catch (...) {
      m_failure = std::current_exception();
      stop_from_stage();
    }
  }

  void stop_from_stage() {
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      m_stopped = true;
    }
    m_room.notify_one();
  }

  void stop_thread() {
    if (!m_thread.joinable()) return;
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      m_done = true;
    }
    m_wake.notify_one();
    m_thread.join();
  }

  git_odb* m_walk_odb;
  std::string m_objects_dir;
  std::string_view m_path;
  const std::function<bool(const Repo::PathChangeView&)>& m_visit;
  std::vector<Visited> m_batch;  ///< the walk's, not yet handed over
  OdbPtr m_own_odb;
  std::thread m_thread;
  std::mutex m_mutex;
  std::condition_variable m_wake, m_room;
  std::deque<std::vector<Visited>> m_queue;
  bool m_done = false;
  std::atomic<bool> m_stopped{false};
  std::exception_ptr m_failure;
};

/// A commit the walk has reached but not visited yet.
struct Queued {
  long long time = 0;
  std::uint64_t order = 0;  ///< the order it was reached in: ties go to the commit reached first (the child)
  git_oid id{};
  RawCommit commit;
};

bool later(const Queued& a, const Queued& b) { return a.time != b.time ? a.time < b.time : a.order > b.order; }

std::string objects_dir(git_repository* repo) {
  git_buf buf = GIT_BUF_INIT;
  std::string dir;
  if (git_repository_item_path(&buf, repo, GIT_REPOSITORY_ITEM_OBJECTS) == 0 && buf.ptr) dir = buf.ptr;
  git_buf_dispose(&buf);
  return dir;
}

}  // namespace

Status Repo::walk_changes(const std::string& path, const std::string& stop_at, const std::function<bool(const PathChangeView&)>& visit,
                          std::atomic<std::uint64_t>* walked) const {
  git_repository* repo = m_impl->repo.get();
  if (head_unborn()) return ok();
  git_odb* odb_raw = nullptr;
  if (int rc = git_repository_odb(&odb_raw, repo); rc != 0) return lg2_error(rc, "odb");
  const OdbPtr odb(odb_raw);
  // Our own walk rather than git_revwalk: each commit is parsed once (the revwalk parses it again), each
  // tree read once, and a parent missing from a shallow clone ends that line instead of the whole walk.
  std::optional<git_oid> stop;
  if (!stop_at.empty()) {
    git_oid id;
    if (int rc = git_oid_fromstr(&id, stop_at.c_str()); rc != 0) return lg2_error(rc, "walk " + stop_at);
    stop = id;
  }
  git_oid head;
  if (int rc = git_reference_name_to_id(&head, repo, "HEAD"); rc != 0) return lg2_error(rc, "HEAD");
  if (stop && git_oid_equal(&head, &*stop)) return ok();

  std::unordered_set<git_oid, OidHash, OidEq> reached;
  std::vector<Queued> queue;
  std::uint64_t order = 0;
  const auto reach = [&](const git_oid& id) {
    if (!reached.insert(id).second) return;
    auto c = read_commit(odb.get(), id);
    if (!c) return;  // beyond a shallow clone's boundary
    queue.push_back(Queued{c->time, order++, id, std::move(*c)});
    std::push_heap(queue.begin(), queue.end(), later);
  };
  Pipeline changes(odb.get(), objects_dir(repo), path, visit);
  reach(head);
  while (!queue.empty()) {
    std::pop_heap(queue.begin(), queue.end(), later);
    Queued q = std::move(queue.back());
    queue.pop_back();
    if (walked) walked->fetch_add(1, std::memory_order_relaxed);
    const auto& parents = q.commit.parents;
    // Past the stop commit only a linear history is certain to hold no commit the cache has already.
    if (stop && parents.size() > 1) return Error{Exit::failure, "merge after the cached commit"};
    Visited v{q.id, q.commit.tree, std::nullopt, q.time, q.commit.offset_minutes, std::move(q.commit.object), q.commit.message_at};
    for (std::size_t i = 0; i < parents.size(); ++i) {
      const git_oid& pid = parents[i];
      if (!(stop && git_oid_equal(&pid, &*stop))) reach(pid);
      if (i != 0) continue;
      const auto queued = std::find_if(queue.begin(), queue.end(), [&](const Queued& o) { return git_oid_equal(&o.id, &pid) != 0; });
      if (queued != queue.end()) {
        v.parent_tree = queued->commit.tree;
      } else if (const auto parent = read_commit(odb.get(), pid)) {  // the stop commit, or one visited already
        v.parent_tree = parent->tree;
      }
    }
    if (!changes.push(std::move(v))) break;
  }
  changes.finish();
  return ok();
}

}  // namespace pdo::git
