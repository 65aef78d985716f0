// clean_filters_are_noop: whether `git add` of a file stores its bytes as they are. libgit2 answers that per
// file by looking its attributes up (a realpath and some fifteen stat calls each, twice per git_index_add_bypath):
// 10k new exercise files cost seconds. When no attribute file exists that libgit2 would read for any of them,
// and core.autocrlf is off, no filter can apply (libgit2's crlf filter without attributes follows
// core.autocrlf alone; ident and filter drivers need an attribute), and the commit stages the bytes itself.
#include <set>

#include "git/lg2.hpp"
#include "util/fs.hpp"

namespace pdo::git {

namespace {

bool present(const fs::path& p) {
  std::error_code ec;
  if (fs::exists(fs::symlink_status(p, ec))) return true;
  return ec && ec != std::errc::no_such_file_or_directory && ec != std::errc::not_a_directory;  // cannot tell: as if there
}

/// Whether `name` exists in any folder libgit2 searches at this config level (GIT_OPT_GET_SEARCH_PATH);
/// true when libgit2 cannot say, so the caller takes the careful way.
bool in_search_path(int level, const char* name) {
  git_buf buf = GIT_BUF_INIT;
  if (git_libgit2_opts(GIT_OPT_GET_SEARCH_PATH, level, &buf) != 0) return true;
  const std::string dirs(buf.ptr ? buf.ptr : "", buf.size);
  git_buf_dispose(&buf);
  std::size_t start = 0;
  while (start <= dirs.size()) {
    std::size_t end = dirs.find(GIT_PATH_LIST_SEPARATOR, start);
    if (end == std::string::npos) end = dirs.size();
    if (end > start && present(util::path_from_utf8(dirs.substr(start, end - start)) / name)) return true;
    start = end + 1;
  }
  return false;
}

}  // namespace

bool clean_filters_are_noop(git_repository* repo, git_index* index, const std::vector<std::string>& paths) {
  git_config* raw = nullptr;
  if (git_repository_config_snapshot(&raw, repo) != 0) return false;
  ConfigPtr cfg(raw);
  int autocrlf = 0;
  const int rc = git_config_get_bool(&autocrlf, raw, "core.autocrlf");
  if ((rc != 0 && rc != GIT_ENOTFOUND) || autocrlf != 0) return false;  // true, or "input"
  git_config_entry* entry = nullptr;
  if (git_config_get_entry(&entry, raw, "core.attributesfile") == 0) {
    git_config_entry_free(entry);
    return false;
  }
  // The files libgit2's attr_setup and collect_attr_files read: the system's and the XDG one, then
  // $GIT_DIR/info/attributes, then .gitattributes in each folder from the file's up to the root, on disk
  // or in the index.
  if (in_search_path(GIT_CONFIG_LEVEL_SYSTEM, "gitattributes") || in_search_path(GIT_CONFIG_LEVEL_XDG, "attributes")) return false;
  git_buf info = GIT_BUF_INIT;
  if (git_repository_item_path(&info, repo, GIT_REPOSITORY_ITEM_INFO) != 0) return false;
  const bool info_attributes = present(util::path_from_utf8(std::string(info.ptr, info.size)) / "attributes");
  git_buf_dispose(&info);
  if (info_attributes) return false;
  const fs::path workdir = util::path_from_utf8(git_repository_workdir(repo));
  std::set<std::string> seen;
  for (const auto& path : paths) {
    for (std::string dir = path; !dir.empty();) {
      const auto slash = dir.rfind('/');
      dir = slash == std::string::npos ? std::string() : dir.substr(0, slash);
      if (!seen.insert(dir).second) break;  // this folder and the ones above it are checked
      const std::string file = dir.empty() ? ".gitattributes" : dir + "/.gitattributes";
      std::size_t at = 0;
      if (present(workdir / util::path_from_utf8(file)) || git_index_find(&at, index, file.c_str()) == 0) return false;
    }
  }
  return true;
}

}  // namespace pdo::git
