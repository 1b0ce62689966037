#!/usr/bin/python3
"""fleet/series.yml, for real: ansible-playbook drives three "hosts" over
ssh, installs the amd64 package on each, runs a series there, fetches the
CSVs and compares them on the controller.

A host here is this machine seen through namespaces (namespace_hosts.py).
The third host is cut off in the middle of its series (every process in its
network namespace killed, as a power loss would): the play must name it and
the other two must be compared. The results folder is given relative to the
folder ansible-playbook runs in, as a user at a shell gives it."""
import csv
import io
import os
import shutil
import signal

import qemu_system as q
import nlme_fleet
import namespace_hosts
from namespace_hosts import Host, ansible_env, known_hosts, ssh_key

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HOSTS = 3
LOST = 3  # the host cut off mid-series


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
    key, public = ssh_key(work)
    # The lost host's second command: it leaves a mark and waits, so that the
    # test cuts the host off in the middle of its series.
    lost_b = os.path.join(work, "lost-b.sh")
    with open(lost_b, "w") as f:
        f.write("touch /var/tmp/fleet-mark\nexec sleep 600\n")
    hosts = []
    try:
        for n in range(1, HOSTS + 1):
            hosts.append(Host(work, n, public, [(lost_b, "/usr/local/bin/timeit-fleet-lost")]))
        play(s, work, key, hosts)
    finally:
        for h in hosts:
            h.cleanup()


def play(s, work, key, hosts):
    known = known_hosts(work, hosts)
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
    # Run in work/ as from a shell there (PWD is the shell's), the results
    # folder given relative to it: it must land in work/results, not beside
    # the playbook.
    env = dict(ansible_env(work, s["TIMEIT_NATIVE_BUILD"]), PWD=work)
    results = os.path.join(work, "results")
    command = ["ansible-playbook", "-i", inventory, os.path.join(SOURCE, "fleet", "series.yml"),
               "-e", f"timeit_debs={os.path.join(SOURCE, 'dist')}",
               "-e", "timeit_results=results", "-e", "timeit_compare_args='-m real'"]
    lost = hosts[LOST - 1]
    rc, cut, out = namespace_hosts.run_playbook(
        command, work, env, os.path.join(work, "ansible.log"), lost,
        lambda h: any(os.path.exists(f"/proc/{pid}/root/var/tmp/fleet-mark") for pid in h.pids()))
    print(out)
    q.check(cut, f"{lost.name} never reached its series")
    # A host left out makes the play's status 2 (or 4, unreachable): the
    # comparison of the others still ran.
    q.check(rc in (2, 4), f"ansible-playbook exited {rc}")
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
    nlme_fleet.check(work, [os.path.join(results, h.name, "series.csv") for h in hosts
                            if h.n != LOST], summary[0])


if __name__ == "__main__":
    q.run_scenario(main)
