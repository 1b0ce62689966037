/* The stopwatch of bench/overhead-n1.py's guest, which has only busybox (its
 * date and time have no nanoseconds): runs COMMAND once with its output
 * discarded and prints the CLOCK_MONOTONIC nanoseconds it took. Exit status
 * is the command's, or 127 when it cannot be started.
 *
 *   elapsed COMMAND [ARGS...]
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>

extern char** environ;

static long long NowNs(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: elapsed COMMAND [ARGS...]\n");
    return 2;
  }
  posix_spawn_file_actions_t quiet;
  posix_spawn_file_actions_init(&quiet);
  posix_spawn_file_actions_addopen(&quiet, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&quiet, 2, "/dev/null", O_WRONLY, 0);
  const long long start = NowNs();
  pid_t pid;
  if (posix_spawnp(&pid, argv[1], &quiet, NULL, argv + 1, environ) != 0) {
    perror("elapsed: posix_spawn");
    return 127;
  }
  int status;
  if (waitpid(pid, &status, 0) < 0) return 127;
  printf("%lld\n", NowNs() - start);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
