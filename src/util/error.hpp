#pragma once
// Errors and results: low levels return Result<T>; the CLI's single top-level catch turns a thrown
// Failure into "pdo: 错误：…" (or "pdo: error: …" in English) and its exit code.
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

namespace pdo {

/// Process exit codes, named once for every command.
enum class Exit : int {
  ok = 0,
  failure = 1,     ///< something went wrong that is not the learner's input
  usage = 2,       ///< bad arguments or bad input files
  secret = 3,      ///< a secret was found in what would be committed
  declined = 4,    ///< the learner did not agree (or gave no answer)
  busy = 5,        ///< another program holds a lock, or the repo is mid-operation
  unwritable = 6,  ///< the workspace cannot be written: read-only, owned by another user, or disk full
};

/// An error with the exit code it should end the process with.
struct Error {
  Exit code = Exit::failure;
  std::string message;
};

/// The exception carrying an Error up to run_cli's single catch.
class Failure : public std::runtime_error {
public:
  explicit Failure(Error e) : std::runtime_error(e.message), m_error(std::move(e)) {}
  Failure(Exit code, std::string message) : Failure(Error{code, std::move(message)}) {}
  /// The error this failure carries.
  const Error& error() const { return m_error; }

private:
  Error m_error;
};

/// A value or an Error.
template <class T>
class Result {
public:
  Result(T value) : m_v(std::move(value)) {}      // NOLINT(google-explicit-constructor)
  Result(Error error) : m_v(std::move(error)) {}  // NOLINT(google-explicit-constructor)
  /// True when a value is held.
  explicit operator bool() const { return m_v.index() == 0; }
  /// The value; only when held.
  T& value() & { return std::get<0>(m_v); }
  const T& value() const& { return std::get<0>(m_v); }
  T&& value() && { return std::get<0>(std::move(m_v)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  /// The error; only when no value is held.
  const Error& error() const { return std::get<1>(m_v); }
  /// The value, or throws the error as a Failure.
  T take() && {
    if (!*this) throw Failure(error());
    return std::get<0>(std::move(m_v));
  }

private:
  std::variant<T, Error> m_v;
};

/// Success-or-error for operations without a value.
using Status = Result<std::monostate>;

/// The success value of a Status.
inline Status ok() { return std::monostate{}; }

}  // namespace pdo
