#include "tests/counters/count_run.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

namespace timeit::counters {

std::vector<CounterReading> CountRun(TreeCounters& counters, const std::vector<std::string>& argv,
                                     int expected_exit) {
  int go[2];
  EXPECT_EQ(pipe2(go, O_CLOEXEC), 0);
  const pid_t pid = fork();
  if (pid == 0) {
    // The deadline of the waitpid below: a command that hangs is killed by
    // SIGALRM (a pending alarm survives exec) and the test fails, not hangs.
    alarm(120);
    char byte;
    if (read(go[0], &byte, 1) != 1) _exit(126);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    _exit(127);
  }
  close(go[0]);
  counters.Attach(pid);
  EXPECT_EQ(write(go[1], "x", 1), 1);
  close(go[1]);
  int status = 0;
  EXPECT_EQ(waitpid(pid, &status, 0), pid);
  EXPECT_FALSE(WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
      << argv[0] << ": still running after 120 s";
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == expected_exit)
      << argv[0] << ": status " << status;
  return counters.Collect();
}

}  // namespace timeit::counters
