#!/usr/bin/python3
"""x86-64 fresh boot: Debian's newest amd64 kernel under QEMU TCG, as booted
(no tracefs mounted, perf_event_paranoid 3). As root the default run counts
syscalls -- at least the N geteuid calls syscall-bench makes -- through both
the syscall instruction and int $0x80; as a user, under paranoid 3, the
series runs and records its times, the counters empty with a note that
names the cause, exit status 0. QEMU's TCG x86 CPU has no PMU, so the
hardware counters must be empty and said, never 0."""
import os

import qemu_system as q

N = 100000  # guest/x86_fresh_boot.sh
RESOURCE_USAGE = ["real", "user", "sys"]


def main():
    s = q.settings()
    kernels = q.kernels_or_skip(s, "x86_64")
    release, vmlinuz = kernels[-1]
    fs = q.x86_guest(s, "x86_fresh_boot")
    b = q.boot_guest(s, fs, "x86_64", vmlinuz, "x86_fresh_boot")
    r = b.results
    print(f"kernel {r.get('kernel_release')}, perf_event_paranoid "
          f"{r.get('perf_event_paranoid')}, tracefs mounted at boot: "
          f"{r.get('tracefs_mounted_at_boot')}")
    for name in ("user", "root", "int80"):
        print(f"--- timeit as {name}:\n" + b.files.get(f"{name}.out", b"").decode())
    q.check(r.get("tracefs_mounted_at_boot") == "0",
            "tracefs was mounted at boot: not the fresh machine this tests")

    # root: the default run counts syscalls, through both entries.
    for name in ("root", "int80"):
        q.check(r.get(f"{name}.status") == "0",
                f"timeit as root ({name}) exited {r.get(f'{name}.status')}, not 0")
        rows = b.csv(name)
        q.check(len(rows) == 5,
                f"{name}.csv has {len(rows)} runs, not 1 + 2 timing + 2 counting runs")
        q.check(all(row["syscalls"] == "" for row in q.timing_runs(rows)),
                f"{name}: a timing run counted syscalls")
        for row in q.counting_runs(rows):
            syscalls = q.number(row, "syscalls")
            q.check(syscalls is not None and syscalls >= N,
                    f"{name}: run {row['run']} counted syscalls={row['syscalls']!r}"
                    f", the workload makes at least {N} (notes: {q.all_notes(rows)!r})")
        q.check_never_zero_without_note(rows, name)

    # A user under paranoid 3: times, then empty counters with one note.
    q.check(r.get("user_uid") == "1000", f"the user run ran as uid {r.get('user_uid')}")
    q.check(r.get("user.status") == "0",
            f"timeit as a user exited {r.get('user.status')}, not 0")
    rows = b.csv("user")
    # Nothing to count: no counting runs.
    q.check(len(rows) == 3, f"user.csv has {len(rows)} runs, not 1 + 2")
    for row in rows:
        for column in RESOURCE_USAGE:
            q.check(q.number(row, column) is not None,
                    f"user: run {row['run']} has no {column}")
    notes = q.all_notes(rows)
    q.check("perf_event_paranoid" in notes,
            f"user: no note names perf_event_paranoid (notes: {notes!r})")
    for column in q.counter_columns(rows[0]):
        q.check(all(row[column] == "" for row in rows),
                f"user: {column} has values under paranoid 3")
    q.check_never_zero_without_note(rows, "user")


if __name__ == "__main__":
    q.run_scenario(main)
