#!/usr/bin/python3
"""The Pentium D experiment on a real 32-bit kernel: Debian's newest 686
kernel, freshly booted under QEMU TCG on one of QEMU's Pentium-class CPU
models (the argument: pentium3, core-duo or pentium-d), with the i386 timeit
and the 32-bit syscall-bench (guest/pentium_32bit.sh).

- `timeit events` detects the platform from the guest's real /proc/cpuinfo
  and names that CPU's table (P6 / Pentium III, Core Duo, NetBurst / Pentium
  D) with libpfm4's PMU for it;
- __kernel_vsyscall enters the kernel through sysenter there (a 32-bit
  kernel on an Intel CPU with SEP), int $0x80 being the other gate;
- `timeit -n 5` of each gate, then `timeit compare`: syscalls counted
  exactly by the tracepoint and the same in both modes; sys and real
  compared with a verdict; TCG emulates no PMU, so every hardware counter is
  empty in every run with one note saying why, never 0;
- `timeit --profile --profile-callers` of the vsyscall gate names the vDSO's
  __kernel_vsyscall (object [vdso]) on the stack of its samples.

Nothing here asserts which gate is faster: under TCG the gates' relative
cost is the emulator's, not the CPU's (docs/guide.md, "Pentium D, 32-bit")."""
import sys

import qemu_system as q

N = 100000  # guest/pentium_32bit.sh
RUNS = 9    # 1 warm-up + 5 timing + 3 counting runs (the default --counting-runs), per mode
HARDWARE = ["cycles", "instructions", "icache-misses", "branch-misses",
            "cache-misses"]

# QEMU's CPU model, what its cpuinfo says, and what timeit must make of it:
# the platform's name, the words of its table's description, and libpfm4's
# PMU for that table (libpfm4 4.13's i386 build: pfmlib_intel_p6.c,
# pfmlib_intel_coreduo.c, pfmlib_intel_netburst.c).
CPUS = {
    "pentium3": {
        "qemu": "pentium3", "family": "6", "model": "7",
        "platform": "pentium3", "table": "Pentium III", "pmu": "p6"},
    "core-duo": {
        "qemu": "coreduo", "family": "6", "model": "14",
        "platform": "core-duo", "table": "Core Duo", "pmu": "coreduo"},
    # QEMU has no Pentium D model: qemu32 (a 32-bit CPU with SEP, SSE2 and
    # SSE3) given the identity of a Pentium D 945 (Presler, family 15 model 6
    # stepping 4), as its CPUID and so /proc/cpuinfo report it.
    "pentium-d": {
        "qemu": "qemu32,family=15,model=6,stepping=4,vendor=GenuineIntel,"
                "model-id=Intel(R) Pentium(R) D CPU 3.40GHz",
        "family": "15", "model": "6",
        "platform": "pentium-d", "table": "Pentium D", "pmu": "netburst_p"},
}


def cpuinfo_field(text, key):
    for line in text.splitlines():
        name, _, value = line.partition(":")
        if name.strip() == key:
            return value.strip()
    return None


def check_events(b, cpu):
    cpuinfo = b.files.get("cpuinfo", b"").decode()
    family, model = cpuinfo_field(cpuinfo, "cpu family"), cpuinfo_field(cpuinfo, "model")
    print(f"cpuinfo: family {family} model {model} "
          f"'{cpuinfo_field(cpuinfo, 'model name')}', "
          f"flags {cpuinfo_field(cpuinfo, 'flags')}")
    q.check((family, model) == (cpu["family"], cpu["model"]),
            f"QEMU's -cpu {cpu['qemu']} shows family {family} model {model}, "
            f"not {cpu['family']} {cpu['model']}")
    q.check("sep" in (cpuinfo_field(cpuinfo, "flags") or "").split(),
            "the CPU model has no SEP (sysenter) flag")
    events = b.files.get("events.out", b"").decode()
    print("--- timeit events:\n" + events)
    q.check(b.results.get("events.status") == "0",
            f"timeit events exited {b.results.get('events.status')}")
    # The platform line, with the lines it wraps onto (they start with blanks).
    platform, lines = "", events.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("platform: "):
            platform = line
            for more in lines[i + 1:]:
                if not more.startswith(" "):
                    break
                platform += " " + more.strip()
            break
    q.check(platform.startswith(f"platform: {cpu['platform']} (")
            and cpu["table"] in platform
            and f"family {cpu['family']} model {cpu['model']}" in platform
            and "from /proc/cpuinfo" in platform,
            f"timeit events says {platform!r}: not {cpu['platform']} "
            f"({cpu['table']}) from this cpuinfo")
    q.check(f"libpfm4 default PMU: {cpu['pmu']} " in events,
            f"libpfm4 does not name {cpu['pmu']} as this CPU's PMU")
    # Every hardware metric's row shows the table's event (PMU::EVENT).
    for metric in HARDWARE:
        row = next((l for l in events.splitlines() if l.split()[:1] == [metric]), "")
        q.check(row.split()[1:2] and row.split()[1].startswith(f"{cpu['pmu']}::"),
                f"timeit events: {metric}: {row!r} is not an event of {cpu['pmu']}")


def check_gate(b):
    which = b.files.get("which.out", b"").decode()
    print("--- syscall-bench --which:\n" + which)
    q.check(b.results.get("which.status") == "0",
            f"syscall-bench --which exited {b.results.get('which.status')}")
    vsyscall = next((l for l in which.splitlines() if l.startswith("vsyscall: ")), "")
    q.check(vsyscall.startswith("vsyscall: sysenter ") and "0f 34" in vsyscall,
            f"__kernel_vsyscall does not enter through sysenter: {vsyscall!r}")
    q.check("int80: int80" in which.splitlines(), f"no int80 gate: {which!r}")


def check_series(b, mode, cpu, first):
    out = b.files.get(f"{mode}.out", b"").decode()
    print(f"--- timeit -n 5 syscall-bench {mode} {N}: exit "
          f"{b.results.get(mode + '.status')}\n{out}")
    q.check(b.results.get(f"{mode}.status") == "0",
            f"timeit ({mode}) exited {b.results.get(mode + '.status')}")
    rows = b.csv(mode)
    q.check(len(rows) == RUNS, f"{mode}.csv has {len(rows)} runs, not {RUNS}")
    notes = q.all_notes(rows)
    for metric in HARDWARE:
        q.check(all(row[metric] == "" for row in rows),
                f"{mode}: {metric} has values under TCG, which has no PMU: "
                f"{[row[metric] for row in rows]}")
        q.check(metric in notes, f"{mode}: no note names the empty {metric} "
                f"(notes: {notes!r})")
    q.check_never_zero_without_note(rows, mode)
    if first:
        # Nothing had mounted tracefs: timeit did, and said so.
        q.check("tracefs" in notes, f"{mode}: the first series on a fresh boot "
                f"has no note about tracefs (notes: {notes!r})")
    q.check(all(row["platform"] == cpu["platform"] for row in rows),
            f"{mode}: the platform column says "
            f"{sorted(set(row['platform'] for row in rows))}, not {cpu['platform']}")
    # The missing PMU, for the default counters: in the first row's notes,
    # not said on every series (it is a fact of the machine; timeit check and
    # timeit events say it), and not repeated per run or per event.
    said = [l for l in out.splitlines() if "PMU" in l]
    q.check(not said, f"{mode}: timeit says that there is no PMU on a series of the "
            f"default counters: {said}")
    with_note = [i for i, row in enumerate(rows) if "no hardware PMU" in row["notes"]]
    q.check(with_note == [0], f"{mode}: the rows whose notes name the missing PMU are "
            f"{with_note}, not the first alone")
    for column in ("real", "sys"):
        q.check(all(q.number(row, column) is not None for row in rows),
                f"{mode}: {column} missing in a run")
    syscalls = [q.number(row, "syscalls") for row in q.counting_runs(rows)]
    q.check(all(s is not None and s >= N for s in syscalls),
            f"{mode}: syscalls {syscalls}: not counted, or fewer than the {N} "
            f"geteuid calls (notes: {notes!r})")
    q.check(len(set(syscalls)) == 1,
            f"{mode}: syscalls differ between runs of the same program: {syscalls}")
    return syscalls[0]


def check_profile(b):
    """The vsyscall run's profile names the vDSO's gate, __kernel_vsyscall, in
    object [vdso] (the i386 timeit's own vDSO is the one of its programs)."""
    out = b.files.get("vprofile.out", b"").decode()
    q.check(b.results.get("vprofile.status") == "0",
            f"timeit --profile exited {b.results.get('vprofile.status')}: {out!r}")
    data = b.files.get("vprofile.profile.csv")
    q.check(data, f"vprofile.profile.csv did not come back ({out.strip()!r})")
    vdso = {}
    for row in q.read_csv(data):
        if row["object"] == "[vdso]":
            vdso[row["function"]] = vdso.get(row["function"], 0) + int(row["total_samples"])
    print(f"--- the vsyscall run's [vdso] functions (samples on the stack): {vdso}")
    q.check(vdso.get("__kernel_vsyscall", 0) > 0,
            f"__kernel_vsyscall is not in the vsyscall run's profile: [vdso] holds {vdso}")


def check_compare(b, syscalls):
    out = b.files.get("compare.out", b"").decode()
    print(f"--- timeit compare int80.csv vsyscall.csv: exit "
          f"{b.results.get('compare.status')}\n{out}")
    q.check(b.results.get("compare.status") == "0",
            f"timeit compare exited {b.results.get('compare.status')}")
    summary = {row["metric"]: row for row in q.read_csv(b.files.get("summary.csv", b""))}
    for metric in ("real", "sys"):
        # Where the kernel accounts both alike, sys is cgroup-sys in every run:
        # one block, "sys=cgroup-sys (s)".
        q.check(q.has_ministat_block(out, "int80", "vsyscall", metric),
                f"compare printed no {metric} block for int80 against vsyscall")
        q.check(metric in summary and summary[metric]["verdict"],
                f"the summary has no verdict for {metric}")
        row = summary[metric]
        q.check((row["baseline"], row["set"]) == ("int80", "vsyscall"),
                f"{metric}: compared {row['baseline']} with {row['set']}")
        print(f"{metric}: int80 {float(row['mean_baseline']):.4f} s, vsyscall "
              f"{float(row['mean']):.4f} s, {float(row['difference_percent']):+.1f}% "
              f"-> {row['verdict']}")
    # The same count in every run of both modes: compare says so instead of
    # a block, and it is the count each series recorded.
    q.check(f"syscalls: {syscalls:.0f} in every run of every set" in out,
            f"compare does not find syscalls {syscalls:.0f} in every run of both modes")
    for metric in HARDWARE:
        q.check(metric not in summary,
                f"compare summarises {metric}, which no run counted")
    # -v (guest/pentium_32bit.sh) names the metrics no run of any set has.
    left_out = next((l for l in out.splitlines() if "left out" in l), "")
    q.check(all(m in left_out for m in HARDWARE),
            f"compare -v does not say the hardware counters are left out: {left_out!r}")


def main():
    name = sys.argv[1] if len(sys.argv) > 1 else ""
    if name not in CPUS:
        print(f"usage: pentium_32bit.py {{{','.join(CPUS)}}}", file=sys.stderr)
        sys.exit(2)
    cpu = CPUS[name]
    s = q.settings()
    kernels = q.kernels_or_skip(s, "i386")
    release, vmlinuz = kernels[-1]
    fs = q.i386_guest(s, "pentium_32bit")
    # The series count every system call of each run, the dynamic loader's
    # too, which makes one call fewer in some runs (the address layout): CI
    # saw 100052, 100054 and 100055. Statically linked, every run makes the
    # same calls.
    q.add_static_syscall_bench(fs, s["TIMEIT_SYSTEM_WORK"])
    package = q.add_package(fs, s, "i386")
    b = q.boot_guest(s, fs, "i386", vmlinuz, name, qemu_args=["-cpu", cpu["qemu"]])
    q.check_package(b, package, f"i386 package on -cpu {cpu['qemu']}")
    print(f"kernel {b.results.get('kernel_release')} on -cpu {cpu['qemu']}: "
          f"userland after {b.to_userland_s:.1f} s, powered off after "
          f"{b.total_s:.1f} s; perf_event_paranoid "
          f"{b.results.get('perf_event_paranoid')}, tracefs mounted at boot: "
          f"{b.results.get('tracefs_mounted_at_boot')}")
    q.check(b.results.get("kernel_release") == release,
            f"booted {b.results.get('kernel_release')}, meant {release}")
    q.check(b.results.get("tracefs_mounted_at_boot") == "0",
            "tracefs was mounted at boot: not the fresh machine this tests")
    check_gate(b)
    check_events(b, cpu)
    int80 = check_series(b, "int80", cpu, first=True)
    vsyscall = check_series(b, "vsyscall", cpu, first=False)
    q.check(int80 == vsyscall,
            f"syscalls: int80 counted {int80:.0f}, vsyscall {vsyscall:.0f}: the "
            f"two modes do not make the same calls")
    check_compare(b, int80)
    check_profile(b)


if __name__ == "__main__":
    q.run_scenario(main)
