/* The reference the counting property test holds timeit to: the same events
 * opened directly with perf_event_open on a command, the way `perf stat`
 * without inheritance does -- a child held before exec, each event its own
 * group on that child's pid with enable_on_exec, read after it is reaped.
 * The command is one process (a static syscall-bench), and the events are
 * its own, not inherited copies, so the kernel's enabled and running times
 * are right on every kernel (the bug a3c3c66670ce fixed touches inherited
 * events only).
 *
 *   perf-reference TYPE:CONFIG:MODE... -- COMMAND [ARG...]
 *
 * MODE is all, u (exclude_kernel, exclude_hv) or k (exclude_user). One line
 * per event, in order, raw and unscaled (the test scales them):
 *
 *   value time_enabled time_running
 *
 * Exit status 2 when an event does not open (the event and errno on stderr),
 * 1 when the command fails. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_EVENTS 64

static int Open(const char* spec, pid_t pid) {
  unsigned type = 0;
  unsigned long long config = 0;
  char mode[8] = "";
  if (sscanf(spec, "%u:%lli:%7s", &type, &config, mode) != 3) {
    fprintf(stderr, "perf-reference: %s: not TYPE:CONFIG:MODE\n", spec);
    exit(2);
  }
  struct perf_event_attr attr;
  memset(&attr, 0, sizeof attr);
  attr.size = sizeof attr;
  attr.type = type;
  attr.config = config;
  attr.disabled = 1;
  attr.enable_on_exec = 1;
  attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
  if (strcmp(mode, "u") == 0) {
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
  } else if (strcmp(mode, "k") == 0) {
    attr.exclude_user = 1;
  } else if (strcmp(mode, "all") != 0) {
    fprintf(stderr, "perf-reference: %s: mode is all, u or k\n", spec);
    exit(2);
  }
  long fd = syscall(SYS_perf_event_open, &attr, pid, -1, -1, PERF_FLAG_FD_CLOEXEC);
  if (fd < 0) {
    fprintf(stderr, "perf-reference: %s: perf_event_open: %s\n", spec, strerror(errno));
    exit(2);
  }
  return (int)fd;
}

int main(int argc, char** argv) {
  int events = 0;
  while (1 + events < argc && strcmp(argv[1 + events], "--") != 0) ++events;
  if (events == 0 || events > MAX_EVENTS || 1 + events + 1 >= argc) {
    fprintf(stderr, "usage: perf-reference TYPE:CONFIG:MODE... -- COMMAND [ARG...]\n");
    return 2;
  }
  char** command = argv + 1 + events + 1;
  int go[2];
  if (pipe(go) != 0) return 2;
  const pid_t child = fork();
  if (child == 0) {
    char byte;
    close(go[1]);
    if (read(go[0], &byte, 1) != 1) _exit(126);
    freopen("/dev/null", "w", stdout);  /* the command's figures are not ours */
    execv(command[0], command);
    _exit(127);
  }
  close(go[0]);
  int fds[MAX_EVENTS];
  for (int i = 0; i < events; ++i) fds[i] = Open(argv[1 + i], child);
  if (write(go[1], "g", 1) != 1) return 2;
  int status = 0;
  if (waitpid(child, &status, 0) != child || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    fprintf(stderr, "perf-reference: %s failed (status %d)\n", command[0], status);
    return 1;
  }
  for (int i = 0; i < events; ++i) {
    uint64_t v[3];
    if (read(fds[i], v, sizeof v) != (ssize_t)sizeof v) {
      fprintf(stderr, "perf-reference: %s: read: %s\n", argv[1 + i], strerror(errno));
      return 2;
    }
    printf("%llu %llu %llu\n", (unsigned long long)v[0], (unsigned long long)v[1],
           (unsigned long long)v[2]);
  }
  return 0;
}
