"""Hosts made of namespaces, for the fleet tests: this machine seen through
its own network (a veth pair, an address of its own), its own hostname (UTS)
and its own root (an overlay of / on a tmpfs, so that installing a package
changes only that host), with an sshd that knows a key the test makes and
whose host key the controller's known_hosts holds: host-key checking stays
on."""
import os
import signal
import socket
import subprocess
import time

import qemu_system as q

# ctest's deadline for fleet.py and fleet_boots.py is 900 s
# (tests/system/CMakeLists.txt); a play still going 60 s before it fails
# here, with its log's tail, rather than in ctest's kill, without it.
STARTED = time.time()
DEADLINE = STARTED + 840


def run(*args, **kw):
    return subprocess.run(list(args), check=True, capture_output=True, text=True, **kw)


class Host:
    """One namespace host: fleet-hN at 10.231.N.2."""

    def __init__(self, work, n, authorized_key, files=()):
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
        # root's shell start-up is a fresh Debian's (/etc/skel), not this
        # machine's: sshd runs every remote command through bash, which reads
        # ~/.bashrc, and one that inits pyenv takes a lock file to rehash; a
        # played reboot kills the sessions (fleet_boots.py), a rehash among
        # them leaves the lock, and each later command waits 60 s for it.
        # nsenter, not `ip netns exec`: that mounts a new /sys, hiding the
        # cgroup and tracefs mounts timeit needs below it.
        root = os.path.join(self.dir, "t", "root")
        # The test's own files, into the host's root: the test's folder may
        # be below a /tmp the host does not see.
        copies = "".join(f"mkdir -p $T/root{os.path.dirname(dest)} && cp {src} $T/root{dest}\n"
                         for src, dest in files)
        script = f"""set -e
hostname {self.name}
mount --make-rprivate /
T={self.dir}/t
mkdir -p $T && mount -t tmpfs tmpfs $T && mkdir $T/up $T/wk $T/root
mount -t overlay overlay -o lowerdir=/,upperdir=$T/up,workdir=$T/wk $T/root
cp /etc/skel/.bashrc /etc/skel/.profile $T/root/root/
mount -t proc proc $T/root/proc
mount --rbind /sys $T/root/sys
mount --rbind /dev $T/root/dev
mount -t tmpfs tmpfs $T/root/run && mkdir -p $T/root/run/sshd
mkdir -p $T/root{etc}
cp {self.dir}/hostkey {self.dir}/sshd_config {self.dir}/authorized_keys $T/root{etc}/
{copies}exec chroot $T/root /usr/sbin/sshd -D -e -f {etc}/sshd_config
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



def ssh_key(work):
    """A key pair for the controller: (private key's path, public key)."""
    key = os.path.join(work, "id_ed25519")
    run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key)
    with open(key + ".pub") as f:
        return key, f.read()


def known_hosts(work, hosts):
    path = os.path.join(work, "known_hosts")
    with open(path, "w") as f:
        for h in hosts:
            f.write(f"{h.addr} {h.host_key}\n")
    return path


def ansible_env(work, build):
    """ansible-playbook's environment: its state inside the test's folder,
    the freshly built timeit first on PATH (the controller compares)."""
    return dict(os.environ, ANSIBLE_HOME=os.path.join(work, "ansible"),
                ANSIBLE_LOCAL_TEMP=os.path.join(work, "ansible", "tmp"),
                ANSIBLE_SSH_CONTROL_PATH_DIR=os.path.join(work, "ansible", "cp"),
                ANSIBLE_NOCOLOR="1", ANSIBLE_FORCE_COLOR="0",
                PATH=build + ":" + os.environ.get("PATH", ""))


def run_playbook(command, cwd, env, log_path, lost=None, lost_when=None):
    """Runs ansible-playbook (command) with its output in log_path, and cuts
    the host lost off once lost_when(lost) holds, once: a host that goes
    away mid-play, as a power loss would. Returns (exit status, whether lost
    was cut off, the log's text). A play still going at the scenario's
    deadline, or a scenario stopped, fails with the log's last lines."""
    print("---", " ".join(command), flush=True)
    cut = False
    with open(log_path, "w") as log:
        p = subprocess.Popen(command, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            while p.poll() is None:
                if lost and not cut and lost_when(lost):
                    print(f"--- cutting {lost.name} off", flush=True)
                    lost.cut_off()
                    cut = True
                if time.time() > DEADLINE:
                    raise q.Failure(f"ansible-playbook still going at the scenario's deadline "
                                    f"({DEADLINE - STARTED:.0f} s after its start)")
                time.sleep(0.5)
        except BaseException:
            p.kill()
            p.wait()
            with open(log_path) as f:
                tail = f.read().splitlines()[-40:]
            print("--- the play's last lines:\n" + "\n".join(l[:240] for l in tail), flush=True)
            raise
    with open(log_path) as f:
        return p.returncode, cut, f.read()
