/* The bare baseline of bench/overhead.sh: N runs of a command with
 * posix_spawn + wait4 and nothing else, the cheapest way to run a command
 * repeatedly and still get its resource usage.
 *
 *   spawn-loop N COMMAND [ARGS...]
 */
#define _GNU_SOURCE
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>

extern char** environ;

int main(int argc, char** argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: spawn-loop N COMMAND [ARGS...]\n");
    return 2;
  }
  const long n = strtol(argv[1], NULL, 10);
  for (long i = 0; i < n; ++i) {
    pid_t pid;
    if (posix_spawnp(&pid, argv[2], NULL, NULL, argv + 2, environ) != 0) {
      perror("spawn-loop: posix_spawn");
      return 1;
    }
    int status;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) < 0) {
      perror("spawn-loop: wait4");
      return 1;
    }
  }
  return 0;
}
