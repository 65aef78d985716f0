#pragma once
// The secret scanner as every pdo command meets it: a check for the blobs a commit is about to store,
// and the learner-facing text of findings (file, line, rule, redacted value, how to fix).
#include <string>
#include <vector>

#include "git/repo.hpp"
#include "secrets/scanner.hpp"

namespace pdo::app {

/// Scans the blobs pdo (or git) is about to commit; Error{Exit::secret, …} naming every finding.
Status check_blobs_for_secrets(const std::vector<git::StagedBlob>& blobs);

/// The check to put in git::CommitRequest::check for every commit pdo makes.
git::BlobCheck secret_commit_check();

/// One finding as "path:line: rule (description): sk-p…" (no line for a file-name rule).
std::string format_finding(const secrets::Finding& finding);

/// How to move a key into .env and read it from code, what pdo:allow does, and the --no-verify escape.
std::string secret_advice();

}  // namespace pdo::app
