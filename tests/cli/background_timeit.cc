#include "tests/cli/background_timeit.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "tests/cli/run_timeit.h"
#include "tests/test_paths.h"

namespace timeit::testing {
namespace fs = std::filesystem;

pid_t StartTimeit(const std::vector<std::string>& args, const fs::path& dir) {
  std::vector<std::string> argv;
#ifdef TIMEIT_EMULATOR
  argv.push_back("/usr/bin/env");  // the emulator's words, looked up in PATH
  std::istringstream emulator(TIMEIT_EMULATOR);
  for (std::string word; emulator >> word;) argv.push_back(word);
#endif
  argv.push_back(TIMEIT_BINARY);
  argv.insert(argv.end(), args.begin(), args.end());
  // A runtime folder that does not exist: no stamp can be made, so the
  // series says the machine's notes as a first series does.
  std::vector<std::string> env_text = TimeitEnvironment(dir / ".no-runtime-dir");
  std::vector<char*> env;
  for (std::string& e : env_text) env.push_back(e.data());
  env.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    // A test started from a background job inherits SIGINT ignored, and
    // timeit keeps an ignored SIGINT ignored (as `nohup` wants): undo that.
    ::signal(SIGINT, SIG_DFL);
    ::signal(SIGQUIT, SIG_DFL);
    const int out = ::open((dir / "stdout").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open((dir / "stderr").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int in = ::open("/dev/null", O_RDONLY);
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    if (chdir(dir.c_str()) != 0) _exit(126);
    std::vector<char*> a;
    for (std::string& s : argv) a.push_back(s.data());
    a.push_back(nullptr);
    execve(a[0], a.data(), env.data());
    _exit(127);
  }
  return pid;
}

bool BackgroundTimeit::Exited() const {
  if (reaped_) return true;
  siginfo_t info{};
  // WNOWAIT: look without reaping, so that WaitExit still gets the status.
  return ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
         info.si_pid == pid_;
}

int BackgroundTimeit::WaitExit(std::chrono::milliseconds deadline) {
  const auto give_up = std::chrono::steady_clock::now() + deadline;
  int status = 0;
  for (;;) {
    const pid_t done = ::waitpid(pid_, &status, WNOHANG);
    if (done == pid_) break;
    if (done < 0 && errno != EINTR) return -1;
    if (std::chrono::steady_clock::now() > give_up) return -1;  // the destructor kills it
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  reaped_ = true;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

BackgroundTimeit::~BackgroundTimeit() {
  if (reaped_ || pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
}

std::vector<pid_t> WaitForPids(const fs::path& file, std::size_t count,
                               const BackgroundTimeit* timeit, std::chrono::milliseconds deadline) {
  const auto give_up = std::chrono::steady_clock::now() + deadline;
  for (;;) {
    std::ifstream in(file);
    std::vector<pid_t> pids;
    for (long p; in >> p;) pids.push_back(static_cast<pid_t>(p));
    if (pids.size() >= count) return pids;
    if ((timeit != nullptr && timeit->Exited()) || std::chrono::steady_clock::now() > give_up) {
      return pids;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

bool WaitUntilExecd(pid_t pid, const std::string& comm, const BackgroundTimeit* timeit,
                    std::chrono::milliseconds deadline) {
  const auto give_up = std::chrono::steady_clock::now() + deadline;
  const fs::path path = "/proc/" + std::to_string(pid) + "/comm";
  for (;;) {
    std::ifstream in(path);
    std::string name;
    if (std::getline(in, name) && name == comm) return true;
    if ((timeit != nullptr && timeit->Exited()) || std::chrono::steady_clock::now() > give_up) {
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

}  // namespace timeit::testing
