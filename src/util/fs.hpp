#pragma once
// Files as the learner owns them: UTF-8 paths on every OS, whole-file reads, and atomic writes
// (temp file + rename) that never replace a file unless the caller says so.
#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "util/error.hpp"
#include "util/platform.hpp"

namespace pdo::util {

namespace fs = std::filesystem;

/// Whether an atomic write may replace an existing file.
enum class Replace { never, allowed };

/// A path from UTF-8 text (Chinese folder names work on Windows too).
fs::path path_from_utf8(std::string_view utf8);

/// A path as UTF-8 text, with '/' separators kept as the OS has them.
std::string path_to_utf8(const fs::path& path);

/// The whole file, bytes unchanged, if it is a regular file (following symlinks): a FIFO, device or
/// folder is refused without blocking, as read_file_capped does, only with no size cap.
Result<std::string> read_file(const fs::path& path);

/// The size cap for the TOML input files pdo reads (course files, .pdo/config.toml): 1 MiB.
inline constexpr std::size_t k_max_toml_bytes = 1024 * 1024;

/// The size cap of the learner's Markdown files that pdo reads and writes (progress.md, questions.md, the
/// notes, glossary.md): 4 MiB. Every reader of one uses it, and every writer of one stays under it, so a
/// file pdo wrote is one it reads back.
inline constexpr std::size_t k_max_text_bytes = 4u << 20;

/// read_file's "cap": more than any file can hold in memory.
inline constexpr std::size_t k_unlimited_bytes = std::size_t(-1) / 2;

/// The whole file, if it is a regular file (following symlinks) of at most `max_bytes`. A FIFO, device
/// or folder is refused without blocking (platform::read_regular_file: opened without waiting, judged by
/// the open handle), and at most max_bytes + 1 bytes are read (a file growing meanwhile is refused too).
/// Refusals are Exit::usage errors naming the file.
Result<std::string> read_file_capped(const fs::path& path, std::size_t max_bytes);

/// The first `bytes` bytes of a regular file (all of a shorter one), read as read_file reads.
Result<std::string> read_file_head(const fs::path& path, std::size_t bytes);

/// True if `path` is `dir` or lies under it, compared after resolving symlinks and "..".
bool path_is_inside(const fs::path& dir, const fs::path& path);

/// Writes a file atomically: a temp file beside it (created new, never through a link), then a rename; a
/// file it replaces keeps its permissions. With Replace::never an existing file is left untouched and the
/// call fails. Whatever is not a regular file (a folder, link, FIFO, socket or device) is never replaced:
/// not_a_file's usage error.
Status write_file_atomic(const fs::path& path, std::string_view content, Replace replace);

/// The start of the names of the temp files process `pid` writes beside `path` (NAME.pdo-tmp-PID-, a
/// long NAME replaced by its hash so that every temp name fits 255 bytes).
std::string temp_prefix(const fs::path& path, long pid);

/// A git lock file (index.lock, a branch's, config.lock…) that pdo cannot prove its own: exit 5, what it is,
/// and how to remove it once no git program runs; pdo never removes it. Every lock gets this message.
Error lock_held(const std::string& lock);

/// The refusal to replace `path`, which is not a regular file (exit 2, whatever the caller's --force).
Error not_a_file(const fs::path& path);

/// Creates a directory and its parents; ok if it exists as a directory.
Status make_dirs(const fs::path& path);

/// The absolute, lexically normal form of a path (no need for it to exist).
fs::path absolute_path(const fs::path& path);

/// Looks up an environment variable (platform::get_env, or a fake in tests).
using EnvLookup = std::function<std::optional<std::string>(const std::string&)>;

/// A folder as the learner typed it, with the shell's conveniences done: blanks and surrounding quotes
/// dropped (Explorer's "Copy as path" adds them), and a leading `~`, `$HOME`, `${HOME}` or `%USERPROFILE%`
/// replaced by the home folder (HOME, else USERPROFILE). Anything else is left exactly as typed.
std::string expand_home(std::string_view typed, const EnvLookup& env);

/// A write the system refused, in the learner's terms: a full disk, or a read-only folder or another
/// user's (exit 6); any other failure exit 1. Each says `where`, and that nothing was changed.
Error unwritable(platform::IoFailure why, const fs::path& where);
/// `e`, from a failed write at `where`, said as unwritable() says it when the system's last failure is
/// one of exit 6's.
Error write_error(const Error& e, const fs::path& where);

/// The bytes of the regular file `file` (never through a link); nullopt for anything else, or when it
/// cannot be read.
std::optional<std::string> read_if_file(const fs::path& file);

}  // namespace pdo::util
