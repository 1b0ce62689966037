#!/usr/bin/python3
"""The same amd64 kernel booted twice under QEMU TCG, the second time with
mitigations=off on its command line. Each boot appends three runs of
syscall-bench to m.csv (labelled `default` and `mitigations-off`); the file
goes from one boot to the next over the serial console. On the host
`timeit compare m.csv` must name the difference the experimenter made:
`default and mitigations-off also differ in cmdline: ... → ...
mitigations=off'` -- the conditions recorded on every row, read by the
guest's own kernel."""
import os
import subprocess

import qemu_system as q


def main():
    s = q.settings()
    kernels = q.kernels_or_skip(s, "x86_64")
    release, vmlinuz = kernels[-1]
    carried = None
    for name, extra in (("default", ""), ("mitigations_off", "mitigations=off")):
        fs = q.x86_guest(s, "mitigations_off")
        if carried is not None:
            fs.add_bytes("work/m.csv", carried)
        b = q.boot_guest(s, fs, "x86_64", vmlinuz, name, cmdline=extra)
        print(f"--- {name}: timeit exited {b.results.get('m.status')}\n"
              + b.files.get("m.out", b"").decode())
        q.check(b.results.get("m.status") == "0",
                f"{name}: timeit exited {b.results.get('m.status')}")
        rows = b.csv("m")
        # -n 3: a warm-up, 3 timing runs and 3 counting runs a boot.
        q.check(len(rows) == 7 * (2 if carried else 1),
                f"after the {name} boot m.csv holds {len(rows)} runs")
        carried = b.files["m.csv"]

    rows = q.read_csv(carried)
    first, second = rows[0], rows[-1]
    q.check("mitigations=off" not in first["cmdline"]
            and second["cmdline"].endswith("mitigations=off"),
            f"the recorded command lines: {first['cmdline']!r}, {second['cmdline']!r}")
    q.check(first["boot_id"] and first["boot_id"] != second["boot_id"],
            f"boot_id {first['boot_id']!r} then {second['boot_id']!r}: not two boots")
    q.check(first["kernel_release"] == second["kernel_release"] == release,
            f"kernel releases {first['kernel_release']}, {second['kernel_release']}")
    print(f"mitigations: {first['mitigations']!r} → {second['mitigations']!r}")

    m_csv = os.path.join(s["TIMEIT_SYSTEM_WORK"], "m.csv")
    with open(m_csv, "wb") as f:
        f.write(carried)
    timeit = os.path.join(s["TIMEIT_NATIVE_BUILD"], "timeit")
    compare = subprocess.run([timeit, "compare", "-m", "real", m_csv],
                             capture_output=True, text=True, timeout=60)
    print(f"--- timeit compare m.csv: exit {compare.returncode}\n{compare.stdout}"
          f"{compare.stderr}")
    q.check(compare.returncode == 0, f"timeit compare exited {compare.returncode}")
    warnings = [line for line in compare.stderr.splitlines()
                if line.startswith("timeit: warning: default and mitigations-off also differ "
                                   "in cmdline: ")]
    q.check(len(warnings) == 1 and warnings[0].endswith("mitigations=off'"),
            f"compare did not name the cmdline difference: {compare.stderr!r}")
    if first["mitigations"] != second["mitigations"]:
        q.check("also differ in mitigations: " in compare.stderr,
                f"the mitigations differ but compare did not say so: {compare.stderr!r}")
    q.check("also differ in kernel_release" not in compare.stderr,
            "compare named a kernel difference on one kernel")


if __name__ == "__main__":
    q.run_scenario(main)
