/* Makes exactly K getppid system calls (through syscall(2), so no libc
 * caching), after starting CHILDREN copies of itself that each make K more.
 * Usage: syscall_loop K [CHILDREN]. The reference for counting syscalls of
 * a process tree: compare with `perf stat -e raw_syscalls:sys_enter`. */
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  const long k = strtol(argv[1], NULL, 10);
  const int children = argc > 2 ? atoi(argv[2]) : 0;
  for (int i = 0; i < children; ++i) {
    const pid_t pid = fork();
    if (pid == 0) {
      char* child_argv[] = {argv[0], argv[1], NULL};
      execv("/proc/self/exe", child_argv);
      _exit(127);
    }
  }
  for (long i = 0; i < k; ++i) syscall(SYS_getppid);
  int status = 0;
  while (wait(&status) > 0) {
  }
  return 0;
}
