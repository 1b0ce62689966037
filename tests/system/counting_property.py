#!/usr/bin/python3
"""Counting, proved on many random event sets (argument n1 or x86).

n1: Debian's newest arm64 kernel on QEMU's Neoverse N1 model with -icount
shift=0 (6 counters and the cycle counter; one instruction is one cycle, so
cycles, instructions, r08 (INST_RETIRED) and r11 (CPU_CYCLES) all count the
same). First the truth, unmultiplexed: instructions, :u and :k on their own
counters. Then SETS random sets -- random order, raw and named events, the
same event in several modes, from 1 to twice the 7 counters -- each counted
by timeit and by a small reference program (guest/perf_reference.c: the
same events opened directly on the command, as perf stat does without
inheritance, whose times the kernel gets right), on the same program.
Every value must be:
- within 5% of the truth for its mode (10% where it ran under 20% of the run;
  unbounded under 2%, a slice of one rotation that the exit path can fill);
- within the same bounds of the reference's scaled value for the same event;
- `.running` 1 wherever the set fits the PMU; and where `.running` is 1 (also
  in a set that does not fit: with few rotations some events are never taken
  off), within 1% of the truth -- a value marked exact must be;
- :u + :k = the whole within 5% in the same run.
The workload is guest/uniform_work.c: user and kernel work spread evenly, as
scaling assumes.
Some sets are counted again with --rotate: every value exact (.running 1) and
within 1% of the truth. Last, the issue's 11-event set with --rotate.

x86: Debian's newest amd64 kernel under TCG, which has no PMU: the same test
on software events and tracepoints (syscalls:sys_enter_geteuid counts the N
calls exactly), whose .running is always 1.

The seed is the commit's (commit_seed) and printed; TIMEIT_PROPERTY_SEED=N
repeats a failing draw."""
import os
import random
import subprocess
import sys

import qemu_system as q

M = 40000  # uniform-work rounds per run: ~48M instructions, ~12 rotations of 4 ms
SETS = 14
ROTATE_SETS = 4

# N1: word -> (perf type, config, base) for the reference; every base counts
# the same under -icount. Type 4 is PERF_TYPE_RAW, 0 PERF_TYPE_HARDWARE.
N1_EVENTS = {
    "instructions": (0, 1), "cycles": (0, 0), "r08": (4, 0x08), "r11": (4, 0x11),
    "INST_RETIRED": (4, 0x08), "CPU_CYCLES": (4, 0x11),
}
N1_CYCLE_TYPE = {"cycles", "r11", "CPU_CYCLES"}  # may take the cycle counter
N1_GENERAL_COUNTERS = 6
ISSUE_SET = ["r08", "r08:u", "r08:k", "r11", "r11:u", "r11:k", "instructions",
             "instructions:u", "instructions:k", "cycles", "cycles:u"]

MODES = {"": "all", ":u": "u", ":k": "k"}


def words_n1():
    return [base + mode for base in N1_EVENTS for mode in MODES]


def fits_n1(words):
    """Whether the set fits 6 general counters and the cycle counter at once."""
    if len(words) <= N1_GENERAL_COUNTERS:
        return True
    cycle_type = any(w.split(":")[0] in N1_CYCLE_TYPE for w in words)
    return len(words) == N1_GENERAL_COUNTERS + 1 and cycle_type


def mode_of(word):
    base, _, mod = word.partition(":")
    return base, (":" + mod) if mod else ""


def draw_sets(rng):
    vocabulary = words_n1()
    sets = []
    for i in range(SETS):
        # Both ends always: one event, and twice the counters.
        size = 1 if i == 0 else 14 if i == 1 else rng.randint(1, 14)
        sets.append(rng.sample(vocabulary, size))
    return sets


def n1_script(sets, rotate_sets):
    lines = [
        "M=%d" % M,
        "run_captured truth timeit -w 0 -n 2 -o truth.csv "
        "-e instructions,instructions:u,instructions:k -- uniform-work $M",
        "send_file truth.csv truth.csv",
    ]
    for i, words in enumerate(sets):
        specs = " ".join("%d:%d:%s" % (*N1_EVENTS[mode_of(w)[0]], MODES[mode_of(w)[1]])
                         for w in words)
        lines += [
            f"run_captured set{i} timeit -w 0 -n 2 -o set{i}.csv -e {','.join(words)} "
            "-- uniform-work $M",
            f"send_file set{i}.csv set{i}.csv",
            f"run_captured ref{i} perf-reference {specs} -- /timeit/uniform-work $M",
        ]
    for i in rotate_sets:
        lines += [
            f"run_captured rot{i} timeit -w 0 -n 3 --rotate -o rot{i}.csv "
            f"-e {','.join(sets[i])} -- uniform-work $M",
            f"send_file rot{i}.csv rot{i}.csv",
        ]
    lines += [
        f"run_captured issue timeit -w 0 -n 6 --rotate -o issue.csv -e {','.join(ISSUE_SET)} "
        "-- uniform-work $M",
        "send_file issue.csv issue.csv",
        # --target-ci with --rotate: a loose target that real meets at once,
        # so only the rotation keeps the series going: two rounds of groups.
        f"run_captured target timeit -w 0 -n 12 --min-runs 2 --target-ci 50 --rotate "
        f"-o target.csv -e {','.join(ISSUE_SET)} -- uniform-work $M",
        "send_file target.csv target.csv",
    ]
    return "\n".join(lines) + "\n"


def boot_or_reread(s, fs, arch, kernel, name):
    """Boots; or, with TIMEIT_PROPERTY_CONSOLE=FILE (a console this scenario
    kept, with the seed it printed), checks that boot's results again."""
    console = os.environ.get("TIMEIT_PROPERTY_CONSOLE")
    if not console:
        return q.boot_guest(s, fs, arch, kernel, name, deadline_s=900)
    with open(console) as f:
        text = f.read()
    results, files = q.parse_console(text)
    return q.Boot(text, results, files, 0, 0)


def measured(rows):
    return [row for row in rows if row["warmup"] == "0"]


def reference_values(b, i, words):
    out = b.files.get(f"ref{i}.out", b"").decode()
    q.check(b.results.get(f"ref{i}.status") == "0",
            f"set {i}: perf-reference exited {b.results.get(f'ref{i}.status')}: {out!r}")
    values = {}
    for word, line in zip(words, out.split("\n")):
        v, enabled, running = (int(x) for x in line.split())
        values[word] = (v * enabled / running if running else None,
                        running / enabled if enabled else 0)
    return values


def bound(running):
    """How far a value scaled from `running` of the run may be off the truth:
    5%, or 10% where it ran under 20% of the run, as the issue asks; 20% under
    5% and nothing under 2%. Scaling assumes the work is the same all along,
    and it is, but for the exec at the start and the exit at the end: an
    event that got only the first or last slice of the rotation (4 ms, under
    10% of the run) extrapolates from them (seen: +12.7% from 6.4% of a run
    half as long as this one, the reference program alike)."""
    return (0.05 if running >= 0.2 else 0.10 if running >= 0.05
            else 0.20 if running >= 0.02 else None)


def check_set(i, words, rows, reference, truth):
    where = f"set {i} ({','.join(words)})"
    fits = fits_n1(words)
    notes = q.all_notes(rows)
    for row in measured(rows):
        for word in words:
            value = q.number(row, word)
            running = q.number(row, word + ".running")
            base, mode = mode_of(word)
            if value is None:
                q.check(not fits and "no PMU counter was free" in notes,
                        f"{where}: run {row['run']}: {word} empty (notes: {notes!r})")
                continue
            q.check(running is not None and 0 < running <= 1,
                    f"{where}: run {row['run']}: {word}.running = {running!r}")
            error = value / truth[mode] - 1
            if fits:
                q.check(running == 1,
                        f"{where}: the set fits the PMU, yet {word}.running = {running}")
            if running == 1:
                # Exact, it says: then it must be, whatever the set.
                q.check(abs(error) <= 0.01,
                        f"{where}: run {row['run']}: {word} = {value:.0f} marked exact "
                        f"(.running 1), the truth is {truth[mode]:.0f} ({error:+.1%})")
            limit = bound(running)
            q.check(limit is None or abs(error) <= limit,
                    f"{where}: run {row['run']}: {word} = {value:.0f} (.running "
                    f"{running:.3f}), the truth is {truth[mode]:.0f} ({error:+.1%})")
            ref, ref_running = reference[word]
            limit = bound(min(running, ref_running))
            if ref is not None and limit is not None:
                agree = value / ref - 1
                q.check(abs(agree) <= limit,
                        f"{where}: run {row['run']}: {word}: timeit {value:.0f} (.running "
                        f"{running:.3f}), the reference program {ref:.0f} (.running "
                        f"{ref_running:.3f}) ({agree:+.1%})")
        for base in N1_EVENTS:
            names = [base + m for m in MODES]
            if not all(n in words and q.number(row, n) is not None for n in names):
                continue
            if min(q.number(row, n + ".running") for n in names) < 0.2:
                continue
            whole, user, kernel = (q.number(row, n) for n in names)
            q.check(abs(user + kernel - whole) <= 0.05 * whole,
                    f"{where}: run {row['run']}: {base}:u + {base}:k = "
                    f"{user + kernel:.0f}, the whole {whole:.0f}")


def check_rotated(name, words, rows, truth):
    where = f"{name} --rotate ({','.join(words)})"
    notes = q.all_notes(rows)
    counted = {w: 0 for w in words}
    for row in measured(rows):
        for word in words:
            value = q.number(row, word)
            if value is None:
                continue
            counted[word] += 1
            running = q.number(row, word + ".running")
            q.check(running == 1, f"{where}: run {row['run']}: {word}.running = {running} "
                    "under --rotate, not exact")
            error = value / truth[mode_of(word)[1]] - 1
            q.check(abs(error) <= 0.01,
                    f"{where}: run {row['run']}: {word} = {value:.0f}, the truth "
                    f"{truth[mode_of(word)[1]]:.0f} ({error:+.2%})")
    missing = [w for w, n in counted.items() if n == 0]
    q.check(not missing, f"{where}: never counted: {missing} (notes: {notes!r})")
    if fits_n1(words):
        q.check("nothing to rotate" in notes,
                f"{where}: the set fits, and no note says --rotate had nothing to do "
                f"(notes: {notes!r})")
    else:
        q.check("--rotate" in notes and "group" in notes,
                f"{where}: no note names the rotation groups (notes: {notes!r})")


def main_n1(s, rng):
    # The oldest arm64 kernel the registry has: one with the exit-time bug
    # of inherited events' enabled time, where the fix shows (the newest
    # boot in n1_fresh_boot).
    kernels = q.kernels(s["TIMEIT_SYSTEM_CACHE"], "aarch64-oldest") or \
        q.kernels_or_skip(s, "aarch64")
    sets = draw_sets(rng)
    rotate_sets = [i for i in range(SETS) if not fits_n1(sets[i])][:ROTATE_SETS]
    script = os.path.join(s["TIMEIT_SYSTEM_WORK"], "counting_property_n1.sh")
    with open(script, "w") as f:
        f.write(n1_script(sets, rotate_sets))
    fs = q.arm64_guest(s, script)
    q.add_static_program(fs, s["TIMEIT_SYSTEM_WORK"], "uniform_work.c", "uniform-work")
    q.add_static_program(fs, s["TIMEIT_SYSTEM_WORK"], "perf_reference.c", "perf-reference")
    b = boot_or_reread(s, fs, "aarch64", kernels[-1][1], "counting_property_n1")
    q.check(b.results.get("tracefs_mounted_at_boot") == "0",
            "tracefs was mounted at boot: not the fresh machine this tests")
    truth_rows = measured(b.csv("truth"))
    truth = {m: sum(q.number(r, "instructions" + m) for r in truth_rows) / len(truth_rows)
             for m in MODES}
    print("truth:", {k or "all": round(v) for k, v in truth.items()})
    q.check(abs(truth[":u"] + truth[":k"] - truth[""]) <= 0.01 * truth[""],
            f"the truth itself: :u + :k = {truth[':u'] + truth[':k']:.0f}, "
            f"the whole {truth['']:.0f}")
    for i, words in enumerate(sets):
        print(f"set {i}: {','.join(words)}\n" + b.files.get(f"set{i}.out", b"").decode())
        check_set(i, words, b.csv(f"set{i}"), reference_values(b, i, words), truth)
    for i in rotate_sets:
        print(f"rot {i}:\n" + b.files.get(f"rot{i}.out", b"").decode())
        check_rotated(f"set {i}", sets[i], b.csv(f"rot{i}"), truth)
    print("issue set:\n" + b.files.get("issue.out", b"").decode())
    check_rotated("the issue's set", ISSUE_SET, b.csv("issue"), truth)
    target = measured(b.csv("target"))
    print("target:\n" + b.files.get("target.out", b"").decode())
    groups = {row["notes"].split("--rotate: this run counted group ")[1].split(" ")[0]
              for row in target}
    q.check(len(target) >= 2 * len(groups) and len(target) < 12,
            f"--target-ci with --rotate stopped after {len(target)} runs of {len(groups)} "
            "groups: not two rounds, or not early")
    for word in ISSUE_SET:
        values = [q.number(row, word) for row in target if q.number(row, word) is not None]
        q.check(len(values) >= 2, f"--target-ci with --rotate: {word} has {len(values)} values")


# x86: software events and tracepoints. word -> what it counts per run.
X86_EXACT = {"syscalls:sys_enter_geteuid": M, "syscalls:sys_exit_geteuid": M}
X86_AT_LEAST = {"syscalls": M, "raw_syscalls:sys_enter": M, "raw_syscalls:sys_exit": M}
X86_OTHERS = ["task-clock", "page-faults", "context-switches", "minor-faults",
              "cpu-clock", "cpu-migrations"]


def x86_script(sets):
    lines = ["M=%d" % M]
    for i, words in enumerate(sets):
        lines += [
            f"run_captured set{i} timeit -w 0 -n 2 -o set{i}.csv -e {','.join(words)} "
            "-- uniform-work $M",
            f"send_file set{i}.csv set{i}.csv",
        ]
    return "\n".join(lines) + "\n"


def main_x86(s, rng):
    kernels = q.kernels_or_skip(s, "x86_64")
    vocabulary = list(X86_EXACT) + list(X86_AT_LEAST) + X86_OTHERS
    sets = [rng.sample(vocabulary, rng.randint(1, len(vocabulary))) for _ in range(SETS)]
    script = os.path.join(s["TIMEIT_SYSTEM_WORK"], "counting_property_x86.sh")
    with open(script, "w") as f:
        f.write(x86_script(sets))
    fs = q.x86_guest(s, script)
    q.add_static_program(fs, s["TIMEIT_SYSTEM_WORK"], "uniform_work.c", "uniform-work")
    b = boot_or_reread(s, fs, "x86_64", kernels[-1][1], "counting_property_x86")
    for i, words in enumerate(sets):
        where = f"set {i} ({','.join(words)})"
        # Every word but the clocks costs per event: counted in the counting
        # runs, which count every word of the set.
        rows = q.counting_runs(b.csv(f"set{i}"))
        print(f"{where}:\n" + b.files.get(f"set{i}.out", b"").decode())
        for row in rows:
            for word in words:
                value = q.number(row, word)
                q.check(value is not None or word in ("cpu-migrations",),
                        f"{where}: run {row['run']}: {word} empty "
                        f"(notes: {q.all_notes(rows)!r})")
                if word in X86_EXACT:
                    q.check(value == X86_EXACT[word],
                            f"{where}: run {row['run']}: {word} = {value}, not {M}")
                if word in X86_AT_LEAST:
                    q.check(M <= value <= M + 200,
                            f"{where}: run {row['run']}: {word} = {value}, not {M} + start-up")
                running = row.get(word + ".running")
                if running not in (None, ""):
                    q.check(float(running) == 1,
                            f"{where}: {word}.running = {running}: software is never multiplexed")


def commit_seed():
    """The draw of this checkout's commit: a new one with each commit, so the
    event sets still roam over the table, but the same for every run of one
    commit, so that two runs of CI on it agree; a random one outside git."""
    try:
        head = subprocess.run(["git", "-C", os.path.dirname(os.path.abspath(__file__)),
                               "rev-parse", "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
        return int(head[:8], 16)
    except (OSError, subprocess.CalledProcessError, ValueError):
        return random.randrange(1 << 32)


def main():
    which = sys.argv[1] if len(sys.argv) > 1 else "n1"
    seed = int(os.environ.get("TIMEIT_PROPERTY_SEED", commit_seed()))
    print(f"seed {seed} (TIMEIT_PROPERTY_SEED={seed} repeats this draw)")
    rng = random.Random(seed)
    s = q.settings()
    {"n1": main_n1, "x86": main_x86}[which](s, rng)


if __name__ == "__main__":
    q.run_scenario(main)
