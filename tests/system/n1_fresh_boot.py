#!/usr/bin/python3
"""Neoverse N1 fresh boot: Debian's newest arm64 kernel on QEMU's N1 model
(the Graviton2 core) with -icount shift=0, as root, nothing mounted but
proc, sysfs and devtmpfs. The PMU there really counts, and icount gives a
truth to check against: one instruction is one cycle.

- cycles and instructions are counted and equal: ipc is 1 within 0.1%;
- every default event the PMU's sysfs list lacks is empty with its note,
  never 0 (nor is any other counter a silent 0);
- :u + :k is the whole within 1%, for generic names and raw rNNNN;
- twelve events on 6 counters + the cycle counter are multiplexed, and every
  scaled count is within 5% of the truth the unmultiplexed series measured;
- syscalls is exact: the same in every run of a series, and twice the calls
  is exactly N more."""
import os
import statistics

import qemu_system as q

N = 10000  # guest/n1_fresh_boot.sh

# The default hardware metrics and their Neoverse N1 event numbers, from Arm's
# Neoverse N1 TRM (section "PMU events"): what the sysfs list is checked for.
N1_EVENTS = {"cycles": 0x11, "instructions": 0x08, "icache-misses": 0x01,
             "branch-misses": 0x22, "cache-misses": 0x37}


def pmu_event_codes(listing):
    """'cpu_cycles:event=0x0011 ...' -> {0x11, ...}"""
    codes = set()
    for item in listing.split():
        _, _, config = item.partition(":")
        if config.startswith("event="):
            codes.add(int(config.split("=")[1], 16))
    return codes


def check_cycles_equal_instructions(rows, where):
    for row in rows:
        cycles, instructions = q.number(row, "cycles"), q.number(row, "instructions")
        q.check(cycles and instructions,
                f"{where}: run {row['run']}: cycles={row['cycles']!r} "
                f"instructions={row['instructions']!r}: not counted "
                f"(notes: {q.all_notes(rows)!r})")
        ipc = instructions / cycles
        q.check(abs(ipc - 1) <= 0.001,
                f"{where}: run {row['run']}: ipc {ipc:.5f} under icount, not 1 "
                f"within 0.1% (cycles {cycles:.0f}, instructions {instructions:.0f})")
        if q.number(row, "ipc") is not None:
            q.check(abs(q.number(row, "ipc") - 1) <= 0.001,
                    f"{where}: run {row['run']}: the ipc column says {row['ipc']}")


def check_lacking_events_empty(rows, pmu_codes, where):
    notes = q.all_notes(rows)
    for metric, code in N1_EVENTS.items():
        cells = [row[metric] for row in rows]
        if code in pmu_codes:
            q.check(all(c not in ("", "0") for c in cells),
                    f"{where}: {metric} (0x{code:02x}) is in the PMU's list but "
                    f"reads {cells}")
        else:
            q.check(all(c == "" for c in cells),
                    f"{where}: {metric} (0x{code:02x}) is not in the PMU's list "
                    f"and reads {cells}, not empty (notes: {notes!r})")
            q.check(metric in notes and "not implemented" in notes,
                    f"{where}: no note says {metric} is not implemented by this "
                    f"PMU (notes: {notes!r})")


def check_syscalls_exact(rows_n, rows_2n):
    def counts(rows, where):
        values = [q.number(row, "syscalls") for row in rows]
        q.check(None not in values and values[0] >= N,
                f"{where}: syscalls {values}: not counted, or fewer than the "
                f"calls the workload makes (notes: {q.all_notes(rows)!r})")
        q.check(len(set(values)) == 1,
                f"{where}: syscalls differ between measured runs of the same "
                f"command: {values}")
        return values[-1]
    n = counts(q.counting_runs(rows_n), "default")
    two_n = counts(q.counting_runs(rows_2n), "default2")
    q.check(two_n - n == N,
            f"syscalls: {N} more geteuid calls counted {two_n - n:.0f} more "
            f"({n:.0f} -> {two_n:.0f}), not exactly {N}")


def measured(rows):
    return [row for row in rows if row["warmup"] == "0"]


def check_user_plus_kernel(rows, wholes, where):
    for row in measured(rows):
        for whole in wholes:
            total = q.number(row, whole)
            user, kernel = q.number(row, f"{whole}:u"), q.number(row, f"{whole}:k")
            q.check(None not in (total, user, kernel),
                    f"{where}: run {row['run']}: {whole}={row[whole]!r} "
                    f":u={row[whole + ':u']!r} :k={row[whole + ':k']!r} "
                    f"(notes: {q.all_notes(rows)!r})")
            q.check(0 < kernel < total and 0 < user < total,
                    f"{where}: run {row['run']}: {whole} {total:.0f} but :u "
                    f"{user:.0f} and :k {kernel:.0f}: a modifier was dropped")
            q.check(abs(user + kernel - total) <= 0.01 * total,
                    f"{where}: run {row['run']}: {whole}:u + {whole}:k = "
                    f"{user + kernel:.0f}, the whole is {total:.0f} "
                    f"({(user + kernel) / total - 1:+.2%})")


def check_multiplexed(rows, truth):
    """truth: part ('', ':u', ':k') -> the unmultiplexed instruction count."""
    # Multiplexing is said once, in one note naming the events it touched.
    said = q.all_notes(rows).count("multiplexed, on a PMU counter for part of the run (")
    q.check(said == 1, f"multiplexed: said {said} times, not once in one note "
            f"(notes: {q.all_notes(rows)!r})")
    rows = measured(rows)
    running = [q.number(row, c) for row in rows for c in q.counter_columns(row)
               if c.endswith(".running")]
    q.check(running and min(r for r in running if r is not None) < 1,
            f"multiplexed: every event ran all the time ({running}): 12 events "
            "did not share the counters, the check proves nothing")
    for row in rows:
        for column in q.counter_columns(row):
            if column.endswith(".running") or column.startswith("ipc"):
                continue
            part = column[len(column.split(":")[0]):]
            value = q.number(row, column)
            q.check(value is not None,
                    f"multiplexed: run {row['run']}: {column} is empty "
                    f"(notes: {q.all_notes(rows)!r})")
            error = value / truth[part] - 1
            q.check(abs(error) <= 0.05,
                    f"multiplexed: run {row['run']}: {column} = {value:.0f}, "
                    f"scaled from {row.get(column + '.running')} of the run; "
                    f"the truth is {truth[part]:.0f} ({error:+.1%})")


def main():
    s = q.settings()
    kernels = q.kernels_or_skip(s, "aarch64")
    fs = q.arm64_guest(s, "n1_fresh_boot")
    q.add_static_syscall_bench(fs, s["TIMEIT_SYSTEM_WORK"])
    package = q.add_package(fs, s, "arm64")
    b = q.boot_guest(s, fs, "aarch64", kernels[-1][1], "n1_fresh_boot")
    q.check_package(b, package, "arm64 package on the N1")
    r = b.results
    for name in ("default", "default2", "lacking", "modifiers", "raw_modifiers",
                 "multiplexed"):
        print(f"--- {name}: exit {r.get(name + '.status')}\n"
              + b.files.get(f"{name}.out", b"").decode())
    print(f"kernel {r.get('kernel_release')}, PMU {r.get('pmu')}: "
          f"{r.get('pmu_events')}; {r.get('pmu_counters')}")
    q.check(r.get("tracefs_mounted_at_boot") == "0",
            "tracefs was mounted at boot: not the fresh machine this tests")
    pmu_codes = pmu_event_codes(r.get("pmu_events", ""))
    q.check(pmu_codes, f"the guest found no PMU events list ({r.get('pmu')!r})")
    csv = {name: b.csv(name) for name in ("default", "default2", "lacking",
                                          "modifiers", "raw_modifiers",
                                          "multiplexed")}

    for name in ("default", "default2"):
        check_cycles_equal_instructions(csv[name], name)
        check_lacking_events_empty(csv[name], pmu_codes, name)
        q.check_never_zero_without_note(csv[name], name)
    check_syscalls_exact(csv["default"], csv["default2"])

    lacking = csv["lacking"]
    notes = q.all_notes(lacking)
    q.check(0x01 not in pmu_codes, "the PMU lists 0x01: pick another event")
    q.check(all(row["r01"] == "" for row in lacking) and "r01" in notes,
            f"lacking: r01 (not in the PMU's list) reads "
            f"{[row['r01'] for row in lacking]}, notes {notes!r}")
    q.check_never_zero_without_note(lacking, "lacking")

    check_user_plus_kernel(csv["modifiers"], ["instructions", "cycles"], "modifiers")
    check_user_plus_kernel(csv["raw_modifiers"], ["r08", "r11"], "raw_modifiers")
    truth = {part: statistics.mean(q.number(row, "instructions" + part)
                                   for row in measured(csv["modifiers"]))
             for part in ("", ":u", ":k")}
    print("truth (unmultiplexed means):", {k: round(v) for k, v in truth.items()})
    check_multiplexed(csv["multiplexed"], truth)


if __name__ == "__main__":
    q.run_scenario(main)
