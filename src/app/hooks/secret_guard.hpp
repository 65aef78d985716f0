#pragma once
// The secret scanner as every pdo command meets it: a check for the blobs a commit is about to store,
// and the learner-facing text of findings (file, line, rule, redacted value, how to fix).
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/hooks/workspace_rules.hpp"
#include "git/repo.hpp"
#include "secrets/scanner.hpp"
#include "util/color.hpp"

namespace pdo::app {

/// The built-in rules alone (for text that is not a workspace's).
const SecretScan& builtin_scan();

/// Scans the blobs pdo (or git) is about to commit; Error{Exit::secret, …} naming every finding.
Status check_blobs_for_secrets(const std::vector<git::StagedBlob>& blobs, const SecretScan& scan = builtin_scan());

/// The part of a commit message git keeps: '#' comment lines blanked (line numbers stay), nothing after
/// the scissors line of `git commit -v`.
std::string commit_message_text(std::string_view raw);

/// Scans a commit message (the commit-msg hook); Error{Exit::secret, …} naming every finding.
Status check_message_for_secrets(std::string_view message, const SecretScan& scan = builtin_scan());

/// Scans what `git push` would send (the pre-push hook): `refs_input` is git's "<local ref> <local id>
/// <remote ref> <remote id>" lines, `remote` the remote's name (its refs/remotes/<remote>/* are known
/// there) or URL. Files, file names, messages and author/committer identities of every new commit (also
/// those made with --no-verify), the ref names, and an annotated tag's message and tagger.
Status check_push_for_secrets(const git::Repo& repo, std::string_view remote, std::string_view refs_input,
                              const SecretScan& scan = builtin_scan());

/// The check to put in git::CommitRequest::check for every commit pdo makes.
git::BlobCheck secret_commit_check();

/// One finding as "path:line: rule (description): sk-p…" (no line for a file-name rule), in colour when
/// `style` has it (the terminal of `pdo scan`; hooks and refused commits print it plain).
std::string format_finding(const secrets::Finding& finding, const util::OutputStyle& style = {});

/// The source CPython compiled a bytecode file from, by name: X.py for __pycache__/X.TAG.pyc (and
/// X.TAG.opt-N.pyc) and for a legacy X.pyc beside it; nullopt for any other file.
std::optional<std::filesystem::path> bytecode_source(const std::filesystem::path& file);

/// True when a .pyc's first 16 bytes say it was compiled from a source of this mtime (seconds) and size:
/// the check CPython makes before it loads the cache (PEP 552's timestamp form). A hash-based or pre-3.7
/// .pyc is never taken as current.
bool bytecode_current(std::string_view header, std::int64_t source_mtime_s, std::uint64_t source_size);

/// True when a file of this name may hold machine code (.so, .so.N, .o, .a, .dll, .exe, .pyd, .dylib, .lib or no
/// extension at all, as Unix programs have): only such a file's first bytes are read to tell (machine_code).
bool machine_code_name(const std::filesystem::path& file);

/// True when a file's first 8 bytes are those of a program, library or object file: ELF, a static archive
/// (`!<arch>`), a thin Mach-O, or a PE (`MZ`) named .exe, .dll or .pyd.
bool machine_code(std::string_view head, const std::filesystem::path& file);

/// How to move a key into .env and read it from code, what pdo:allow does, and the --no-verify escape.
std::string secret_advice();

}  // namespace pdo::app
