/* Holds PROCS processes of MIB MiB each resident at the same time: each
 * child touches its MiB, says so, and waits until every one has; then all
 * exit. The tree's memory peak is PROCS * MIB, its largest process's MIB.
 *   touch_memory MIB PROCS */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char** argv) {
  if (argc < 3) return 2;
  const size_t bytes = (size_t)strtol(argv[1], NULL, 10) << 20;
  const int procs = atoi(argv[2]);
  int ready[2], go[2];
  if (pipe(ready) != 0 || pipe(go) != 0) return 1;
  for (int i = 0; i < procs; ++i) {
    if (fork() == 0) {
      close(ready[0]);
      close(go[1]);
      char* p = malloc(bytes);
      if (p == NULL) _exit(1);
      memset(p, 1, bytes);
      char byte = 'r';
      if (write(ready[1], &byte, 1) != 1) _exit(1);
      (void)read(go[0], &byte, 1); /* end of file: the parent let go */
      _exit(p[bytes - 1] == 1 ? 0 : 1);
    }
  }
  close(ready[1]);
  close(go[0]);
  char byte;
  for (int i = 0; i < procs; ++i)
    if (read(ready[0], &byte, 1) != 1) return 1;
  close(go[1]);
  int status, failed = 0;
  while (wait(&status) > 0) failed |= !WIFEXITED(status) || WEXITSTATUS(status) != 0;
  return failed;
}
