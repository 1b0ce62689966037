#!/usr/bin/python3
"""--profile on a freshly booted Debian kernel, as root.

n1:  the arm64 kernel on QEMU's Neoverse N1 model (-icount shift=0), whose
     PMU samples cycles: timeit must sample cycles, not fall back to
     cpu-clock; a run gets 999 samples per second of its CPU time (within
     25%: the kernel's frequency mode on a real overflow interrupt); kernel
     and user functions resolve (the syscall path, el0_svc_common and
     friends, and syscall-bench's own Svc loop).
     Not checked: the split of the samples between user and kernel mode.
     QEMU raises the PMU's overflow interrupt when it recomputes the
     counters, which it does at exception level changes, so a cycle counter
     that overflows in the kernel interrupts on the return to EL0: 95% of the
     samples land in Svc while cycles:k / cycles counts 98% kernel (seen
     with 6.1.0-57). That is the model's, not the profile's: on hardware the
     interrupt is taken where the counter overflows.
x86: the amd64 kernel under TCG (no PMU): cpu-clock sampling, said once;
     syscall's profile holds do_syscall_64, int80's the IA-32 entry
     (entry_INT80_compat / do_int80_syscall_32 on 6.1), and compare prints
     "Where the difference is" with them."""
import sys

import qemu_system as q


def profile_rows(b, name):
    data = b.files.get(f"{name}.profile.csv")
    q.check(data, f"{name}.profile.csv did not come back "
            f"({b.files.get(name + '.out', b'').decode().strip()!r})")
    rows = q.read_csv(data)
    q.check(rows, f"{name}.profile.csv holds no function")
    return rows


def samples_by(rows, key):
    out = {}
    for r in rows:
        out[key(r)] = out.get(key(r), 0) + int(r["samples"])
    return out


def check_runs_match(b, name):
    runs = {r["run"] for r in b.csv(name) if r["warmup"] == "0"}
    profiled = {r["run"] for r in profile_rows(b, name)}
    q.check(profiled == runs, f"{name}: profiled runs {sorted(profiled)}, measured {sorted(runs)}")


def main_n1(s):
    kernels = q.kernels_or_skip(s, "aarch64")
    fs = q.arm64_guest(s, "profile_n1")
    b = q.boot_guest(s, fs, "aarch64", kernels[-1][1], "profile_n1")
    out = b.files.get("svc.out", b"").decode()
    print("--- svc:\n" + out)
    q.check(b.results.get("svc.status") == "0", f"timeit exited {b.results.get('svc.status')}")
    q.check("cpu-clock" not in out, "the N1 PMU samples cycles, yet timeit fell back to cpu-clock")
    check_runs_match(b, "svc")
    rows = profile_rows(b, "svc")
    functions = samples_by(rows, lambda r: (r["function"], r["object"].rsplit("/", 1)[-1]))
    top = sorted(functions.items(), key=lambda kv: -kv[1])[:12]
    print("top functions:", top)
    kernel_names = {f for (f, o) in functions if o == "[kernel.kallsyms]"}
    path = ("invoke_syscall", "el0_svc_common", "do_el0_svc", "el0_svc", "el0t_64_sync",
            "__arm64_sys_geteuid")
    q.check(any(f.startswith(path) for f in kernel_names),
            f"no function of the arm64 syscall path among {sorted(kernel_names)[:30]}")
    q.check(("Svc", "syscall-bench") in functions,
            f"syscall-bench's Svc loop is not in the profile: {top}")
    for row in [r for r in b.csv("svc") if r["warmup"] == "0"]:
        samples = sum(int(r["samples"]) for r in rows if r["run"] == row["run"])
        cpu = q.number(row, "user") + q.number(row, "sys")
        print(f"run {row['run']}: {samples} samples in {cpu:.3f} s of CPU; cycles:k/cycles "
              f"{q.number(row, 'cycles:k') / q.number(row, 'cycles'):.3f}")
        q.check(abs(samples / (999 * cpu) - 1) <= 0.25,
                f"run {row['run']}: {samples} samples in {cpu:.3f} s of CPU, not ~999 a second")


def main_x86(s):
    kernels = q.kernels_or_skip(s, "x86_64")
    fs = q.x86_guest(s, "profile_x86")
    b = q.boot_guest(s, fs, "x86_64", kernels[-1][1], "profile_x86")
    for name in ("syscall", "int80", "compare"):
        print(f"--- {name}:\n" + b.files.get(f"{name}.out", b"").decode())
        q.check(b.results.get(f"{name}.status") == "0",
                f"{name} exited {b.results.get(name + '.status')}")
    out = b.files.get("syscall.out", b"").decode()
    q.check(out.count("sampling on cpu-clock") == 1,
            "the fallback to cpu-clock (no PMU under TCG) is not said once")
    for name in ("syscall", "int80"):
        check_runs_match(b, name)
    kernel = {name: {r["function"] for r in profile_rows(b, name) if r["mode"] == "kernel"}
              for name in ("syscall", "int80")}
    int80_path = {"entry_INT80_compat", "do_int80_syscall_32", "do_int80_emulation",
                  "int80_emulation"}
    q.check("do_syscall_64" in kernel["syscall"],
            f"do_syscall_64 not in syscall's profile: {sorted(kernel['syscall'])[:30]}")
    q.check(kernel["int80"] & int80_path,
            f"no int $0x80 entry in int80's profile: {sorted(kernel['int80'])[:30]}")
    q.check(not kernel["syscall"] & int80_path, "an int $0x80 entry in syscall's profile")
    compare = b.files.get("compare.out", b"").decode()
    q.check("Where the difference is: sys of int80 against syscall" in compare,
            "compare printed no profile section")


def main():
    s = q.settings()
    {"n1": main_n1, "x86": main_x86}[sys.argv[1]](s)


if __name__ == "__main__":
    q.run_scenario(main)
