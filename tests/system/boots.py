#!/usr/bin/python3
"""`timeit boots` unattended: two Debian amd64 kernels (the newest 6.1 and
6.12) under QEMU TCG, on a machine whose disk survives its reboots.

The guest keeps the experiment's state and CSV on a virtio disk (ext4 in
a raw image the harness makes); its init runs `timeit boots
start` on the first boot and `timeit boots resume --state-dir ...` on every
other (--hook none: what a system without systemd does). The harness plays
the one-shot boot loader: the step's `--via command --next-boot` writes the
kernel and command line on a second disk, the loader's block, and cuts the
power (sysrq o, nothing synced: a lab's power switch); the harness boots
what the block names, once, and the default kernel (6.1, the harness's
command line) when it names nothing -- after a boot that failed.

  abba:  2 configurations x 3 boots x 3 runs, plan a b b a a b; the CSV's
         boot ids, releases, order and run numbers, boot_method, and the
         comparison beside it: the mixed model with 3 boots a side. Its
         --boots 2..3 --target-ci 0.001:task-clock is never met: the pilot
         asks for more boots than MAX, and it runs to the most boots,
         having looked after rounds 2 and 3.
  target: --boots 2..3 --target-ci 5:score, b's score twice a's in every
         boot: the interval after round 2 (the pilot) is exact, and the
         experiment stops there, 4 of its 6 boots made, with the two-stage
         verdict b +100% +/-0%.
  fails: a (6.1), b (6.12), p (6.12 with rdinit=/nonexistent panic=1, which
         panics) one boot each; QEMU is killed after a's first row, the next
         boot does a's step again (its rows noted, none lost or counted
         twice); p panics, is recorded as the wrong kernel, retried once,
         panics again and is skipped; b is measured and the report names p.
  kexec: --via kexec, every boot after the first a kexec in one QEMU run.
  systemd_boot: --via systemd-boot on OVMF (UEFI): Debian's bootctl sets
         each step's entry as systemd-boot's one-shot, and the firmware
         boots it; each boot says the entry systemd-boot selected.

Every boot is expected: the harness knows the boot it must see next and
fails on any other, with the console's tail.

What it does not catch: ext4's journal commits at the state's fsync carry
the CSV's unsynced rows and new folders along (a timeit that synced neither
passed abba, with data=writeback too); minix, which caught the unsynced
state folder, loses its bitmaps at a cut, and ext2 then wants a manual fsck.
"""
import os
import re
import shlex
import shutil
import subprocess

import qemu_system as q

HERE = os.path.dirname(os.path.abspath(__file__))
# What the guest loads of each kernel: virtio's PCI transport and block
# driver (with virtio itself: modules in 6.1, built into 6.12), ext4 and
# the crc32c it asks the crypto API for (the guest has no modprobe).
MODULES = ["virtio_pci", "virtio_blk", "crc32c_generic", "ext4"]
RUNS = 3
LOADER_BYTES = 4096
# The one-shot: kernel, command line and an end mark on the loader's disk,
# made durable, then the power cut without a sync.
NEXT_BOOT = ("printf '%s\\n%s\\nend\\n' {kernel} {cmdline} | dd of=/dev/vdb conv=fsync "
             "2>/dev/null && echo o > /proc/sysrq-trigger")
# With an initramfs the kernel runs its /init and ignores init=; rdinit= that
# does not exist makes it look for a root file system, and there is none:
# "VFS: Unable to mount root fs", a panic, and panic=1 reboots (QEMU exits).
PANIC_WORDS = "rdinit=/nonexistent init=/nonexistent panic=1"


class Machine:
    """One guest machine: its disk (ext4, made with the kernels in /boot,
    which the guest's start checks as on a real machine, and for kexec the
    initramfs as /boot/initrd.img), its boot loader's block, and the
    initramfs that holds the start command."""

    def __init__(self, s, case, kernels, start_args, via=("--via", "command", "--next-boot",
                                                            NEXT_BOOT), pull_plug_rows=None):
        self.work = os.path.join(s["TIMEIT_SYSTEM_WORK"], case)
        os.makedirs(self.work, exist_ok=True)
        self.kernels = {f"/disk/boot/vmlinuz-{r}": (r, path) for r, path in kernels}
        self.default = kernels[0]
        start = ["timeit", "boots", "start"] + start_args + list(via) + [
            "--state-dir", "/disk/state", "--hook", "none", "--settle", "0", "-n", str(RUNS),
            "-w", "0", "-e", "task-clock", "-o", "/disk/exp.csv", "--", "sh", "/work/step.sh"]
        self.start_line = shlex.join(start)
        fs = q.x86_guest(s, "boots")
        fs.add_file(os.path.join(HERE, "guest", "boots_step.sh"), "work/step.sh", 0o755)
        fs.add_bytes("work/start", (self.start_line + "\n").encode())
        for release, path in kernels:
            q.add_kernel_modules(fs, release, path, MODULES)
        if "kexec" in via:
            kexec = os.path.join(s["TIMEIT_SYSTEM_CACHE"], "kexec-tools", "sbin", "kexec")
            if not os.path.exists(kexec):
                q.skip_or_fail("kexec-tools could not be had from the registry")
            # Debian links kexec with Xen's libraries (scripts/test-system.sh
            # unpacks them beside it).
            xen = [os.path.join(s["TIMEIT_SYSTEM_CACHE"], d, "usr", "lib", "x86_64-linux-gnu")
                   for d in sorted(os.listdir(s["TIMEIT_SYSTEM_CACHE"])) if d.startswith("libxen")]
            fs.add_elf(kexec, "bin/kexec", xen)
        self.initrd = os.path.join(self.work, "guest.cpio.gz")
        fs.write(self.initrd)
        self.initrd_pull = None
        if pull_plug_rows is not None:
            fs.add_bytes("work/pull-plug", f"{pull_plug_rows}\n".encode())
            self.initrd_pull = os.path.join(self.work, "guest-pull-plug.cpio.gz")
            fs.write(self.initrd_pull)
        root = os.path.join(self.work, "disk-root")
        shutil.rmtree(root, ignore_errors=True)
        os.makedirs(os.path.join(root, "boot"))
        for release, path in kernels:
            shutil.copyfile(path, os.path.join(root, "boot", f"vmlinuz-{release}"))
        if "kexec" in via:
            shutil.copyfile(self.initrd, os.path.join(root, "boot", "initrd.img"))
        self.disk = os.path.join(self.work, "disk.img")
        self.loader = os.path.join(self.work, "loader.img")
        with open(self.disk, "wb") as f:
            f.truncate(128 << 20)
        subprocess.run(["mke2fs", "-q", "-F", "-t", "ext4", "-d", root, self.disk], check=True)
        with open(self.loader, "wb") as f:
            f.truncate(1 << 20)
        self.count = 0
        self.deadline = 480  # the first boot's; later ones from its measured time

    def one_shot(self, clear):
        """The kernel and command line the loader's block names, or None."""
        with open(self.loader, "r+b") as f:
            data = f.read(LOADER_BYTES)
            if clear:
                f.seek(0)
                f.write(bytes(LOADER_BYTES))
        lines = data.split(b"\0")[0].decode(errors="replace").split("\n")
        return (lines[0], lines[1]) if len(lines) > 2 and lines[2] == "end" else None

    def boot(self, expect, pull_plug=False):
        """Boots what the loader's block names (once) or the default kernel,
        and checks that this is the boot EXPECT names: ("default" or a
        configuration's kernel release, the outcome). Returns the Boot."""
        self.count += 1
        shot = self.one_shot(clear=True)
        if shot is None:
            release, host = self.default
            cmdline, kind = q.default_cmdline("x86_64"), "default"
        else:
            q.check(shot[0] in self.kernels, f"the one-shot names {shot[0]!r}, not a kernel "
                    f"of the guest's disk ({sorted(self.kernels)})")
            (release, host), cmdline, kind = self.kernels[shot[0]], shot[1], release_of(shot)
        name = f"boot{self.count}"
        print(f"--- {name}: {kind} {release}, command line {cmdline!r}")
        b = q.run_qemu("x86_64", host, self.initrd_pull if pull_plug else self.initrd,
                       os.path.join(self.work, f"{name}.console"), self.deadline,
                       ["-nic", "none", "-drive", f"file={self.disk},format=raw,if=virtio",
                        "-drive", f"file={self.loader},format=raw,if=virtio"], cmdline,
                       kill_on=b"TIMEIT-PULL-PLUG" if pull_plug else None)
        if self.count == 1:
            # Ten times the first boot (which starts the experiment), at
            # least two minutes: a host that gets busier mid-scenario (a CI
            # machine's load went from 2 to 17) stretches a boot 4-fold.
            self.deadline = max(120, min(480, round(10 * b.total_s)))
        outcome = outcome_of(b, self.one_shot(clear=False))
        print(f"{name}: {outcome} after {b.total_s:.1f} s")
        q.check((kind if kind == "default" else release, outcome) == expect,
                f"{name} was {kind} {release}, {outcome}; expected {expect[0]}, {expect[1]}")
        return b


def release_of(shot):
    return "panicking" if PANIC_WORDS in shot[1] else "one-shot"


def outcome_of(b, armed):
    """What a boot came to: killed by the harness, panicked before /init,
    powered off after arming the next boot, or returned from timeit boots
    (the experiment over)."""
    if b.killed:
        return "power cut"
    if b.to_userland_s is None:
        return "panic" if "Kernel panic" in b.console else f"no /init ({b.how})"
    if "done" in b.results:
        status = b.results.get("resume.status", b.results.get("start.status"))
        return "over" if status == "0" else f"timeit boots exited {status}"
    return "armed" if armed is not None else f"powered off, nothing armed ({b.how})"


def check_rows(rows, label, release, boots, method="command"):
    """LABEL's rows: BOOTS boots of RUNS runs numbered on from the file's
    last, on RELEASE, each row naming its boot method."""
    mine = [r for r in rows if r["label"] == label]
    ids = list(dict.fromkeys(r["boot_id"] for r in mine))
    q.check(len(ids) == boots and all(ids), f"{label}: boots {ids}, not {boots}")
    q.check({r["kernel_release"] for r in mine} == {release},
            f"{label}: releases {sorted({r['kernel_release'] for r in mine})}, not {release}")
    q.check({r["boot_method"] for r in mine} == {method},
            f"{label}: boot_method {sorted({r['boot_method'] for r in mine})}")
    return ids


def check_runs(rows, label, expected):
    """LABEL's run numbers in the file's order, and that no run is there twice."""
    runs = [int(r["run"]) for r in rows if r["label"] == label]
    q.check(runs == expected, f"{label}: runs {runs}, expected {expected}")


def final_files(b):
    status = b.files.get("status", b"").decode()
    print(f"--- timeit boots status\n{status}")
    compare = b.files.get("exp.compare.txt", b"").decode()
    print(f"--- exp.compare.txt\n{compare}")
    q.check("exp.csv" in b.files, "exp.csv did not come back")
    return status, compare, q.read_csv(b.files["exp.csv"])


def abba(s, a, b_kernel):
    m = Machine(s, "abba", [a, b_kernel],
                [f"--config=a:kernel=/disk/boot/vmlinuz-{a[0]}",
                 f"--config=b:kernel=/disk/boot/vmlinuz-{b_kernel[0]}", "--boots", "2..3",
                 "--target-ci", "0.001:task-clock"])
    print(f"--- abba: {m.start_line}")
    m.boot(("default", "armed"))
    plan = "abbaab"
    for i, name in enumerate(plan):
        release = (a if name == "a" else b_kernel)[0]
        last = m.boot((release, "over" if i == len(plan) - 1 else "armed"))
    status, compare, rows = final_files(last)
    ids = {"a": check_rows(rows, "a", a[0], 3), "b": check_rows(rows, "b", b_kernel[0], 3)}
    q.check(not set(ids["a"]) & set(ids["b"]), "a boot id is in both series")
    order = "".join("a" if r["boot_id"] in ids["a"] else "b"
                    for r in rows if r["run"] and r["boot_id"])
    q.check(order == "".join(c * RUNS for c in plan),
            f"the rows' boots came in the order {order}, planned {plan}")
    for name in "ab":
        check_runs(rows, name, list(range(1, 3 * RUNS + 1)))
    q.check(not any("again" in r["notes"] for r in rows), "a step was done again")
    q.check("finished after 6 of 6 steps" in status, "status does not say finished")
    # A width is known from 2 boots of each on; on TCG's noisy task-clock the
    # baseline's boots may not tell its mean from 0, and then it is unbounded.
    width = r"task-clock (?:\+/-[0-9.e+]+%|unbounded)"
    # The pilot is the first look with a finite width: round 2's, or round
    # 3's when round 2's was unbounded, or none.
    asks = (r"not within \+/-0\.001%: the pilot asks for (?:at least )?[0-9]+ boots of each, "
            r"3 at most")
    q.check(re.search(r"looks:\n  round 2 \(step 4\): " + width +
                      r": (?:not within \+/-0\.001%, going on|" + asks + r")\n"
                      r"  round 3 \(step 6\): " + width +
                      r": (?:not within \+/-0\.001% at the most boots|" + asks +
                      r"|the 3 boots of each the pilot asked for, stopped)\n", status),
            "status does not show the two looks")
    q.check("Summary against a (mixed model over boots" in compare,
            "the comparison beside the CSV is not the mixed model's")
    # The host's compare of the guest's CSV: the boot as the unit.
    path = os.path.join(m.work, "exp.csv")
    with open(path, "wb") as f:
        f.write(last.files["exp.csv"])
    summary = os.path.join(m.work, "summary.csv")
    timeit = os.path.join(s["TIMEIT_NATIVE_BUILD"], "timeit")
    p = subprocess.run([timeit, "compare", "-m", "task-clock", "--csv", summary, path],
                       capture_output=True, text=True, timeout=120)
    print(f"--- timeit compare exp.csv: exit {p.returncode}\n{p.stdout}{p.stderr}")
    q.check(p.returncode == 0, f"timeit compare exited {p.returncode}")
    with open(summary, "rb") as f:
        row = q.read_csv(f.read())[0]
    q.check((row["boots_baseline"], row["boots"], row["test"]) == ("3", "3", "mixed model"),
            f"compare: boots {row['boots_baseline']} and {row['boots']}, test {row['test']}")


def target(s, a, b_kernel):
    m = Machine(s, "target", [a, b_kernel],
                [f"--config=a:kernel=/disk/boot/vmlinuz-{a[0]}",
                 f"--config=b:kernel=/disk/boot/vmlinuz-{b_kernel[0]},cmdline+=timeit.score=200",
                 "--boots", "2..3", "--target-ci", "5:score",
                 "--metric", "score=score=([0-9]+),higher"])
    print(f"--- target: {m.start_line}")
    m.boot(("default", "armed"))
    plan = "abba"
    for i, name in enumerate(plan):
        release = (a if name == "a" else b_kernel)[0]
        last = m.boot((release, "over" if i == len(plan) - 1 else "armed"))
    status, compare, rows = final_files(last)
    check_rows(rows, "a", a[0], 2)
    check_rows(rows, "b", b_kernel[0], 2)
    q.check({r["score"] for r in rows if r["label"] == "a"} == {"100"}
            and {r["score"] for r in rows if r["label"] == "b"} == {"200"},
            f"scores {sorted({(r['label'], r['score']) for r in rows})}")
    q.check("finished after 4 of 6 steps, the stopping rule met at round 2\n" in status,
            "status does not say the rule stopped the experiment at round 2")
    q.check(re.search(r"looks:\n  round 2 \(step 4\): score \+/-[0-9.e+]+%: within \+/-5%, "
                      r"stopped\n", status), "status does not show the look that stopped it")
    q.check("two-stage verdict, 95%: the pilot's intervals (round 2) narrowed by sqrt(2/2):\n"
            "  score b: +100% +/-0%: differs\n" in status,
            "status does not give the two-stage verdict of b's exact +100%")
    q.check(re.search(r"^score +higher +100 +200 +\+100% exact +better$", compare, re.M),
            "the comparison beside the CSV does not call b's score exactly 100% better")


def fails(s, a, b_kernel):
    m = Machine(s, "fails", [a, b_kernel],
                [f"--config=a:kernel=/disk/boot/vmlinuz-{a[0]}",
                 f"--config=b:kernel=/disk/boot/vmlinuz-{b_kernel[0]}",
                 f"--config=p:kernel=/disk/boot/vmlinuz-{b_kernel[0]},cmdline+={PANIC_WORDS}",
                 "--boots", "1", "--retries", "1", "--on-boot-failure", "skip"],
                pull_plug_rows=1)
    print(f"--- fails: {m.start_line}")
    m.boot(("default", "armed"))
    m.boot((a[0], "power cut"), pull_plug=True)
    # The default kernel is a's: this boot does a's step again.
    m.boot(("default", "armed"))
    m.boot((b_kernel[0], "armed"))
    for attempt in range(2):  # the first try and its one retry
        m.boot((b_kernel[0], "panic"))
        last = m.boot(("default", "armed" if attempt == 0 else "over"))
    status, _, rows = final_files(last)
    check_rows(rows, "b", b_kernel[0], 1)
    q.check(not [r for r in rows if r["label"] == "p"], "p has rows")
    ids = check_rows(rows, "a", a[0], 2)
    cut = [r for r in rows if r["boot_id"] == ids[0]]
    redo = [r for r in rows if r["boot_id"] == ids[1]]
    # The cut boot's row stays, unnoted; the redo's three carry the note
    # and go on numbering after it: nothing lost, nothing twice.
    q.check(len(cut) == 1 and not cut[0]["notes"].count("again"),
            f"the cut boot kept {len(cut)} rows: {[r['notes'] for r in cut]}")
    q.check(len(redo) == RUNS and all(f"boot {ids[0]} was cut short after 1 runs, kept"
                                      in r["notes"] for r in redo),
            f"the redo's rows: {[r['notes'] for r in redo]}")
    check_runs(rows, "a", list(range(1, RUNS + 2)))
    q.check("interrupted after 1 runs" in status, "status does not name the cut boot")
    q.check(status.count(f"wrong kernel: expected {b_kernel[0]}, found {a[0]}") == 2,
            "status does not name p's two boots into the default kernel")
    q.check("failed: p did not boot its kernel (its other steps were skipped)" in status,
            "the report does not name p")
    q.check("finished after 3 of 3 steps" in status, "status does not say finished")


def kexec(s, a, b_kernel):
    """--via kexec: every boot after the first is a kexec from the one
    before, all in one QEMU run; b's command line gains a word."""
    initrd = "initrd=/disk/boot/initrd.img"
    m = Machine(s, "kexec", [a, b_kernel],
                [f"--config=a:kernel=/disk/boot/vmlinuz-{a[0]},{initrd}",
                 f"--config=b:kernel=/disk/boot/vmlinuz-{b_kernel[0]},{initrd},"
                 "cmdline+=timeit.kexec=b", "--boots", "1"], via=("--via", "kexec"))
    print(f"--- kexec: {m.start_line}")
    last = m.boot(("default", "over"))
    # Anywhere in a line: the first boot's follows the x86 BIOS's terminal
    # reset, which ends in no newline ("Booting from ROM..<ESC>c...TIMEIT-BOOTED").
    booted = re.findall(r"TIMEIT-BOOTED (\S+)", last.console)
    q.check(booted == [a[0], a[0], b_kernel[0]],
            f"the kernels booted in the one QEMU run: {booted}, expected the default "
            "(start) and a's and b's by kexec")
    status, _, rows = final_files(last)
    check_rows(rows, "a", a[0], 1, method="kexec")
    check_rows(rows, "b", b_kernel[0], 1, method="kexec")
    default = q.default_cmdline("x86_64")
    q.check({r["cmdline"] for r in rows if r["label"] == "a"} == {default}
            and {r["cmdline"] for r in rows if r["label"] == "b"} == {f"{default} timeit.kexec=b"},
            f"the kexec'd boots' command lines: {sorted({r['cmdline'] for r in rows})}")
    q.check("finished after 2 of 2 steps" in status, "status does not say finished")
    q.check(last.results.get("kexec_loaded") == "0",
            f"a kexec kernel is still loaded after the end ({last.results.get('kexec_loaded')})")


# The packages scripts/test-system.sh unpacks for systemd_boot: OVMF's
# firmware and variables, systemd-boot's EFI program and bootctl.
OVMF_CODE = ("ovmf", "usr/share/OVMF/OVMF_CODE_4M.fd")
OVMF_VARS = ("ovmf", "usr/share/OVMF/OVMF_VARS_4M.fd")
BOOT_EFI = ("systemd-boot-efi", "usr/lib/systemd/boot/efi/systemd-bootx64.efi")
BOOTCTL = ("systemd-boot", "usr/bin/bootctl")
# bootctl's own library (systemd's, of the host: the guest's userland is
# the host's) is outside the loader's default folders.
SYSTEMD_LIBS = ["/usr/lib/x86_64-linux-gnu/systemd"]
ESP_MODULES = ["vfat", "nls_cp437", "nls_ascii", "efivarfs"]


def systemd_boot(s, a):
    """--via systemd-boot on a UEFI machine: OVMF boots systemd-boot from an
    ESP (a folder QEMU shows as a read-only FAT disk) whose entries
    default, a, b and p boot a's kernel (copies: an entry is found by its
    kernel's file name), each with a word of its own, p's a panic. start and
    resume run Debian's bootctl, whose set-oneshot writes the EFI variable
    that OVMF keeps in its variables file from one QEMU run to the next,
    and systemd-boot boots that entry once. No harness plays the loader:
    after p's panic the firmware boots the default entry, of the same
    kernel, which resume tells from p's by the entry systemd-boot says it
    selected, and p is skipped."""
    cache = s["TIMEIT_SYSTEM_CACHE"]
    code, template, boot_efi, bootctl = (os.path.join(cache, *p)
                                         for p in (OVMF_CODE, OVMF_VARS, BOOT_EFI, BOOTCTL))
    for path in (code, template, boot_efi, bootctl):
        if not os.path.exists(path):
            q.skip_or_fail(f"{path} could not be had from the registry (ovmf, systemd-boot)")
    work = os.path.join(s["TIMEIT_SYSTEM_WORK"], "systemd-boot")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    start = ["timeit", "boots", "start", "--via", "systemd-boot",
             "--config=a:kernel=/efi/kernel-a.efi", "--config=b:kernel=/efi/kernel-b.efi",
             "--config=p:kernel=/efi/kernel-p.efi", "--retries", "0", "--on-boot-failure", "skip",
             "--boots", "1", "--state-dir", "/disk/state", "--hook", "none", "--settle", "0",
             "-n", str(RUNS), "-w", "0", "-e", "task-clock", "-o", "/disk/exp.csv", "--",
             "sh", "/work/step.sh"]
    print(f"--- systemd-boot: {shlex.join(start)}")
    fs = q.x86_guest(s, "boots")
    fs.add_file(os.path.join(HERE, "guest", "boots_step.sh"), "work/step.sh", 0o755)
    fs.add_bytes("work/start", (shlex.join(start) + "\n").encode())
    fs.add_bytes("work/esp", b"1\n")
    fs.add_elf(bootctl, "timeit/bootctl", SYSTEMD_LIBS)
    q.add_kernel_modules(fs, a[0], a[1], MODULES + ESP_MODULES)
    esp = os.path.join(work, "esp")
    os.makedirs(os.path.join(esp, "EFI", "BOOT"))
    os.makedirs(os.path.join(esp, "loader", "entries"))
    shutil.copyfile(boot_efi, os.path.join(esp, "EFI", "BOOT", "BOOTX64.EFI"))
    fs.write(os.path.join(esp, "initrd.img"))
    with open(os.path.join(esp, "loader", "loader.conf"), "w") as f:
        f.write("default default.conf\ntimeout 0\n")
    for name in ("default", "a", "b", "p"):
        shutil.copyfile(a[1], os.path.join(esp, f"kernel-{name}.efi"))
        words = f"timeit.entry={name}" + (f" {PANIC_WORDS}" if name == "p" else "")
        with open(os.path.join(esp, "loader", "entries", f"{name}.conf"), "w") as f:
            f.write(f"title {name}\nlinux /kernel-{name}.efi\ninitrd /initrd.img\n"
                    f"options {q.default_cmdline('x86_64', words)}\n")
    disk = os.path.join(work, "disk.img")
    with open(disk, "wb") as f:
        f.truncate(128 << 20)
    subprocess.run(["mke2fs", "-q", "-F", "-t", "ext4", disk], check=True)
    variables = os.path.join(work, "vars.fd")
    shutil.copyfile(template, variables)
    qemu_args = ["-drive", f"if=pflash,format=raw,unit=0,readonly=on,file={code}",
                 "-drive", f"if=pflash,format=raw,unit=1,file={variables}", "-nic", "none",
                 "-drive", f"file={disk},format=raw,if=virtio",
                 "-drive", f"file=fat:{esp},format=raw,if=virtio,readonly=on"]
    deadline = 480
    plan = [("default.conf", "armed"), ("a.conf", "armed"), ("b.conf", "armed"), (None, "panic"),
            ("default.conf", "over")]
    for i, (entry, expect) in enumerate(plan):
        name = f"boot{i + 1}"
        last = q.run_qemu("x86_64", None, None, os.path.join(work, f"{name}.console"), deadline,
                          qemu_args, None)
        if i == 0:
            deadline = max(120, min(480, round(10 * last.total_s)))
        selected = last.results.get("loader_entry_selected")
        outcome = outcome_of(last, "armed" if "done" not in last.results else None)
        print(f"{name}: entry {selected}, {outcome} after {last.total_s:.1f} s")
        q.check((selected, outcome) == (entry, expect),
                f"{name} booted entry {selected}, {outcome}; expected {entry}, {expect}")
    status, _, rows = final_files(last)
    check_rows(rows, "a", a[0], 1, method="systemd-boot")
    check_rows(rows, "b", a[0], 1, method="systemd-boot")
    for name in "ab":
        lines = {r["cmdline"] for r in rows if r["label"] == name}
        q.check(lines == {q.default_cmdline("x86_64", f"timeit.entry={name}")},
                f"{name}'s runs booted with {sorted(lines)}")
    q.check(not [r for r in rows if r["label"] == "p"], "p has rows")
    q.check(f"wrong kernel: expected {a[0]} (entry p.conf), found {a[0]} (entry default.conf)"
            in status, "status does not name p's boot into the default entry")
    q.check("failed: p did not boot its kernel" in status, "the report does not name p")
    q.check("finished after 3 of 3 steps" in status, "status does not say finished")


def main():
    s = q.settings()
    a = q.kernels_or_skip(s, "x86_64")[-1]
    newer = q.kernels(s["TIMEIT_SYSTEM_CACHE"], "x86_64-6.12")
    if not newer:
        q.skip_or_fail("no 6.12 amd64 kernel could be had from the registry")
    if not shutil.which("mke2fs"):
        q.skip_or_fail("mke2fs is not installed (Debian: e2fsprogs)")
    abba(s, a, newer[-1])
    target(s, a, newer[-1])
    fails(s, a, newer[-1])
    kexec(s, a, newer[-1])
    systemd_boot(s, a)


if __name__ == "__main__":
    q.run_scenario(main)
