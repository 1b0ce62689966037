/* What timeit and its spawner (spawner_main.c) say to each other: C, so that
 * the spawner needs no C++ runtime. One request and one reply per child, on
 * a SOCK_SEQPACKET socket pair; everything else about the command (path,
 * argv, environment, standard fds, CPUs) is given once, when timeit starts
 * the spawner, as its argv, environment and fds 0-2. */
#pragma once
#include <stdint.h>

/* The spawner's file name, next to timeit or in its libexec directory. */
#define TIMEIT_SPAWNER_NAME "timeit-spawner"

/* argv[1] of the spawner: the number of its end of the socket. argv[2]: the
 * child's CPUs as a comma-separated list, or "-" to inherit them. argv[3]:
 * the executable; argv[4] on: the command's argv, argv[0] included. */
enum { kSpawnerSocketArg = 1, kSpawnerCpusArg = 2, kSpawnerPathArg = 3, kSpawnerArgvArg = 4 };

/* Request flags. With the request come, by SCM_RIGHTS and in this order:
 * the write end of the child's close-on-exec error pipe, the read end of
 * its go pipe (kSpawnHold), the run's cgroup directory (kSpawnCgroup). */
enum {
  kSpawnHold = 1,   /* the child waits for a byte on the go pipe before exec */
  kSpawnCgroup = 2, /* the child starts in (or joins) that cgroup */
};

struct SpawnRequest {
  int32_t flags;
};

/* The child writes {what, errno} to its error pipe: what 0 an exec failure
 * (and exits 127), 1 a failed move into its cgroup (exits 127), 2 it joined
 * its cgroup (from then on it runs on to exec). */
enum { kSpawnExecFailed = 0, kSpawnPlacementFailed = 1, kSpawnPlaced = 2 };

struct SpawnReply {
  /* CLOCK_MONOTONIC just before the clone: where a child that is not held
   * starts its wall clock, as when timeit cloned it itself. */
  int64_t clone_sec;
  int64_t clone_nsec;
  int32_t pid;         /* the child, a child of timeit; -1: none */
  int32_t error;       /* errno when pid is -1 */
  int32_t unsupported; /* clone(CLONE_PARENT) refused here (qemu-user): use another way */
  int32_t joins;       /* the child joins its cgroup itself: it reports kSpawnPlaced */
};
