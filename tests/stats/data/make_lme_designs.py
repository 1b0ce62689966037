#!/usr/bin/python3
"""Writes lme_designs.csv: the designs the mixed model is checked on against
R's nlme (lme_reference.R). Run once; the CSV is kept so that the values R
printed for it (lme_reference.csv) stay valid. Seeded: rerunning gives the
same file."""
import csv
import sys

import numpy as np

rng = np.random.default_rng(20240521)
rows = []


def design(name, sets, mean=1.0, boot_sd=0.01, run_sd=0.001, host_sd=0.0, shift=None,
           host_names=None):
    """sets: per set a list of hosts, each a list of runs per boot; hosts are
    h0, h1, .. in each set (the same machines) unless host_names[set] names them."""
    boot_id = 0
    host_effects = {}
    for s, hosts in enumerate(sets):
        for h, boots in enumerate(hosts):
            host = host_names[s][h] if host_names else f"h{h}"
            if host not in host_effects:
                host_effects[host] = rng.normal(0, host_sd)
            for runs in boots:
                boot_id += 1
                b = rng.normal(0, boot_sd)
                for _ in range(runs):
                    y = mean * (1 + (shift[s] if shift else 0)) + host_effects[host] + b
                    y += rng.normal(0, run_sd)
                    rows.append([name, s, host, f"b{boot_id}", repr(float(y))])


design("balanced", [[[4, 4, 4]], [[4, 4, 4]]])
design("unbalanced", [[[2, 8, 5]], [[3, 1, 6, 2, 7]]], shift=[0, 0.02])
design("one_boot_baseline", [[[6]], [[3, 3, 3, 3]]])
design("single_runs", [[[1, 1, 1, 1]], [[1, 1, 1, 1, 1]]], shift=[0, 0.01])
design("no_boot_effect", [[[5, 3, 6]], [[4, 4, 2]]], boot_sd=0.0, run_sd=0.01)
design("counts", [[[3, 5, 2, 4]], [[6, 2, 3]]], mean=3.2e9, boot_sd=1e5, run_sd=2e3,
       shift=[0, 1e-4])
design("three_sets", [[[3, 4]], [[2, 5, 3]], [[4, 4, 4]]], shift=[0, 0.01, -0.02])
design("hosts_crossed", [[[3, 2], [4, 3]], [[2, 3], [3, 3]]], host_sd=0.03)
design("hosts_nested", [[[3, 2], [2, 4]], [[4, 3], [3], [2, 2]]], host_sd=0.02,
       host_names=[["a", "b"], ["c", "d", "e"]])
# Both sets in every boot (a --config A,B series interleaved within each boot).
boot_id = 1000
for boot in range(4):
    b = rng.normal(0, 0.01)
    for s in (0, 1):
        for _ in range(3 + (boot + s) % 3):
            rows.append(["shared_boots", s, "h0", f"s{boot}",
                         repr(float(1 + 0.005 * s + b + rng.normal(0, 0.002)))])

# A fleet: three hosts, each booted twice, both sets interleaved in every
# boot (fleet/series.yml's two commands per host); the hosts differ most,
# so the model's three shares (host, boot, run) are all far from 0.
for h in range(3):
    e = rng.normal(0, 0.02)
    for boot in range(2):
        b = rng.normal(0, 0.008)
        for s in (0, 1):
            for _ in range(4 + (h + boot + s) % 2):
                rows.append(["fleet", s, f"f{h}", f"fb{boot}",
                             repr(float(1 + 0.01 * s + e + b + rng.normal(0, 0.004)))])

w = csv.writer(sys.stdout, lineterminator="\n")
w.writerow(["design", "set", "host", "boot", "y"])
w.writerows(rows)
