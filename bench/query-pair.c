/* The embedded client/server pair: a server that answers each query with
 * a fixed amount of kernel work, and a client that sends queries, the shape
 * of a database benchmark (sysbench against mariadbd) in miniature. The
 * client's own system calls are two per query (a write, a read); the
 * server's are CALLS getppid calls plus its own read and write. Measuring
 * the client alone misses the server's, which is what `timeit --count-pid`
 * (or --count-cgroup) is for:
 *
 *   query-pair serve SOCKET [CALLS]   answers on the UNIX socket SOCKET,
 *                                     CALLS getppid per query (default 100),
 *                                     until SIGTERM; one client at a time
 *   query-pair ask SOCKET [QUERIES]   sends QUERIES queries (default 1000),
 *                                     prints "queries per second: N"
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static int Address(const char* path, struct sockaddr_un* addr) {
  memset(addr, 0, sizeof *addr);
  addr->sun_family = AF_UNIX;
  if (strlen(path) >= sizeof addr->sun_path) {
    fprintf(stderr, "query-pair: socket path too long: %s\n", path);
    return -1;
  }
  strcpy(addr->sun_path, path);
  return 0;
}

/* One client's queries: a byte in, CALLS system calls, a byte out. */
static void Answer(int conn, long calls) {
  char query;
  while (read(conn, &query, 1) == 1) {
    for (long i = 0; i < calls; ++i) syscall(SYS_getppid);
    if (write(conn, &query, 1) != 1) break;
  }
}

static int Serve(const char* path, long calls) {
  struct sockaddr_un addr;
  if (Address(path, &addr) != 0) return 2;
  const int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  unlink(path);
  if (s < 0 || bind(s, (struct sockaddr*)&addr, sizeof addr) != 0 || listen(s, 4) != 0) {
    fprintf(stderr, "query-pair: %s: %s\n", path, strerror(errno));
    return 1;
  }
  signal(SIGPIPE, SIG_IGN);
  for (;;) {
    const int conn = accept4(s, NULL, NULL, SOCK_CLOEXEC);
    if (conn < 0) {
      if (errno == EINTR) continue;
      fprintf(stderr, "query-pair: accept: %s\n", strerror(errno));
      return 1;
    }
    Answer(conn, calls);
    close(conn);
  }
}

static int Ask(const char* path, long queries) {
  struct sockaddr_un addr;
  if (Address(path, &addr) != 0) return 2;
  const int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (s < 0 || connect(s, (struct sockaddr*)&addr, sizeof addr) != 0) {
    fprintf(stderr, "query-pair: %s: %s (is the server running?)\n", path, strerror(errno));
    return 1;
  }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (long q = 0; q < queries; ++q) {
    char byte = 'q';
    if (write(s, &byte, 1) != 1 || read(s, &byte, 1) != 1) {
      fprintf(stderr, "query-pair: the server went away after %ld queries\n", q);
      return 1;
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  const double seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
  printf("queries per second: %.0f\n", seconds > 0 ? (double)queries / seconds : 0.0);
  return 0;
}

int main(int argc, char** argv) {
  if (argc >= 3 && strcmp(argv[1], "serve") == 0)
    return Serve(argv[2], argc > 3 ? strtol(argv[3], NULL, 10) : 100);
  if (argc >= 3 && strcmp(argv[1], "ask") == 0)
    return Ask(argv[2], argc > 3 ? strtol(argv[3], NULL, 10) : 1000);
  fprintf(stderr, "usage: query-pair serve SOCKET [CALLS] | query-pair ask SOCKET [QUERIES]\n");
  return 2;
}
