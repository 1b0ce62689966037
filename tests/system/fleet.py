#!/usr/bin/python3
"""fleet/series.yml, for real: ansible-playbook drives three "hosts" over
ssh, installs the amd64 package on each, runs a series there, fetches the
CSVs and compares them on the controller.

A host here is this machine seen through namespaces: its own network (a
veth pair, an address of its own), its own hostname (UTS) and its own root
(an overlay of / on a tmpfs, so that installing the package changes only
that host), with an sshd that knows a key the test makes and whose host key
the controller's known_hosts holds: host-key checking stays on. The third
host is cut off in the middle of its series (every process in its network
namespace killed, as a power loss would): the play must name it and the
other two must be compared."""
import csv
import io
import os
import shutil
import signal
import socket
import subprocess
import time

import qemu_system as q

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HOSTS = 3
LOST = 3  # the host cut off mid-series


def run(*args, **kw):
    return subprocess.run(list(args), check=True, capture_output=True, text=True, **kw)


class Host:
    """One namespace host: fleet-hN at 10.231.N.2."""

    def __init__(self, work, n, authorized_key):
        self.n, self.name = n, f"fleet-h{n}"
        self.ns, self.addr = f"timeit-fleet-{n}", f"10.231.{n}.2"
        self.dir = os.path.join(work, self.name)
        os.makedirs(self.dir)
        self.cleanup()
        run("ip", "netns", "add", self.ns)
        run("ip", "link", "add", f"tfleet{n}", "type", "veth", "peer", "name", "eth0",
            "netns", self.ns)
        run("ip", "addr", "add", f"10.231.{n}.1/30", "dev", f"tfleet{n}")
        run("ip", "link", "set", f"tfleet{n}", "up")
        run("ip", "-n", self.ns, "addr", "add", f"{self.addr}/30", "dev", "eth0")
        run("ip", "-n", self.ns, "link", "set", "eth0", "up")
        run("ip", "-n", self.ns, "link", "set", "lo", "up")
        key = os.path.join(self.dir, "hostkey")
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key)
        with open(key + ".pub") as f:
            self.host_key = " ".join(f.read().split()[:2])
        etc = f"/etc/ssh/{self.name}"
        with open(os.path.join(self.dir, "sshd_config"), "w") as f:
            f.write(f"ListenAddress {self.addr}\nPort 22\nHostKey {etc}/hostkey\n"
                    f"AuthorizedKeysFile {etc}/authorized_keys\n"
                    "PermitRootLogin prohibit-password\nPasswordAuthentication no\n"
                    "UsePAM no\nStrictModes no\nPidFile /run/sshd.pid\n"
                    "Subsystem sftp internal-sftp\n")
        with open(os.path.join(self.dir, "authorized_keys"), "w") as f:
            f.write(authorized_key)
        # nsenter, not `ip netns exec`: that mounts a new /sys, hiding the
        # cgroup and tracefs mounts timeit needs below it.
        root = os.path.join(self.dir, "t", "root")
        script = f"""set -e
hostname {self.name}
mount --make-rprivate /
T={self.dir}/t
mkdir -p $T && mount -t tmpfs tmpfs $T && mkdir $T/up $T/wk $T/root
mount -t overlay overlay -o lowerdir=/,upperdir=$T/up,workdir=$T/wk $T/root
mount -t proc proc $T/root/proc
mount --rbind /sys $T/root/sys
mount --rbind /dev $T/root/dev
mount -t tmpfs tmpfs $T/root/run && mkdir -p $T/root/run/sshd
mkdir -p $T/root{etc}
cp {self.dir}/hostkey {self.dir}/sshd_config {self.dir}/authorized_keys $T/root{etc}/
cp {work}/lost-b.sh $T/root/usr/local/bin/timeit-fleet-lost
exec chroot $T/root /usr/sbin/sshd -D -e -f {etc}/sshd_config
"""
        self.log = open(os.path.join(self.dir, "sshd.log"), "w")
        self.sshd = subprocess.Popen(
            ["nsenter", f"--net=/run/netns/{self.ns}", "unshare", "--mount", "--uts", "--fork",
             "sh", "-c", script], stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True)
        self.root = root
        deadline = time.time() + 30
        while True:
            try:
                socket.create_connection((self.addr, 22), timeout=1).close()
                return
            except OSError:
                if time.time() > deadline or self.sshd.poll() is not None:
                    raise q.Failure(f"{self.name}: sshd did not start: {self.read_log()}")
                time.sleep(0.2)

    def read_log(self):
        with open(os.path.join(self.dir, "sshd.log")) as f:
            return f.read()

    def pids(self):
        out = subprocess.run(["ip", "netns", "pids", self.ns], capture_output=True, text=True)
        return [int(p) for p in out.stdout.split()]

    def cut_off(self):
        """Every process of the host killed at once: the host is gone."""
        for pid in self.pids():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def cleanup(self):
        if os.path.exists(f"/run/netns/{self.ns}"):
            for pid in self.pids():
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            subprocess.run(["ip", "netns", "del", self.ns], capture_output=True)
        subprocess.run(["ip", "link", "del", f"tfleet{self.n}"], capture_output=True)


def main():
    # ctest's deadline sends SIGTERM: leave no namespace host behind.
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(q.Failure("SIGTERM")))
    s = q.settings()
    for tool in ("ansible-playbook", "sshd", "ssh-keygen", "nsenter", "ip"):
        if not shutil.which(tool) and not os.path.exists(f"/usr/sbin/{tool}"):
            q.skip_or_fail(f"{tool} is not installed (scripts/test-system.sh installs it)")
    if os.geteuid() != 0:
        q.skip_or_fail("namespace hosts need root")
    debs = os.path.join(SOURCE, "dist")
    if not any(f.endswith("_amd64.deb") for f in os.listdir(debs) if os.path.isdir(debs)):
        q.skip_or_fail("no dist/timeit_*_amd64.deb (scripts/package.sh amd64 makes it)")

    work = s["TIMEIT_SYSTEM_WORK"]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    key = os.path.join(work, "id_ed25519")
    run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key)
    with open(key + ".pub") as f:
        public = f.read()
    # The lost host's second command: it leaves a mark and waits, so that the
    # test cuts the host off in the middle of its series. Each host gets it
    # in its own root (the test's folder may be below a /tmp the hosts do
    # not see).
    with open(os.path.join(work, "lost-b.sh"), "w") as f:
        f.write("touch /var/tmp/fleet-mark\nexec sleep 600\n")
    hosts = []
    try:
        for n in range(1, HOSTS + 1):
            hosts.append(Host(work, n, public))
        play(s, work, key, hosts)
    finally:
        for h in hosts:
            h.cleanup()


def play(s, work, key, hosts):
    known = os.path.join(work, "known_hosts")
    with open(known, "w") as f:
        for h in hosts:
            f.write(f"{h.addr} {h.host_key}\n")
    # Each host measures two commands, interleaved.
    inventory = os.path.join(work, "hosts.ini")
    with open(inventory, "w") as f:
        f.write("[fleet]\n")
        for h in hosts:
            b = "sh /usr/local/bin/timeit-fleet-lost" if h.n == LOST else "/bin/sleep 0.01"
            f.write(f"{h.name} ansible_host={h.addr} "
                    f"timeit_args=\"-n 3 --command a=/bin/true --command 'b={b}'\"\n")
        f.write("\n[fleet:vars]\nansible_user=root\n"
                f"ansible_ssh_private_key_file={key}\n"
                f"ansible_ssh_common_args='-o UserKnownHostsFile={known} "
                "-o StrictHostKeyChecking=yes'\n"
                "ansible_python_interpreter=/usr/bin/python3\n")
    env = dict(os.environ, ANSIBLE_HOME=os.path.join(work, "ansible"),
               ANSIBLE_LOCAL_TEMP=os.path.join(work, "ansible", "tmp"),
               ANSIBLE_SSH_CONTROL_PATH_DIR=os.path.join(work, "ansible", "cp"),
               ANSIBLE_NOCOLOR="1", ANSIBLE_FORCE_COLOR="0",
               PATH=s["TIMEIT_NATIVE_BUILD"] + ":" + os.environ.get("PATH", ""))
    results = os.path.join(work, "results")
    command = ["ansible-playbook", "-i", inventory, os.path.join(SOURCE, "fleet", "series.yml"),
               "-e", f"timeit_debs={os.path.join(SOURCE, 'dist')}",
               "-e", f"timeit_results={results}", "-e", "timeit_compare_args='-m real'"]
    print("---", " ".join(command), flush=True)
    log_path = os.path.join(work, "ansible.log")
    with open(log_path, "w") as log:
        p = subprocess.Popen(command, cwd=work, env=env, stdout=log, stderr=subprocess.STDOUT)
        lost = hosts[LOST - 1]
        deadline = time.time() + 900
        cut = False
        while p.poll() is None:
            if not cut and any(os.path.exists(f"/proc/{pid}/root/var/tmp/fleet-mark")
                               for pid in lost.pids()):
                print(f"--- {lost.name} is in its series: cutting it off", flush=True)
                lost.cut_off()
                cut = True
            if time.time() > deadline:
                p.kill()
                raise q.Failure("ansible-playbook did not end in 900 s")
            time.sleep(0.5)
    with open(log_path) as f:
        out = f.read()
    print(out)
    q.check(cut, f"{lost.name} never reached its series")
    # A host left out makes the play's status 2 (or 4, unreachable): the
    # comparison of the others still ran.
    q.check(p.returncode in (2, 4), f"ansible-playbook exited {p.returncode}")
    with open(os.path.join(results, "failed-hosts.txt")) as f:
        failed = f.read().split()
    q.check(failed == [lost.name], f"failed-hosts.txt names {failed}, not {lost.name}")
    for h in hosts:
        path = os.path.join(results, h.name, "series.csv")
        q.check(os.path.exists(path) == (h.n != LOST),
                f"{h.name}'s CSV {'missing' if h.n != LOST else 'fetched though it was lost'}")
        if h.n == LOST:
            continue
        with open(path) as f:
            rows = list(csv.DictReader(f))
        q.check({r["host"] for r in rows} == {h.name}, f"{h.name}'s rows name hosts "
                f"{ {r['host'] for r in rows} }")
        q.check(sorted({r["label"] for r in rows}) == ["a", "b"],
                f"{h.name}'s labels {sorted({r['label'] for r in rows})}")
        q.check(all(r["status"] == "0" for r in rows), f"{h.name}: a run failed")
    with open(os.path.join(results, "compare.txt")) as f:
        text = f.read()
    print(f"--- compare.txt\n{text}")
    # One set per label over the two hosts left, the host a level of the model.
    q.check("Summary against a (mixed model over 2 hosts" in text,
            "compare.txt's summary is not the mixed model over the 2 hosts left")
    with open(os.path.join(results, "compare.csv")) as f:
        summary = list(csv.DictReader(io.StringIO(f.read())))
    q.check([(r["baseline"], r["set"]) for r in summary] == [("a", "b")],
            f"compare.csv's rows: {[(r['baseline'], r['set']) for r in summary]}")
    q.check(os.path.getsize(os.path.join(results, "compare.html")) > 0, "no compare.html")


if __name__ == "__main__":
    q.run_scenario(main)
