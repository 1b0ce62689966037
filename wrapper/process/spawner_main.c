/* timeit-spawner: starts the measured command's processes for timeit from a
 * small address space, so that the command's maxrss is its own.
 *
 * Linux keeps a process's peak RSS across execve (fs/exec.c exec_mmap: the
 * old mm's hiwater_rss goes into signal->maxrss). A child that timeit itself
 * cloned with CLONE_VM execs from timeit's memory, and a forked one from a
 * copy of it (kernel/fork.c dup_mm starts the copy's peak at timeit's RSS):
 * either reports at least timeit's own peak, 8.5 MB and more, as its maxrss.
 * This program, started once per series, is a few pages large, and its
 * children exec from its memory. CLONE_PARENT makes them timeit's children
 * all the same (wait4, process groups, PR_SET_PDEATHSIG and the held start
 * work as when timeit clones them itself).
 *
 * They share our memory (CLONE_VM) until their exec rather than copy it, as
 * posix_spawn's children do: copying an address space, however small, and
 * tearing the copy down at exec costs more than the rest of a spawn where
 * page tables are expensive (0.3 ms of ours and 0.8 ms of the child's per
 * run in this project's VM, bench/overhead.sh). Where CLONE_VM is refused
 * (qemu-user, for a process that is not a thread) they are forked.
 *
 * C and linked statically: no C++ runtime and no dynamic loader, whose
 * relocated pages would all be resident in every child before its exec. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "wrapper/process/clone_on_stack.h"
#include "wrapper/process/spawner_protocol.h"

extern char** environ;

/* The command, as timeit gave it in argv. */
static const char* g_path;
static char** g_argv;
static cpu_set_t g_cpus;
static int g_set_cpus;
/* Once clone3 is missing (or TIMEIT_SPAWN=no-clone3 says to play that) a
 * child joins its cgroup by writing cgroup.procs. */
static int g_no_clone3;
/* Once CLONE_VM is refused (qemu-user; TIMEIT_SPAWN=no-clone-vm plays it)
 * a child gets a copy of our memory. */
static int g_no_clone_vm;

/* The child's stack while it shares our memory. One child at a time: timeit
 * asks for the next only after it reaped this one (ChildLauncher's Wait or
 * Abandon), so a held child is done with it by then. A copy, when forked. */
static char g_child_stack[64 * 1024];

/* What the child needs, in our memory; written before each clone. */
static struct {
  int error_fd, go_fd, cgroup_fd, join;
} g_child;

static void Report(int error_fd, int what, int err) {
  const int message[2] = {what, err};
  ssize_t ignored = write(error_fd, message, sizeof message);
  (void)ignored;
}

/* Keeps our children's perf contexts from being clones of ours.
 *
 * Counting by inheritance, timeit's events reach us as disabled copies that
 * our own exec enabled (enable_on_exec), and each child we clone copies
 * them. A child's context that copied all of ours is marked as its clone,
 * and the scheduler then swaps the two contexts instead of switching them
 * when it switches between us and the child (perf_event_context_sched_out):
 * the child may go on to its exec holding our copies, whose enable_on_exec
 * has fired, and count nothing (timeit disables every copy before the
 * child's exec, counters/tree_counters.cc). An event of our own that is not
 * inherited makes our context one a child never copies whole. Two, since
 * before Linux 6.2 software and hardware events had a context each; either
 * may be refused (no PMU, perf_event_paranoid) with nothing lost, as where
 * it is refused no copy of timeit's of that kind exists either. Never
 * enabled, close-on-exec; kept open for our life. */
static void KeepOwnPerfContexts(void) {
  static const struct {
    uint32_t type;
    uint64_t config;
  } kinds[2] = {{PERF_TYPE_SOFTWARE, PERF_COUNT_SW_DUMMY},
                {PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS}};
  for (int i = 0; i < 2; ++i) {
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = kinds[i].type;
    attr.config = kinds[i].config;
    attr.disabled = 1;
    attr.exclude_kernel = 1; /* allowed to every user up to perf_event_paranoid 2 */
    attr.exclude_hv = 1;
    long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
    (void)fd;
  }
}

/* The child, on g_child_stack in our memory (or a copy of it): what
 * ChildLauncher's child does before exec. Signal dispositions and mask are
 * timeit's already: they came with our own exec, and we set no handler.
 * errno is ours too (the same thread pointer): shared with CLONE_VM, but
 * meanwhile we only send the reply and wait for timeit's next request,
 * which comes after this child is gone, and neither sets errno. */
static int RunChild(void* unused) {
  (void)unused;
  const int error_fd = g_child.error_fd, go_fd = g_child.go_fd;
  const int cgroup_fd = g_child.cgroup_fd, join = g_child.join;
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL); /* the parent is timeit's thread, not us */
  if (join) {
    const int fd = openat(cgroup_fd, "cgroup.procs", O_WRONLY | O_CLOEXEC);
    if (fd < 0 || write(fd, "0", 1) != 1) {
      Report(error_fd, kSpawnPlacementFailed, errno);
      _exit(127);
    }
    close(fd);
    Report(error_fd, kSpawnPlaced, 0);
  }
  if (g_set_cpus && sched_setaffinity(0, sizeof g_cpus, &g_cpus) != 0) {
    Report(error_fd, kSpawnExecFailed, errno);
    _exit(127);
  }
  if (go_fd >= 0) {
    char go = 0;
    ssize_t n;
    do {
      n = read(go_fd, &go, 1);
    } while (n < 0 && errno == EINTR);
    if (n != 1) _exit(127); /* never released: timeit is gone or gave up */
  }
  execve(g_path, g_argv, environ);
  Report(error_fd, kSpawnExecFailed, errno);
  _exit(127);
  return 127;
}

/* The child, timeit's (CLONE_PARENT): by clone3 into the cgroup, else by
 * clone (and it joins the cgroup itself), sharing our memory unless that is
 * refused. Never CLONE_VFORK: we reply at once, and timeit wakes and goes
 * to wait for the child while the child execs, on the other CPU, instead
 * of after it (waiting for the exec made a run cost 0.1 ms more than a
 * child timeit clones itself, bench/overhead.sh). An exec that fails is
 * reported through the error pipe, which timeit reads after the child is
 * reaped, as when held. Returns its pid, or -1 with errno. */
static pid_t Clone(int cgroup_fd, int* joins, int* unsupported) {
  *joins = 0;
  *unsupported = 0;
  for (;;) {
    const uint64_t flags = CLONE_PARENT | (g_no_clone_vm ? 0 : CLONE_VM);
    if (cgroup_fd >= 0 && !g_no_clone3) {
      g_child.join = 0;
      const long pid = timeit_clone_on_stack(flags, cgroup_fd, g_child_stack,
                                             sizeof g_child_stack, RunChild, NULL);
      if (pid >= 0) return (pid_t)pid;
      if (pid != -ENOSYS && pid != -E2BIG && pid != -EINVAL) {
        errno = (int)-pid;
        return -1;
      }
      g_no_clone3 = 1; /* before Linux 5.7, or qemu-user: the child joins */
      continue;
    }
    g_child.join = cgroup_fd >= 0;
    *joins = g_child.join;
    const pid_t pid = clone(RunChild, g_child_stack + sizeof g_child_stack, (int)flags, NULL);
    if (pid >= 0 || (errno != EINVAL && errno != ENOSYS)) return pid;
    if (g_no_clone_vm) {
      *unsupported = 1; /* not even CLONE_PARENT: timeit starts them itself */
      return -1;
    }
    g_no_clone_vm = 1;
  }
}

/* One request: its fds (error pipe, go pipe, cgroup), the child, the reply. */
static int Serve(int sock) {
  struct SpawnRequest request;
  int fds[3] = {-1, -1, -1};
  union {
    char buffer[CMSG_SPACE(sizeof fds)];
    struct cmsghdr align;
  } control;
  struct iovec iov = {&request, sizeof request};
  struct msghdr msg;
  memset(&msg, 0, sizeof msg);
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control.buffer;
  msg.msg_controllen = sizeof control.buffer;
  ssize_t n;
  do {
    n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
  } while (n < 0 && errno == EINTR);
  if (n != (ssize_t)sizeof request) return 0; /* timeit closed its end, or is gone */
  int count = 0;
  for (struct cmsghdr* c = CMSG_FIRSTHDR(&msg); c != NULL; c = CMSG_NXTHDR(&msg, c)) {
    if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
    count = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
    if (count > 3) count = 3;
    memcpy(fds, CMSG_DATA(c), (size_t)count * sizeof(int));
  }
  const int hold = (request.flags & kSpawnHold) != 0;
  const int cgroup = (request.flags & kSpawnCgroup) != 0;
  if (count != 1 + hold + cgroup) return 0; /* not timeit's request: stop */
  const int error_fd = fds[0];
  const int go_fd = hold ? fds[1] : -1;
  const int cgroup_fd = cgroup ? fds[1 + hold] : -1;

  struct SpawnReply reply;
  memset(&reply, 0, sizeof reply);
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  reply.clone_sec = now.tv_sec;
  reply.clone_nsec = now.tv_nsec;
  g_child.error_fd = error_fd;
  g_child.go_fd = go_fd;
  g_child.cgroup_fd = cgroup_fd;
  const pid_t pid = Clone(cgroup_fd, &reply.joins, &reply.unsupported);
  reply.pid = pid;
  reply.error = pid < 0 ? errno : 0;
  for (int i = 0; i < count; ++i) close(fds[i]);
  return send(sock, &reply, sizeof reply, MSG_NOSIGNAL) == (ssize_t)sizeof reply;
}

static int ParseCpus(const char* list) {
  CPU_ZERO(&g_cpus);
  if (strcmp(list, "-") == 0) return 1;
  g_set_cpus = 1;
  for (const char* p = list; *p != '\0';) {
    char* end = NULL;
    const long cpu = strtol(p, &end, 10);
    if (end == p || cpu < 0 || cpu >= CPU_SETSIZE) return 0;
    CPU_SET((size_t)cpu, &g_cpus);
    p = *end == ',' ? end + 1 : end;
    if (*end != ',' && *end != '\0') return 0;
  }
  return 1;
}

int main(int argc, char** argv) {
  if (argc <= kSpawnerArgvArg) return 2;
  const int sock = atoi(argv[kSpawnerSocketArg]);
  if (!ParseCpus(argv[kSpawnerCpusArg])) return 2;
  g_path = argv[kSpawnerPathArg];
  g_argv = argv + kSpawnerArgvArg;
  const char* how = getenv("TIMEIT_SPAWN");
  g_no_clone3 = how != NULL && strcmp(how, "no-clone3") == 0;
  g_no_clone_vm = how != NULL && strcmp(how, "no-clone-vm") == 0;
  /* Our socket must not reach the command; fds 0-2 are the command's. */
  if (fcntl(sock, F_SETFD, FD_CLOEXEC) != 0) return 2;
  KeepOwnPerfContexts();
  while (Serve(sock)) {
  }
  return 0;
}
