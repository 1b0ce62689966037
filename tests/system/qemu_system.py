"""Boots a Debian kernel under QEMU with a small initramfs and reads back what
the guest printed on its serial console.

The guest's /init (guest/init) mounts proc, sysfs and devtmpfs -- what every
distribution mounts at boot, and nothing more: no tracefs, so each boot is a
freshly booted machine -- runs /scenario.sh and powers off. The scenario
reports with lines on the console:

  TIMEIT-RESULT key=value               one value (the last one of a key wins)
  TIMEIT-FILE-BEGIN name sha256         a file, base64, up to
  TIMEIT-FILE-END name

Standard library only: the host needs python3, QEMU, readelf and the kernels
scripts/test-system.sh downloads.
"""

import base64
import dataclasses
import glob
import gzip
import hashlib
import lzma
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))

# What each architecture's QEMU is started with. x86-64: TCG, because nested
# KVM does not work on the machines CI runs on; arm64: the Neoverse N1
# (Graviton2) model, with -icount shift=0 so that one instruction is one
# cycle, which gives the counting tests an exact truth ("deterministic";
# boot(icount=False) leaves it out where boots must differ, as real ones do).
ARCHES = {
    "x86_64": {
        # One host thread for both vCPUs: with a thread each (MTTCG) Debian's
        # 6.12 oopsed on "int3" in half the boots of cgroup_runs.x86 -- a
        # vCPU ran a breakpoint the other had just patched out of the kernel's
        # text (a static key flipped while it ran); none in 11 boots since.
        "qemu": ["qemu-system-x86_64", "-accel", "tcg,thread=single", "-cpu", "max"],
        "console": "ttyS0",
        # TCG on a loaded host is slow enough for the kernel's check of the
        # IO-APIC timer to fail ("IO-APIC + timer doesn't work!", a panic
        # seen in CI's mitigations_off boot); the check proves nothing here.
        # For the same reason the clocksource watchdog can find the TSC
        # skewed and switch to the HPET mid-series; the vDSO cannot read the
        # HPET, so clock_gettime becomes a system call and a program's
        # syscalls change between runs: the likely cause (not observed) of
        # 52, 54, 55 calls over 100000 in CI's pentium_32bit.core-duo. TCG's
        # TSC follows the host's clock: tsc=reliable keeps it, and the
        # programs deterministic.
        "cmdline": "no_timer_check tsc=reliable",
        "lib_dirs": ["/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu"],
    },
    "aarch64": {
        # One host thread for every vCPU, as x86_64's: -icount implies it,
        # and the boots without -icount (reboots) get it by construction.
        "qemu": ["qemu-system-aarch64", "-accel", "tcg,thread=single", "-M", "virt",
                 "-cpu", "neoverse-n1"],
        "deterministic": ["-icount", "shift=0"],
        "console": "ttyAMA0",
        "lib_dirs": ["/lib/aarch64-linux-gnu", "/usr/lib/aarch64-linux-gnu"],
    },
    # 32-bit x86 under TCG, for Debian's 686 kernel; each boot names its CPU
    # model (pentium_32bit.py: pentium3, coreduo, a Pentium D identity).
    "i386": {
        "qemu": ["qemu-system-i386", "-accel", "tcg,thread=single"],  # as x86_64's
        "console": "ttyS0",
        "cmdline": "no_timer_check tsc=reliable",  # as x86_64's
        "lib_dirs": ["/lib/i386-linux-gnu", "/usr/lib/i386-linux-gnu"],
    },
}

SKIP = 77  # ctest's SKIP_RETURN_CODE for these tests


class Failure(Exception):
    """A check of a scenario failed: the message says what and by how much."""


def skip_or_fail(reason):
    """Only where QEMU or the registry cannot be had. Under CI it fails."""
    if os.environ.get("CI") == "true":
        print(f"FAIL (CI=true, so no skip): {reason}", file=sys.stderr)
        sys.exit(1)
    print(f"SKIP: {reason}", file=sys.stderr)
    sys.exit(SKIP)


def check(condition, message):
    if not condition:
        raise Failure(message)


# ---------------------------------------------------------------- initramfs


class Initramfs:
    """The files of one initramfs, written as a gzip'd newc cpio (what the
    kernel unpacks; the format is small enough to write here, so the host
    needs no cpio). Everything is owned by root."""

    def __init__(self, arch):
        self.arch = arch
        self.entries = {}  # path in the guest -> (mode, bytes or None for a dir)
        for d in ("bin", "sbin", "dev", "proc", "sys", "etc", "lib", "work",
                  "timeit"):
            self.add_dir(d)
        self.add_dir("tmp", 0o1777)

    def _parents(self, path):
        parts = path.split("/")
        for i in range(1, len(parts)):
            self.entries.setdefault("/".join(parts[:i]), (0o040755, None))

    def add_dir(self, path, mode=0o755):
        path = path.strip("/")
        self._parents(path)
        self.entries[path] = (0o040000 | mode, None)

    def add_bytes(self, path, data, mode=0o644):
        path = path.strip("/")
        self._parents(path)
        self.entries[path] = (0o100000 | mode, data)

    def add_file(self, src, path, mode=None):
        with open(src, "rb") as f:
            data = f.read()
        self.add_bytes(path, data, mode if mode is not None else
                       (os.stat(src).st_mode & 0o777))

    def add_elf(self, src, path, lib_dirs=()):
        """An executable with its shared libraries and the dynamic loader, at
        the paths the loader looks in by default; libraries are looked for in
        LIB_DIRS (a package unpacked from the registry) first."""
        self.add_file(src, path, 0o755)
        interp, _ = _elf_interp_and_needed(src)
        if interp:
            self.add_file(os.path.realpath(interp), interp, 0o755)
        pending, seen = [src], set()
        while pending:
            _, needed = _elf_interp_and_needed(pending.pop())
            for lib in needed:
                if lib in seen:
                    continue
                seen.add(lib)
                found = self._find_lib(lib, lib_dirs)
                self.add_file(os.path.realpath(found),
                              os.path.join(ARCHES[self.arch]["lib_dirs"][0], lib),
                              0o755)
                pending.append(found)

    def _find_lib(self, name, lib_dirs=()):
        for d in list(lib_dirs) + ARCHES[self.arch]["lib_dirs"]:
            if os.path.exists(os.path.join(d, name)):
                return os.path.join(d, name)
        raise Failure(f"{name}: not found in {ARCHES[self.arch]['lib_dirs']}"
                      " (are the :arm64 or :i386 packages installed?"
                      " scripts/test-arm64.sh, scripts/test-i386.sh)")

    def write(self, out_path):
        blob = bytearray()
        for ino, name in enumerate(sorted(self.entries), start=1):
            mode, data = self.entries[name]
            blob += _newc_entry(ino, name, mode, data or b"")
        blob += _newc_entry(0, "TRAILER!!!", 0, b"")
        with open(out_path, "wb") as f:
            f.write(gzip.compress(bytes(blob), compresslevel=1))


def _newc_entry(ino, name, mode, data):
    name_bytes = name.encode() + b"\0"
    nlink = 2 if (mode & 0o170000) == 0o040000 else 1
    fields = [ino, mode, 0, 0, nlink, 0, len(data), 0, 0, 0, 0,
              len(name_bytes), 0]
    header = b"070701" + b"".join(b"%08X" % v for v in fields)
    entry = header + name_bytes
    entry += b"\0" * (-len(entry) % 4)
    entry += data
    entry += b"\0" * (-len(entry) % 4)
    return entry


def _elf_interp_and_needed(path):
    out = subprocess.run(["readelf", "-W", "-l", "-d", path], check=True,
                         capture_output=True, text=True).stdout
    interp = re.search(r"Requesting program interpreter: (\S+)\]", out)
    return (interp.group(1) if interp else None,
            re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", out))


def guest_initramfs(arch, busybox, scenario_script):
    """busybox-static, our /init and the scenario's script."""
    fs = Initramfs(arch)
    fs.add_file(busybox, "bin/busybox", 0o755)
    fs.add_file(os.path.join(HERE, "guest", "init"), "init", 0o755)
    fs.add_file(scenario_script, "scenario.sh", 0o755)
    # A user for the unprivileged runs (su needs one in /etc/passwd).
    fs.add_bytes("etc/passwd", b"root:x:0:0:root:/root:/bin/sh\n"
                 b"user:x:1000:1000:user:/work:/bin/sh\n")
    fs.add_bytes("etc/group", b"root:x:0:\nuser:x:1000:\n")
    return fs


def script_path(script):
    """guest/SCRIPT.sh, or SCRIPT itself when it is a path (a script the
    scenario wrote, such as a random draw of event sets)."""
    return script if os.path.isabs(script) else os.path.join(HERE, "guest", f"{script}.sh")


def x86_guest(s, script):
    """The amd64 guest: Debian's busybox-static, timeit and syscall-bench
    from build/, guest/SCRIPT.sh."""
    fs = guest_initramfs("x86_64", "/bin/busybox", script_path(script))
    _add_timeit(fs, s["TIMEIT_NATIVE_BUILD"])
    return fs


def arm64_guest(s, script):
    """The arm64 guest: busybox-static:arm64 from the registry, timeit and
    syscall-bench from build-arm64/, guest/SCRIPT.sh."""
    return _foreign_guest(s, script, "aarch64", "arm64", s["TIMEIT_ARM64_BUILD"])


def i386_guest(s, script):
    """The 32-bit x86 guest: busybox-static:i386 from the registry, timeit and
    syscall-bench from build-i386/ (scripts/test-i386.sh), guest/SCRIPT.sh."""
    return _foreign_guest(s, script, "i386", "i386", s["TIMEIT_I386_BUILD"])


def _foreign_guest(s, script, arch, debian_arch, build):
    """A guest of another architecture than the host's: its busybox-static
    comes from the registry (scripts/test-system.sh), timeit from `build`."""
    busybox = os.path.join(s["TIMEIT_SYSTEM_CACHE"], f"busybox-static_{debian_arch}",
                           "bin", "busybox")
    if not os.path.exists(busybox):
        skip_or_fail(f"busybox-static:{debian_arch} could not be had from the registry")
    fs = guest_initramfs(arch, busybox, script_path(script))
    _add_timeit(fs, build)
    return fs


def _add_timeit(fs, build):
    # timeit starts its commands through timeit-spawner, found beside it
    # (without it maxrss would be timeit's own, and every run would say so).
    for src, dest in (("timeit", "timeit"), ("timeit-spawner", "timeit-spawner"),
                      ("bench/syscall-bench", "syscall-bench")):
        path = os.path.join(build, src)
        check(os.path.exists(path), f"{path} is not built")
        fs.add_elf(path, f"timeit/{dest}")


def add_package(fs, s, debian_arch):
    """The Debian package of `debian_arch` (dist/, from scripts/package.sh:
    CI's package stage made it, scripts/test-system.sh otherwise), unpacked
    into the guest as dpkg installs it: /usr/bin/timeit, which finds
    /usr/libexec/timeit/timeit-spawner beside it, with their libraries.
    Returns the package's version. The guest's own PATH keeps the build's
    timeit; the package's is run by its full path."""
    source = os.path.dirname(os.path.dirname(HERE))
    debs = glob.glob(os.path.join(source, "dist", f"timeit_*_{debian_arch}.deb"))
    if not debs:
        skip_or_fail(f"no {debian_arch} package in {source}/dist "
                     f"(scripts/package.sh {debian_arch})")
    deb = max(debs, key=os.path.getmtime)
    unpacked = os.path.join(s["TIMEIT_SYSTEM_WORK"], f"package-{debian_arch}")
    shutil.rmtree(unpacked, ignore_errors=True)
    subprocess.run(["dpkg-deb", "-x", deb, unpacked], check=True)
    for path in ("usr/bin/timeit", "usr/libexec/timeit/timeit-spawner"):
        fs.add_elf(os.path.join(unpacked, path), path)
    return subprocess.run(["dpkg-deb", "-f", deb, "Version"], check=True,
                          capture_output=True, text=True).stdout.strip()


def check_package(b, version, where):
    """What guest/init's package_series left: the package's timeit says its
    version, and a short series of it ran, each measured run a row."""
    said = b.results.get("package_version", "")
    check(said == f"timeit {version}",
          f"{where}: /usr/bin/timeit --version says {said!r}, the package is {version}")
    check(b.results.get("package.status") == "0",
          f"{where}: the package's series exited {b.results.get('package.status')}: "
          + b.files.get("package.out", b"").decode()[-2000:])
    rows = timing_runs([r for r in b.csv("package") if r["warmup"] == "0"])
    check(len(rows) == 2 and all(r["status"] == "0" and float(r["real"]) > 0 for r in rows),
          f"{where}: the package's series: timing runs "
          f"{[(r['run'], r['status'], r['real']) for r in rows]}")
    print(f"{where}: the {version} package ran {len(rows)} timing runs")


def add_static_syscall_bench(fs, work):
    """bench/syscall-bench.c linked statically, as /timeit/syscall-bench-static,
    for two checks the dynamic loader's start-up would spoil. Multiplexing: a
    count is scaled from the part of the run its event was on a counter, exact
    only for work spread evenly over the run; the loader's start-up is a burst
    of about 80,000 user instructions, 8% of the user-mode count of 100,000
    calls (static: 13,500, 1.5%). Exact syscalls: the loader makes one system
    call fewer in some runs (the address layout); static, every run makes the
    same calls."""
    _add_static(fs, work, os.path.join(HERE, "..", "..", "bench", "syscall-bench.c"),
                "syscall-bench-static")


def add_kernel_module(fs, release, kernel, module):
    """drivers/block/MODULE.ko of the kernel's own package (scripts/test-system.sh
    unpacks brd.ko beside ./boot) as /lib/modules/MODULE.ko; False when the
    cache holds none. Debian's 6.12 packages ship it xz-compressed, which
    busybox's insmod cannot load: it is unpacked here."""
    package = os.path.dirname(os.path.dirname(kernel))
    path = os.path.join(package, "lib", "modules", release, "kernel", "drivers", "block",
                        f"{module}.ko")
    if os.path.exists(path):
        fs.add_file(path, f"lib/modules/{module}.ko", 0o644)
        return True
    if os.path.exists(path + ".xz"):
        with lzma.open(path + ".xz") as f:
            fs.add_bytes(f"lib/modules/{module}.ko", f.read())
        return True
    return False


def add_kernel_modules(fs, release, kernel, names):
    """The kernel package's modules NAMES (file names without .ko;
    scripts/test-system.sh unpacks them) and those they depend on as
    /lib/modules/RELEASE/NAME.ko,
    xz-unpacked as add_kernel_module's, and the order they load in (each
    after those its .modinfo's depends= names) in
    /lib/modules/RELEASE/load-order. A name the package does not ship is
    built into the kernel (virtio in 6.12) and left out."""
    package = os.path.dirname(os.path.dirname(kernel))
    tree = os.path.join(package, "lib", "modules", release, "kernel")
    found = {}
    for folder, _, files in os.walk(tree):
        for f in files:
            path = os.path.join(folder, f)
            with (lzma.open(path) if f.endswith(".xz") else open(path, "rb")) as m:
                found[f.removesuffix(".xz").removesuffix(".ko")] = m.read()
    order = []

    def load(name):
        if name in order or name not in found:
            return
        depends = re.search(rb"\0depends=([^\0]*)\0", found[name])
        for dep in (depends.group(1).decode().split(",") if depends else []):
            load(dep)
        order.append(name)

    for name in names:
        load(name)
    for name in order:
        fs.add_bytes(f"lib/modules/{release}/{name}.ko", found[name])
    fs.add_bytes(f"lib/modules/{release}/load-order", "".join(f"{n}\n" for n in order).encode())
    return order


def add_static_source(fs, work, source, name):
    """SOURCE (C, a path from the repository's root) linked statically, as
    /timeit/NAME: the programs of bench/ and tests/cli/ for the guest."""
    _add_static(fs, work, os.path.join(HERE, "..", "..", source), name)


def add_static_program(fs, work, source, name):
    """guest/SOURCE (C) linked statically, as /timeit/NAME."""
    _add_static(fs, work, os.path.join(HERE, "guest", source), name)


def _add_static(fs, work, source, name):
    compiler = {"x86_64": "gcc", "aarch64": "aarch64-linux-gnu-gcc",
                "i386": "i686-linux-gnu-gcc"}[fs.arch]
    out = os.path.join(work, f"{name}-{fs.arch}")
    subprocess.run([compiler, "-O2", "-static", "-o", out, source], check=True)
    fs.add_file(out, f"timeit/{name}", 0o755)


# --------------------------------------------------------------------- boot


def boot_guest(s, fs, arch, kernel, name, deadline_s=480, qemu_args=(), cmdline="",
               icount=True):
    """Writes the initramfs as NAME.cpio.gz in the scenario's work folder and
    boots it; the console lands in NAME.console beside it. CMDLINE is added
    to the kernel command line (mitigations=off); icount=False boots arm64
    without -icount."""
    work = s["TIMEIT_SYSTEM_WORK"]
    initrd = os.path.join(work, f"{name}.cpio.gz")
    fs.write(initrd)
    return boot(arch, kernel, initrd, os.path.join(work, f"{name}.console"),
                deadline_s, qemu_args, cmdline, icount)


@dataclasses.dataclass
class Boot:
    console: str            # everything the guest printed, \r removed
    results: dict           # TIMEIT-RESULT key -> value
    files: dict             # TIMEIT-FILE name -> bytes
    to_userland_s: float    # host seconds from QEMU's start to /init's first line
    total_s: float          # host seconds until QEMU exited
    how: str = ""           # how QEMU ended, for messages
    killed: bool = False    # killed by the harness at kill_on's line

    def csv(self, name):
        """The guest's NAME.csv, read; a failure when it never came back."""
        data = self.files.get(f"{name}.csv")
        check(data, f"{name}.csv did not come back from the guest (timeit exited "
              f"{self.results.get(name + '.status')}: "
              f"{self.files.get(name + '.out', b'').decode().strip()!r})")
        rows = read_csv(data)
        check(rows, f"{name}.csv holds no run")
        return rows


def boot(arch, kernel, initrd, log_path, deadline_s=480, qemu_args=(), cmdline="",
         icount=True):
    """Boots and waits -- never longer than deadline_s: QEMU runs under
    timeout(1), and this side stops reading at the same deadline. qemu_args
    go after the architecture's own (the i386 guests name their -cpu). The
    guest must reach /init and finish its scenario."""
    b = run_qemu(arch, kernel, initrd, log_path, deadline_s, qemu_args,
                 default_cmdline(arch, cmdline), icount)
    check(b.to_userland_s is not None,
          f"the guest never reached /init ({b.how} after {b.total_s:.0f} s of {deadline_s}; "
          f"see {log_path})")
    check("done" in b.results,
          f"the guest did not finish its scenario ({b.how} after {b.total_s:.0f} s of "
          f"{deadline_s}; see {log_path})")
    return b


def default_cmdline(arch, extra=""):
    """The kernel command line every guest boots with, and EXTRA."""
    a = ARCHES[arch]
    return " ".join(filter(None, [f"console={a['console']} quiet loglevel=1 panic=-1",
                                  a.get("cmdline"), extra]))


def run_qemu(arch, kernel, initrd, log_path, deadline_s, qemu_args, cmdline, icount=True,
             kill_on=None):
    """One boot with exactly CMDLINE, however it ends: a guest that panics
    or powers off before its scenario's end is the caller's to judge. QEMU
    is killed (as a power cut) once the console prints a line holding
    KILL_ON (bytes), when given. KERNEL None: the firmware in QEMU_ARGS
    boots what its disks hold (INITRD and CMDLINE unused)."""
    a = ARCHES[arch]
    direct = ["-kernel", kernel, "-initrd", initrd, "-append", cmdline] if kernel else []
    qemu = a["qemu"] + (a.get("deterministic", []) if icount else []) + list(qemu_args) + [
        "-m", "1G", "-nographic", "-no-reboot"] + direct
    if shutil.which(qemu[0]) is None:
        skip_or_fail(f"{qemu[0]} is not installed (Debian: qemu-system-arm / "
                     "qemu-system-x86; scripts/test-system.sh installs it)")
    cmd = ["timeout", "--kill-after=5", str(deadline_s)] + qemu
    print("booting:", " ".join(cmd), file=sys.stderr)
    start = time.monotonic()
    userland = None
    killed = False
    chunks, partial = [], b""
    CONSOLES.append(log_path)
    # The console is written as it comes, so that a scenario ctest kills at
    # its deadline still leaves it (and run_scenario's tail has it).
    with subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT) as proc, open(log_path, "wb") as log:
        fd = proc.stdout.fileno()
        while True:
            left = start + deadline_s + 10 - time.monotonic()
            if left <= 0:
                proc.kill()
                break
            ready, _, _ = select.select([fd], [], [], min(left, 5))
            if not ready:
                continue
            data = os.read(fd, 65536)
            if not data:
                break
            chunks.append(data)
            log.write(data.replace(b"\r", b""))
            log.flush()
            # When each step ended, for the log: what a boot spends its time on.
            *lines, partial = (partial + data).split(b"\n")
            for line in lines:
                # Not at the line's start: the x86 BIOS's terminal reset
                # (ESC c ESC[?7l ESC[2J) has no newline after it.
                if b"TIMEIT-BOOTED" in line:
                    userland = time.monotonic() - start
                if re.search(rb"TIMEIT-(BOOTED|RESULT \S+\.status=)", line):
                    print(f"  {time.monotonic() - start:6.1f} s  "
                          f"{line[line.find(b'TIMEIT'):].decode('utf-8', 'replace').strip()}",
                          file=sys.stderr)
                if kill_on is not None and kill_on in line and not killed:
                    print(f"  {time.monotonic() - start:6.1f} s  {kill_on.decode()}: "
                          "QEMU killed", file=sys.stderr)
                    # timeout(1) leads the process group QEMU runs in: the
                    # group, or QEMU would outlive it (and hold the console).
                    os.killpg(proc.pid, signal.SIGKILL)
                    killed = True
        try:
            status = proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            status = proc.wait()
    total = time.monotonic() - start
    console = b"".join(chunks).decode("utf-8", "replace").replace("\r", "")
    # timeout(1) exits 124 at the deadline; QEMU itself 0 at the guest's
    # power-off (-no-reboot turns a panic's reboot into an exit too).
    how = ("killed by the harness" if killed else
           "killed at the deadline" if status in (124, 137, -9) else
           f"QEMU exited with status {status}")
    print(f"boot {os.path.basename(kernel or 'by the firmware')}: userland after "
          f"{userland if userland is None else round(userland, 1)} s, "
          f"powered off after {total:.1f} s, {how} (console: {log_path})", file=sys.stderr)
    results, files = parse_console(console)
    return Boot(console, results, files, userland, total, how, killed)


def parse_console(console):
    results, files = {}, {}
    current, lines = None, []
    for line in console.split("\n"):
        if current is not None:
            if line.startswith("TIMEIT-FILE-END"):
                name, digest = current
                data = base64.b64decode("".join(lines))
                check(hashlib.sha256(data).hexdigest() == digest,
                      f"{name}: the copy read from the console is damaged")
                files[name] = data
                current = None
            else:
                lines.append(line.strip())
            continue
        line = line[line.find("TIMEIT-"):] if "TIMEIT-" in line else line
        m = re.match(r"TIMEIT-RESULT (\S+?)=(.*)$", line)
        if m:
            results[m.group(1)] = m.group(2)
        m = re.match(r"TIMEIT-FILE-BEGIN (\S+) ([0-9a-f]{64})$", line)
        if m:
            current, lines = (m.group(1), m.group(2)), []
    return results, files


# ----------------------------------------------------------------- settings


def settings():
    """The paths scripts/test-system.sh (through tests/system/CMakeLists.txt)
    hands every scenario in the environment."""
    keys = ["TIMEIT_NATIVE_BUILD", "TIMEIT_ARM64_BUILD", "TIMEIT_I386_BUILD",
            "TIMEIT_SYSTEM_CACHE", "TIMEIT_SYSTEM_WORK"]
    values = {k: os.environ.get(k, "") for k in keys}
    missing = [k for k, v in values.items() if not v]
    if missing:
        print(f"missing settings {missing}: run through scripts/test-system.sh",
              file=sys.stderr)
        sys.exit(2)
    os.makedirs(values["TIMEIT_SYSTEM_WORK"], exist_ok=True)
    return values


def kernels(cache, arch):
    """The kernels scripts/test-system.sh chose by query and unpacked, oldest
    first: list of (release, vmlinuz path)."""
    listing = os.path.join(cache, f"kernels-{arch}.txt")
    if not os.path.exists(listing):
        return []
    found = []
    with open(listing) as f:
        for line in f:
            release, path = line.split()
            if os.path.exists(path):
                found.append((release, path))
    return found


# What the registry calls each architecture's kernel flavour, for messages.
FLAVOURS = {"x86_64": "amd64", "aarch64": "arm64", "i386": "686"}


def kernels_or_skip(settings, arch):
    """kernels() of this run's cache; none is a skip, or under CI a failure."""
    found = kernels(settings["TIMEIT_SYSTEM_CACHE"], arch)
    if not found:
        skip_or_fail(f"no {FLAVOURS[arch]} kernel could be had from the registry "
                     "(scripts/test-system.sh downloads them)")
    return found


# Every console a boot of this scenario wrote, in order (boot() adds to it).
CONSOLES = []


def console_tail(path, lines=40):
    """The last LINES lines of a console, each file the guest sent (base64
    between TIMEIT-FILE-BEGIN and -END) shown as one line."""
    try:
        with open(path, errors="replace") as f:
            text = f.read().split("\n")
    except OSError as e:
        return f"(no console: {e})"
    shown, inside = [], False
    for line in text:
        if "TIMEIT-FILE-BEGIN" in line:
            inside = True
            shown.append(line[line.find("TIMEIT-"):].split()[0] + " " + line.split()[-2]
                         + " (file content left out)")
        elif "TIMEIT-FILE-END" in line:
            inside = False
        elif not inside:
            shown.append(line)
    return "\n".join(shown[-lines:])


def run_scenario(main):
    """Runs main(), turning a Failure -- or any other exception -- into exit
    status 1 with its message and the tail of the last boot's console."""
    try:
        main()
    except Exception as e:  # pylint: disable=broad-except
        if isinstance(e, Failure):
            print(f"FAIL: {e}", file=sys.stderr)
        else:
            traceback.print_exc()
            print(f"FAIL: {type(e).__name__}: {e}", file=sys.stderr)
        if CONSOLES:
            print(f"--- the last 40 lines of {CONSOLES[-1]}:\n{console_tail(CONSOLES[-1])}\n---",
                  file=sys.stderr)
        sys.exit(1)
    print("PASS", file=sys.stderr)


# ------------------------------------------------------------------ results


def has_ministat_block(out, set_a, set_b, metric):
    """Whether compare's output `out` holds a ministat block of `metric` for
    set_a against set_b. Metrics equal in every run share one block, named
    "sys=cgroup-sys (s)" or "cycles=instructions", so the legend's names
    (without the unit) are searched for `metric`."""
    def without_unit(name):
        return name[:name.rfind(" (")] if name.endswith(")") and " (" in name else name
    lines = out.split("\n")
    return any(line.startswith(f"x {set_a}.")
               and metric in without_unit(line[len(f"x {set_a}."):]).split("=")
               and lines[i + 1] == f"+ {set_b}." + line[len(f"x {set_a}."):]
               for i, line in enumerate(lines[:-1]))


def read_csv(data):
    """timeit's results CSV as a list of rows (dicts), header order kept in
    rows[0].keys()."""
    import csv
    import io
    return list(csv.DictReader(io.StringIO(data.decode())))


def counter_columns(row):
    """The counter source's columns: after the resource usage (which ends
    with oublock) and before the run's cgroup's columns (mem-peak first) or,
    without them, notes (docs/csv-format.md)."""
    names = list(row.keys())
    end = names.index("mem-peak") if "mem-peak" in names else names.index("notes")
    return names[names.index("oublock") + 1:end]


def number(row, column):
    """The cell as a float, or None where it is empty."""
    cell = row[column]
    return None if cell == "" else float(cell)


def counting_runs(rows):
    """The measured runs that counted every counter. A series with counting
    runs (docs/csv-format.md, the `role` column) opens the counters with a
    cost per event -- the syscall tracepoints, page faults, context switches,
    migrations -- only in its `count` runs and leaves their cells empty in
    its `time` runs, which this checks; a series without the column (or
    with --count-in-every-run) counted everything in every run."""
    measured = [row for row in rows if row["warmup"] == "0"]
    if "role" not in rows[0]:
        return measured
    counting = [row for row in measured if row["role"] == "count"]
    check(counting, f"no counting run among {len(measured)} measured runs")
    # What the counting runs count and the timing runs leave out: counted in
    # every counting run, or named in a note where a run missed it.
    apart = {c for c in counter_columns(rows[0])
             if all(r[c] == "" for r in measured if r["role"] == "time")
             and any(r[c] != "" for r in counting)}
    for row in counting:
        for column in apart:
            check(row[column] != "" or column in all_notes(rows),
                  f"counting run {row['run']}: {column} is empty and no note says why")
    return counting


def timing_runs(rows):
    """The measured runs whose times a series reports: its `time` runs, or
    every measured run of a series without the `role` column."""
    measured = [row for row in rows if row["warmup"] == "0"]
    return [row for row in measured if row.get("role", "") != "count"]


def all_notes(rows):
    return " | ".join(r["notes"] for r in rows if r["notes"])


def check_never_zero_without_note(rows, where):
    """The promise: a counter that cannot be counted is empty and said, never
    a silent 0. Every counter cell is a positive number, or empty or 0 with
    the column's name in the series' notes. (Counts that may truly be 0 --
    context switches, migrations, page faults -- are left out.)"""
    may_be_zero = {"context-switches", "cpu-migrations", "page-faults",
                   "major-faults", "minor-faults"}
    derived = {"ipc", "icache-mpki"}  # empty where an input is: no note
    notes = all_notes(rows)
    for column in counter_columns(rows[0]):
        base = column.split(":")[0].removesuffix(".running")
        for row in rows:
            value = number(row, column)
            if value is None and base in derived:
                continue
            if value is None:
                check(base in notes or column in notes,
                      f"{where}: {column} is empty in run {row['run']} and no "
                      f"note names it (notes: {notes!r})")
            elif base not in may_be_zero and not column.endswith(".running"):
                check(value > 0 or base in notes or column in notes,
                      f"{where}: {column} is 0 in run {row['run']}"
                      f" -- a silent zero (notes: {notes!r})")
