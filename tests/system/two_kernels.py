#!/usr/bin/python3
"""The two-kernel experiment, for real: the two newest arm64 kernels the
registry serves, each booted fresh on QEMU's Neoverse N1 model. Kernel A runs
`timeit -n 5 -o k.csv` on syscall-bench; k.csv comes back over the serial
console and goes into the next boot's initramfs, where kernel B appends its
five runs to the same file. Then `timeit compare k.csv` (the amd64 build,
on the host: the CSV is portable) splits the file by kernel release and
prints cycles, instructions and syscalls with their verdicts."""
import os
import subprocess

import qemu_system as q

RUNS = 9  # each kernel's rows: a warm-up, 5 timing runs, 3 counting runs


def main():
    s = q.settings()
    kernels = q.kernels(s["TIMEIT_SYSTEM_CACHE"], "aarch64")
    if len(kernels) < 2:
        q.skip_or_fail(f"two arm64 kernels are needed, the registry gave "
                       f"{len(kernels)} (scripts/test-system.sh downloads them)")
    (release_a, kernel_a), (release_b, kernel_b) = kernels[-2], kernels[-1]
    carried = None
    for name, release, kernel in (("a", release_a, kernel_a),
                                  ("b", release_b, kernel_b)):
        fs = q.arm64_guest(s, "two_kernels")
        if carried is not None:
            fs.add_bytes("work/k.csv", carried)
        b = q.boot_guest(s, fs, "aarch64", kernel, f"kernel_{name}")
        print(f"--- kernel {name} ({b.results.get('kernel_release')}): timeit "
              f"exited {b.results.get('k.status')}\n"
              + b.files.get("k.out", b"").decode())
        q.check(b.results.get("kernel_release") == release,
                f"booted {b.results.get('kernel_release')}, meant {release}")
        q.check(b.results.get("k.status") == "0",
                f"kernel {release}: timeit exited {b.results.get('k.status')}")
        rows = b.csv("k")
        # -n 5: a warm-up, 5 timing runs and 3 counting runs a kernel.
        q.check(len(rows) == RUNS * (2 if carried else 1),
                f"after kernel {release} k.csv holds {len(rows)} runs")
        carried = b.files["k.csv"]

    work = s["TIMEIT_SYSTEM_WORK"]
    k_csv, summary_csv = os.path.join(work, "k.csv"), os.path.join(work, "summary.csv")
    with open(k_csv, "wb") as f:
        f.write(carried)
    rows = q.read_csv(carried)
    q.check([r["kernel_release"] for r in rows] == [release_a] * RUNS + [release_b] * RUNS,
            f"k.csv's kernel releases: {[r['kernel_release'] for r in rows]}")
    q.check([r["run"] for r in rows] == [str(i) for i in range(1, 2 * RUNS + 1)],
            f"k.csv's run numbers do not continue across the reboot: "
            f"{[r['run'] for r in rows]}")

    for metric, counted_in in (("cycles", rows), ("instructions", rows),
                               ("syscalls", q.counting_runs(rows))):
        q.check(all(q.number(r, metric) for r in counted_in),
                f"{metric} is not counted in every run: {[r[metric] for r in rows]}"
                f" (notes: {q.all_notes(rows)!r})")

    timeit = os.path.join(s["TIMEIT_NATIVE_BUILD"], "timeit")
    compare = subprocess.run([timeit, "compare", "--csv", summary_csv, k_csv],
                             capture_output=True, text=True, timeout=60)
    print(f"--- timeit compare k.csv: exit {compare.returncode}\n{compare.stdout}"
          f"{compare.stderr}")
    q.check(compare.returncode == 0, f"timeit compare exited {compare.returncode}")
    out = compare.stdout
    set_a, set_b = f"k@{release_a}", f"k@{release_b}"
    with open(summary_csv) as f:
        summary = {row["metric"]: row for row in q.read_csv(f.read().encode())}
    for metric in ("cycles", "instructions", "syscalls"):
        constant = f"{metric}: " in out and "in every run of every set" in \
            out.split(f"{metric}: ", 1)[1].split("\n", 1)[0]
        if constant:
            # Exact counts the same on both kernels (syscalls: the same
            # program makes the same calls): there is nothing to test, and
            # compare says so rather than print a block.
            print(f"{metric}: the same in every run on both kernels")
            continue
        # Under -icount cycles are instructions: one block, "cycles=instructions".
        q.check(q.has_ministat_block(out, set_a, set_b, metric),
                f"compare printed no {metric} block for {set_a} against {set_b}")
        q.check(metric in summary and summary[metric]["verdict"],
                f"the summary has no verdict for {metric}")
        q.check((summary[metric]["baseline"], summary[metric]["set"]) == (set_a, set_b),
                f"{metric}: compared {summary[metric]['baseline']} with "
                f"{summary[metric]['set']}")
        print(f"{metric}: {summary[metric]['verdict']} "
              f"({float(summary[metric]['difference_percent']):+.3f}%)")


if __name__ == "__main__":
    q.run_scenario(main)
