// Windows implementation of platform::run_process: CreateProcessW with pipes fed and drained by
// threads, a job object so that a timeout kills the whole process tree, and argv quoted so that the
// child's C runtime gives every argument back unchanged.
#include "util/win32.hpp"
// windows.h first (through win32.hpp): the headers below rely on its types.
#include <algorithm>
#include <cstdlib>

#include "util/platform.hpp"
#include "util/text.hpp"

namespace pdo::platform {

using namespace win32;

namespace {

/// One argument quoted so that CommandLineToArgvW and the C runtimes' argv parser give it back unchanged:
/// backslashes are literal except before a quote, where they (and the quote) are escaped.
void append_quoted(std::wstring& cmd, const std::wstring& arg) {
  if (!arg.empty() && arg.find_first_of(L" \t\n\v\"") == std::wstring::npos) {
    cmd += arg;
    return;
  }
  cmd += L'"';
  for (auto it = arg.begin();; ++it) {
    std::size_t backslashes = 0;
    while (it != arg.end() && *it == L'\\') {
      ++it;
      ++backslashes;
    }
    if (it == arg.end()) {
      cmd.append(backslashes * 2, L'\\');  // the closing quote follows
      break;
    }
    if (*it == L'"') {
      cmd.append(backslashes * 2 + 1, L'\\');
    } else {
      cmd.append(backslashes, L'\\');
    }
    cmd += *it;
  }
  cmd += L'"';
}

bool is_batch_file(const std::wstring& program) {
  const std::wstring l = lower(program);
  auto ends = [&](const wchar_t* ext) { return l.size() >= 4 && l.compare(l.size() - 4, 4, ext) == 0; };
  return ends(L".bat") || ends(L".cmd");
}

/// The command line for CreateProcessW; nullopt if it cannot be passed safely (batch files through cmd.exe
/// with characters cmd would interpret).
std::optional<std::wstring> command_line(const std::wstring& program, const std::vector<std::string>& argv) {
  std::wstring cmd;
  append_quoted(cmd, program);
  for (std::size_t i = 1; i < argv.size(); ++i) {
    cmd += L' ';
    append_quoted(cmd, to_wide(argv[i]));
  }
  if (!is_batch_file(program)) return cmd;
  // cmd.exe re-parses the line with its own rules (%VAR%, ^, &, |…): only plain arguments may pass.
  for (std::size_t i = 1; i < argv.size(); ++i) {
    if (argv[i].find_first_of("\"%^&|<>!()\r\n") != std::string::npos) return std::nullopt;
  }
  return L"cmd.exe /d /s /c \"" + cmd + L"\"";
}

/// The child's environment block: ours with the options' changes (names compare case-insensitively).
std::wstring environment_block(const ProcessOptions& options) {
  std::vector<std::wstring> vars;
  if (wchar_t* block = ::GetEnvironmentStringsW()) {
    for (const wchar_t* p = block; *p; p += wcslen(p) + 1) vars.emplace_back(p);
    ::FreeEnvironmentStringsW(block);
  }
  for (const auto& [key, value] : options.env) {
    const std::wstring wkey = lower(to_wide(key)) + L"=";
    vars.erase(std::remove_if(vars.begin(), vars.end(),
                              [&](const std::wstring& v) {
                                // "=C:=C:\dir" entries (per-drive cwd) start with '=': never a match.
                                return lower(v.substr(0, wkey.size())) == wkey;
                              }),
               vars.end());
    if (!value.empty()) vars.push_back(to_wide(key) + L"=" + to_wide(value));
  }
  std::wstring out;
  for (const auto& v : vars) {
    out += v;
    out += L'\0';
  }
  out += L'\0';
  return out;
}

struct Reader {
  HANDLE pipe;
  std::string* sink;
};

DWORD WINAPI read_all(void* arg) {
  auto* r = static_cast<Reader*>(arg);
  char buf[65536];
  DWORD n = 0;
  while (::ReadFile(r->pipe, buf, sizeof buf, &n, nullptr) && n > 0) r->sink->append(buf, n);
  return 0;
}

struct Writer {
  HANDLE pipe;
  const std::string* input;
};

DWORD WINAPI write_all(void* arg) {
  auto* w = static_cast<Writer*>(arg);
  std::size_t done = 0;
  while (done < w->input->size()) {
    const auto chunk = static_cast<DWORD>(std::min<std::size_t>(w->input->size() - done, 65536));
    DWORD n = 0;
    if (!::WriteFile(w->pipe, w->input->data() + done, chunk, &n, nullptr)) break;  // child closed stdin
    done += n;
  }
  ::CloseHandle(w->pipe);  // EOF for the child
  return 0;
}

/// A pipe whose `child` end is inheritable and whose other end is not.
bool make_pipe(Handle& read, Handle& write, bool child_reads) {
  SECURITY_ATTRIBUTES sa{};
  sa.nLength = sizeof sa;
  sa.bInheritHandle = TRUE;
  if (!::CreatePipe(read.out(), write.out(), &sa, 0)) return false;
  return ::SetHandleInformation(child_reads ? write.get() : read.get(), HANDLE_FLAG_INHERIT, 0) != 0;
}

struct Child {
  Handle process;
  Handle job;
};

/// Starts the program suspended inside a job (so a timeout kills its whole tree), inheriting exactly the
/// three pipe ends.
bool start_child(const std::wstring& program, std::wstring cmd, const ProcessOptions& options, HANDLE in, HANDLE out, HANDLE err,
                 Child& child) {
  HANDLE inherit[3] = {in, out, err};
  SIZE_T attr_size = 0;
  ::InitializeProcThreadAttributeList(nullptr, 1, 0, &attr_size);
  std::vector<char> attr_buf(attr_size);
  auto* attrs = reinterpret_cast<LPPROC_THREAD_ATTRIBUTE_LIST>(attr_buf.data());
  const bool have_list =
      attr_size > 0 && ::InitializeProcThreadAttributeList(attrs, 1, 0, &attr_size) &&
      ::UpdateProcThreadAttribute(attrs, 0, PROC_THREAD_ATTRIBUTE_HANDLE_LIST, inherit, sizeof inherit, nullptr, nullptr);
  STARTUPINFOEXW si{};
  si.StartupInfo.cb = sizeof si;
  si.StartupInfo.dwFlags = STARTF_USESTDHANDLES;
  si.StartupInfo.hStdInput = in;
  si.StartupInfo.hStdOutput = out;
  si.StartupInfo.hStdError = err;
  si.lpAttributeList = have_list ? attrs : nullptr;
  std::wstring env = environment_block(options);
  const std::wstring cwd = options.cwd ? options.cwd->wstring() : std::wstring();
  const bool batch = is_batch_file(program);
  PROCESS_INFORMATION pi{};
  const DWORD flags = CREATE_UNICODE_ENVIRONMENT | CREATE_SUSPENDED | (have_list ? EXTENDED_STARTUPINFO_PRESENT : 0u);
  const BOOL ok = ::CreateProcessW(batch ? nullptr : program.c_str(), cmd.data(), nullptr, nullptr, TRUE, flags, env.data(),
                                   cwd.empty() ? nullptr : cwd.c_str(), &si.StartupInfo, &pi);
  if (have_list) ::DeleteProcThreadAttributeList(attrs);
  if (!ok) return false;
  child.process = Handle(pi.hProcess);
  Handle thread(pi.hThread);
  child.job = Handle(::CreateJobObjectW(nullptr, nullptr));
  // Kill on close: when pdo ends for any reason (Ctrl-C, a closed console, TerminateProcess), the system
  // closes the job's last handle and ends the child with its children, so a `git push` never outlives the
  // pdo sync that started it.
  JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits{};
  limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
  if (child.job) (void)::SetInformationJobObject(child.job.get(), JobObjectExtendedLimitInformation, &limits, sizeof limits);
  // Fails inside a job that forbids nesting (before Windows 8): then only the child itself is killed.
  if (child.job && !::AssignProcessToJobObject(child.job.get(), child.process.get())) child.job.reset();
  ::ResumeThread(thread.get());
  return true;
}

}  // namespace

ProcessResult run_process(const std::vector<std::string>& argv, const ProcessOptions& options) {
  ProcessResult r;
  if (argv.empty()) return r;
  // The program is looked up in the PATH the child will have, as on POSIX (names are case-blind here).
  std::optional<std::wstring> path = env_wide(L"PATH");
  for (const auto& [name, value] : options.env) {
    if (lower(to_wide(name)) != L"path") continue;
    path = value.empty() ? std::nullopt : std::optional<std::wstring>(to_wide(value));
  }
  const auto program = find_program_in(argv[0], path);
  if (!program) return r;
  const auto cmd = command_line(program->wstring(), argv);
  if (!cmd) return r;

  Handle in_read, in_write, out_read, out_write, err_read, err_write;
  if (!make_pipe(in_read, in_write, true) || !make_pipe(out_read, out_write, false) || !make_pipe(err_read, err_write, false)) {
    return r;
  }
  Child child;
  r.started = start_child(program->wstring(), *cmd, options, in_read.get(), out_write.get(), err_write.get(), child);
  // Our copies of the child's ends must go, or the reads below never see EOF.
  in_read.reset();
  out_write.reset();
  err_write.reset();
  if (!r.started) return r;

  // Anonymous pipes cannot be polled on Windows: one thread per stream.
  Reader out_reader{out_read.get(), &r.out};
  Reader err_reader{err_read.get(), &r.err};
  Writer writer{in_write.get(), &options.input};
  Handle threads[3] = {Handle(::CreateThread(nullptr, 0, read_all, &out_reader, 0, nullptr)),
                       Handle(::CreateThread(nullptr, 0, read_all, &err_reader, 0, nullptr)),
                       Handle(::CreateThread(nullptr, 0, write_all, &writer, 0, nullptr))};
  if (threads[2]) {
    in_write.release();  // the writer thread closes it when the input is written
  } else {
    in_write.reset();
  }
  if (!threads[0] || !threads[1]) {
    // Without a reader the child could block on a full pipe forever: stop it, report no exit code.
    if (child.job) ::TerminateJobObject(child.job.get(), 1);
    ::TerminateProcess(child.process.get(), 1);
    // The child's ends die with it, so a running reader sees EOF; the pipes close when we return.
    for (auto& t : threads) {
      if (t) ::WaitForSingleObject(t.get(), 5000);
    }
    return r;
  }
  // Done when the child has exited and its outputs reached EOF (grandchildren may hold them), as on POSIX.
  HANDLE waits[3] = {child.process.get(), threads[0].get(), threads[1].get()};
  const DWORD limit = options.timeout.count() > 0 ? static_cast<DWORD>(options.timeout.count()) : INFINITE;
  if (::WaitForMultipleObjects(3, waits, TRUE, limit) != WAIT_OBJECT_0) {
    r.timed_out = true;
    if (child.job) ::TerminateJobObject(child.job.get(), 1);
    ::TerminateProcess(child.process.get(), 1);
    // Anything outside the job still holding a pipe: stop reading so we return.
    if (::WaitForMultipleObjects(3, waits, TRUE, 5000) != WAIT_OBJECT_0) {
      ::CancelSynchronousIo(threads[0].get());
      ::CancelSynchronousIo(threads[1].get());
    }
  }
  for (auto& t : threads) {
    if (t) ::WaitForSingleObject(t.get(), 5000);
  }
  DWORD code = 0;
  if (!r.timed_out && ::GetExitCodeProcess(child.process.get(), &code)) r.exit_code = static_cast<int>(code);
  return r;
}

}  // namespace pdo::platform
