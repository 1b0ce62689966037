#include "tests/cli/run_timeit.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <thread>

#include "tests/test_paths.h"

extern char** environ;

namespace timeit::testing {
namespace fs = std::filesystem;

namespace {
const fs::path* shared_runtime_dir = nullptr;  ///< the living SharedRuntimeDir's
}  // namespace

std::vector<std::string> TimeitEnvironment(const fs::path& runtime_dir) {
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e)
    if (std::string_view(*e).rfind("XDG_RUNTIME_DIR=", 0) != 0) env.emplace_back(*e);
  env.push_back("XDG_RUNTIME_DIR=" +
                (shared_runtime_dir != nullptr ? *shared_runtime_dir : runtime_dir).string());
  return env;
}

SharedRuntimeDir::SharedRuntimeDir() { shared_runtime_dir = &dir_.path(); }
SharedRuntimeDir::~SharedRuntimeDir() { shared_runtime_dir = nullptr; }

ProcessResult RunProcess(const std::vector<std::string>& argv, const std::string& stdin_data,
                         const fs::path& cwd) {
  // Files rather than pipes: no deadlock on large outputs, no poll loop.
  TempDir io;
  const fs::path in = io.Write("stdin", stdin_data);
  const fs::path out = io.path() / "stdout";
  const fs::path err = io.path() / "stderr";

  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  std::vector<std::string> env_text = TimeitEnvironment(io.path());
  std::vector<char*> env;
  for (std::string& e : env_text) env.push_back(e.data());
  env.push_back(nullptr);

  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    const int fin = ::open(in.c_str(), O_RDONLY);
    const int fout = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int ferr = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fin < 0 || fout < 0 || ferr < 0) _exit(126);
    dup2(fin, 0);
    dup2(fout, 1);
    dup2(ferr, 2);
    if (!cwd.empty() && chdir(cwd.c_str()) != 0) _exit(126);
    execvpe(args[0], args.data(), env.data());
    _exit(127);
  }
  // A deadline below ctest's TIMEOUT (300 s), so that a hang fails this test
  // with what the process said rather than killing the whole executable.
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(240);
  auto pause = std::chrono::microseconds(100);
  int status = 0;
  bool killed = false;
  for (;;) {
    const pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    if (done < 0 && errno != EINTR) throw std::runtime_error("waitpid failed");
    if (!killed && std::chrono::steady_clock::now() > give_up) {
      ::kill(pid, SIGKILL);
      killed = true;
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(10000));
  }
  ProcessResult r;
  r.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = ReadFile(out);
  r.err = ReadFile(err);
  if (killed) r.err += "\n[test: killed after its 240 s deadline]\n";
  return r;
}

ProcessResult RunTimeit(const std::vector<std::string>& args, const std::string& stdin_data,
                        const fs::path& cwd) {
  std::vector<std::string> argv;
#ifdef TIMEIT_EMULATOR
  std::istringstream emulator(TIMEIT_EMULATOR);
  for (std::string word; emulator >> word;) argv.push_back(word);
#endif
  argv.push_back(TIMEIT_BINARY);
  argv.insert(argv.end(), args.begin(), args.end());
  return RunProcess(argv, stdin_data, cwd);
}

TempDir::TempDir() {
  const char* base = std::getenv("TMPDIR");
  std::string templ = std::string(base && *base ? base : "/tmp") + "/timeit-test-XXXXXX";
  if (mkdtemp(templ.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  path_ = templ;
}

fs::path CopyForAnyUser(const fs::path& program, const TempDir& dir) {
  fs::permissions(dir.path(), fs::perms::all);
  const fs::path copy = dir.path() / program.filename();
  fs::copy_file(program, copy, fs::copy_options::overwrite_existing);
  fs::permissions(copy, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                            fs::perms::others_read | fs::perms::others_exec);
  return copy;
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

fs::path TempDir::Write(const std::string& name, const std::string& content) const {
  const fs::path p = path_ / name;
  std::ofstream(p, std::ios::binary) << content;
  return p;
}

std::string ReadFile(const fs::path& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

int Occurrences(const std::string& text, const std::string& part) {
  int n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

}  // namespace timeit::testing
