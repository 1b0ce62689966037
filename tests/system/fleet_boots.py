#!/usr/bin/python3
"""fleet/boots.yml, for real: ansible-playbook starts `timeit boots` on four
namespace hosts (namespace_hosts.py), waits for each across its reboots,
fetches each host's CSV and comparison and compares them on the controller.

Nothing reboots in a namespace, so each host plays its reboots the way
tests/cli/boots_test.cc does: `--via command`, whose --next-boot starts
timeit-fleet-boot (below), detached. That takes the host's link down for a
while, so that the controller's looks meet a host that is gone (ssh exits
255 and the look must ride it out), then "boots" the asked kernel under a
new boot id and runs `timeit boots resume` as the unit would.

- h11, h12: plain; both finish, are collected and compared (the host a level).
- h13: its kernel b "does not boot" (the default kernel comes up instead),
  under --on-boot-failure stop: the experiment stops, the host is named.
- h14: cut off for good (every process of its network namespace killed) once
  it is in its second boot: unreachable past timeit_boots_down_timeout, named.
Then the playbook runs again and must attach to what is there: nothing is
installed or started again, and the results stand."""
import csv
import io
import json
import os
import re
import shlex
import shutil
import signal

import nlme_fleet
import qemu_system as q
import namespace_hosts
from namespace_hosts import Host, ansible_env, known_hosts, ssh_key

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PLAIN, BROKEN, LOST = (11, 12), 13, 14
# A played reboot's timing, chosen so that what the scenario checks holds by
# construction, not by how the looks fall (runs of this scenario saw, at 12 s
# down, no look meet a host down, and, at 25 s down with only the runs' few
# seconds up, a host's looks miss every up window and leave it unreachable):
# - DOWN: every reboot is met by a look that ends in ssh's 255. The link goes
#   down; ServerAlive (1 s, 3 missed, the inventory's) ends the shared
#   connection within 4 s; a look then connects anew and fails within
#   ConnectTimeout (5 s). The next look starts within the poll (4 s) and a
#   second or so of ansible's own: 4 + 2 + 4 + 5 = 15 s < 20.
# - UP: every reboot is ridden out. A look that met the host down retries with
#   ansible's pauses, 0, 1, 3, 7, 15, then 30 s (6 retries for
#   timeit_boots_down_timeout 30), the sixth attempt past 26 s > DOWN; so an
#   attempt falls in the up window after the reboot as long as no gap between
#   two before it (at most 15 s + ConnectTimeout) spans that window: the host
#   stays up at least 24 s between played reboots.
DOWN, UP = 20, 24
KERNELS = "/usr/local/lib/timeit-fleet"

# timeit-fleet-boot RELEASE CMDLINE: a reboot played on a namespace host. The
# arming resume returns first; then the host is gone: its link down (new
# connections fail, as to a machine in its firmware) and its ssh sessions
# killed (the controller's open connection meets a reset when the link comes
# back, as from a kernel that never knew it; the sessions are this network
# namespace's alone: the PIDs are the whole machine's). Then it comes up under
# a new boot id in RELEASE, or in the default kernel where RELEASE is listed
# as broken.
BOOT_SCRIPT = f"""#!/bin/sh
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
release=$1 cmdline=$2
up=$(cat /var/lib/timeit-fleet-up 2>/dev/null || echo 0)
wait=$(( up + {UP} - $(date +%s) ))
sleep $(( wait > 1 ? wait : 1 ))
ip link set eth0 down
net=$(readlink /proc/self/ns/net)
for p in $(pgrep -f '^sshd: [^/]'); do  # not the listener, 'sshd: /usr/sbin/sshd ...'
  [ "$(readlink /proc/$p/ns/net)" = "$net" ] && kill -KILL $p
done
sleep {DOWN}; ip link set eth0 up; date +%s > /var/lib/timeit-fleet-up
n=$(( $(cat /var/lib/timeit-fleet-boots 2>/dev/null || echo 0) + 1 ))
echo $n > /var/lib/timeit-fleet-boots
grep -qxs "$release" /etc/timeit-fleet-broken && release=$(uname -r)
export TIMEIT_BOOT_ID=$(hostname)-boot$n TIMEIT_KERNEL_RELEASE=$release TIMEIT_KERNEL_CMDLINE=$cmdline
exec timeit boots resume >> /var/log/timeit-fleet-boots.log 2>&1
"""


def boots_args(n):
    args = ["--via", "command", "--hook", "none", "--settle", "0", "--boots", "2",
            "-n", "3", "-w", "0", "-q",
            "--next-boot", "setsid -f sh /usr/local/bin/timeit-fleet-boot {release} {cmdline}"
                           " >/dev/null 2>&1",
            "--config", f"a:kernel={KERNELS}/vmlinuz-6.1.0-fleet-a",
            "--config", f"b:kernel={KERNELS}/vmlinuz-6.1.0-fleet-b"]
    if n == BROKEN:
        args += ["--on-boot-failure", "stop"]
    return " ".join(shlex.quote(a) for a in args) + " -- /bin/true"


def played_boots(host):
    """How many reboots the host has played (its counter, seen through a
    process of the host), or None when no process of it is left."""
    for pid in host.pids():
        try:
            with open(f"/proc/{pid}/root/var/lib/timeit-fleet-boots") as f:
                return int(f.read())
        except (OSError, ValueError):
            continue
    return None if not host.pids() else 0


def main():
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(q.Failure("SIGTERM")))
    s = q.settings()
    for tool in ("ansible-playbook", "sshd", "ssh-keygen", "nsenter", "ip", "setsid"):
        if not shutil.which(tool) and not os.path.exists(f"/usr/sbin/{tool}"):
            q.skip_or_fail(f"{tool} is not installed (scripts/test-system.sh installs it)")
    if os.geteuid() != 0:
        q.skip_or_fail("namespace hosts need root")
    debs = os.path.join(SOURCE, "dist")
    if not os.path.isdir(debs) or not any(f.endswith("_amd64.deb") for f in os.listdir(debs)):
        q.skip_or_fail("no dist/timeit_*_amd64.deb (scripts/package.sh amd64 makes it)")

    work = s["TIMEIT_SYSTEM_WORK"]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    key, public = ssh_key(work)
    files = {}
    for name, text in (("timeit-fleet-boot", BOOT_SCRIPT), ("broken", "6.1.0-fleet-b\n"),
                       ("vmlinuz-6.1.0-fleet-a", "not a kernel"),
                       ("vmlinuz-6.1.0-fleet-b", "not a kernel")):
        files[name] = os.path.join(work, name)
        with open(files[name], "w") as f:
            f.write(text)
    common = [(files["timeit-fleet-boot"], "/usr/local/bin/timeit-fleet-boot"),
              (files["vmlinuz-6.1.0-fleet-a"], f"{KERNELS}/vmlinuz-6.1.0-fleet-a"),
              (files["vmlinuz-6.1.0-fleet-b"], f"{KERNELS}/vmlinuz-6.1.0-fleet-b")]
    hosts = []
    try:
        for n in (*PLAIN, BROKEN, LOST):
            extra = [(files["broken"], "/etc/timeit-fleet-broken")] if n == BROKEN else []
            hosts.append(Host(work, n, public, common + extra))
        play(s, work, key, hosts)
    finally:
        for h in hosts:
            h.cleanup()


def inventory(work, key, hosts):
    known = known_hosts(work, hosts)
    # JSON is YAML: the inventory plugin reads it, and the words need no
    # quoting of ours beyond the shell's inside timeit_boots_args.
    inv = {"fleet": {
        "hosts": {h.name: {"ansible_host": h.addr, "timeit_boots_args": boots_args(h.n)}
                  for h in hosts},
        "vars": {"ansible_user": "root", "ansible_ssh_private_key_file": key,
                 # ServerAlive: a shared connection to a host that went down
                 # must fail in seconds, not when TCP gives up.
                 "ansible_ssh_common_args": f"-o UserKnownHostsFile={known} "
                                            "-o StrictHostKeyChecking=yes -o ConnectTimeout=5 "
                                            "-o ServerAliveInterval=1 -o ServerAliveCountMax=3",
                 "ansible_python_interpreter": "/usr/bin/python3"}}}
    path = os.path.join(work, "hosts.yml")
    with open(path, "w") as f:
        json.dump(inv, f, indent=1)
    return path


def playbook(s, work, hosts_file, log_path, lost=None):
    command = ["ansible-playbook", "-vv", "-f", "8", "-i", hosts_file,
               os.path.join(SOURCE, "fleet", "boots.yml"),
               "-e", f"timeit_debs={os.path.join(SOURCE, 'dist')}",
               "-e", f"timeit_results={os.path.join(work, 'results')}",
               "-e", "timeit_compare_args='-m real'", "-e", "timeit_boots_poll=4",
               "-e", "timeit_boots_down_timeout=30", "-e", "timeit_boots_timeout=600"]
    rc, cut, out = namespace_hosts.run_playbook(
        command, work, ansible_env(work, s["TIMEIT_NATIVE_BUILD"]), log_path, lost,
        lambda h: (played_boots(h) or 0) >= 2)
    # The verbose log is long: each task's lines, cut short.
    print("\n".join(l[:240] for l in out.splitlines()
                    if not l.startswith(("<", "ESTABLISH", "EXEC", "PUT", "SSH:", "task path"))))
    if lost:
        q.check(cut, f"{lost.name} never reached its second boot")
    return rc, out


def task_output(log, name):
    """What ansible-playbook printed under TASK [name], up to the next task."""
    m = re.search(rf"^TASK \[{re.escape(name)}\].*?$(.*?)(?=^TASK \[|^PLAY )", log,
                  re.M | re.S)
    return m.group(1) if m else ""


def read(path):
    with open(path) as f:
        return f.read()


def play(s, work, key, hosts):
    hosts_file = inventory(work, key, hosts)
    by_n = {h.n: h for h in hosts}
    results = os.path.join(work, "results")
    rc, out = playbook(s, work, hosts_file, os.path.join(work, "ansible.log"), by_n[LOST])
    q.check(rc in (2, 4), f"ansible-playbook exited {rc}")
    failed = read(os.path.join(results, "failed-hosts.txt")).split()
    q.check(failed == [by_n[BROKEN].name, by_n[LOST].name],
            f"failed-hosts.txt names {failed}, not {by_n[BROKEN].name} and {by_n[LOST].name}")
    report = read(os.path.join(results, "report.txt"))
    print(f"--- report.txt\n{report}")
    for n in PLAIN:
        q.check(f"{by_n[n].name}: finished after 4 of 4 steps\n" in report,
                f"report.txt does not say {by_n[n].name} finished its 4 steps")
    q.check(re.search(rf"{by_n[BROKEN].name}: left out: .*stopped after \d+ of 4 steps", report),
            f"report.txt does not say {by_n[BROKEN].name}'s experiment stopped")
    q.check(re.search(rf"{by_n[LOST].name}: left out: unreachable for longer than 30 s", report),
            f"report.txt does not name {by_n[LOST].name} as unreachable")

    # The looks rode out the played reboots: ssh's retries, on the hosts
    # that finished, and those hosts never left the play as unreachable.
    for n in PLAIN:
        h = by_n[n]
        q.check(re.search(rf"<{re.escape(h.addr)}> ssh_retry: attempt", out),
                f"no look at {h.name} met it down: the reboots were not ridden out")
        q.check(not re.search(rf"fatal: \[{h.name}\]: UNREACHABLE", out),
                f"{h.name} was unreachable for the play")

    for n in PLAIN:
        h = by_n[n]
        folder = os.path.join(results, h.name)
        for suffix in (".csv", ".compare.txt", ".compare.html", ".compare.csv", ".status.txt"):
            q.check(os.path.exists(os.path.join(folder, "boots" + suffix)),
                    f"{h.name}'s boots{suffix} was not fetched")
        rows = [r for r in csv.DictReader(io.StringIO(read(os.path.join(folder, "boots.csv"))))
                if r.get("role", "time") == "time"]
        boots = {}
        for r in rows:
            boots.setdefault(r["label"], set()).add(r["boot_id"])
        q.check(sorted(boots) == ["a", "b"], f"{h.name}'s labels {sorted(boots)}")
        q.check(all(len(v) == 2 and all(b.startswith(h.name + "-boot") for b in v)
                    for v in boots.values()), f"{h.name}'s boots: {boots}")
        q.check(all(r["status"] == "0" for r in rows), f"{h.name}: a run failed")
        q.check({r["host"] for r in rows} == {h.name}, f"{h.name}'s rows name other hosts")
    q.check(os.path.exists(os.path.join(results, by_n[BROKEN].name, "boots.status.txt")),
            f"{by_n[BROKEN].name}'s status was not kept")
    q.check(not os.path.exists(os.path.join(results, by_n[LOST].name)),
            f"something of {by_n[LOST].name} was fetched though it was lost")

    text = read(os.path.join(results, "compare.txt"))
    print(f"--- compare.txt\n{text}")
    q.check("Summary against a (mixed model over 2 hosts" in text,
            "compare.txt's summary is not the mixed model over the 2 hosts that finished")
    summary = list(csv.DictReader(io.StringIO(read(os.path.join(results, "compare.csv")))))
    q.check([(r["baseline"], r["set"]) for r in summary] == [("a", "b")],
            f"compare.csv's rows: {[(r['baseline'], r['set']) for r in summary]}")
    nlme_fleet.check(work, [os.path.join(results, by_n[n].name, "boots.csv") for n in PLAIN],
                     summary[0])

    # Again, the lost host left out: it attaches to the finished experiments,
    # installs and starts nothing, and comes to the same comparison.
    before = {n: played_boots(by_n[n]) for n in PLAIN}
    hosts_file = inventory(work, key, [by_n[n] for n in (*PLAIN, BROKEN)])
    rc, out = playbook(s, work, hosts_file, os.path.join(work, "ansible-again.log"))
    q.check(rc == 2, f"the second ansible-playbook exited {rc}, not 2 ({by_n[BROKEN].name})")
    for n in PLAIN:
        h = by_n[n]
        q.check(played_boots(h) == before[n], f"{h.name} booted again when attached to")
        for task in ("Install it with its dependencies", "timeit boots start (it reboots the host)"):
            q.check(f"skipping: [{h.name}]" in task_output(out, task),
                    f"{h.name}: '{task}' was not skipped when attached to")
    q.check(read(os.path.join(results, "compare.txt")) == text,
            "the second run's comparison differs from the first")


if __name__ == "__main__":
    q.run_scenario(main)
