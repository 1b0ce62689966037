#!/usr/bin/python3
"""Writes welch_samples.csv, the samples Welch's t is checked on against
scipy (welch_reference.py) and R (welch_reference.R). Seeded."""
import sys

import numpy as np

rng = np.random.default_rng(7)
cases = {
    "unequal_15_4": (rng.normal(1, 0.005, 15), rng.normal(1, 0.08, 4)),
    "two_each": (np.array([1.0, 1.3]), np.array([2.0, 2.1])),
    "large_values": (1e9 + rng.normal(0, 50, 6), 1e9 + 30 + rng.normal(0, 20, 9)),
    "one_constant": (np.array([5.0, 5.0, 5.0, 5.0]), rng.normal(5.2, 0.1, 5)),
    "three_vs_thirty": (rng.normal(10, 2, 3), rng.normal(11, 0.5, 30)),
}
print("case,set,value")
for name, (baseline, x) in cases.items():
    for s, values in (("baseline", baseline), ("x", x)):
        for v in values:
            print(f"{name},{s},{float(v)!r}")
