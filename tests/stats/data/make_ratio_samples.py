#!/usr/bin/python3
"""Writes ratio_samples.csv, the samples the interval of a ratio of means
is checked on against R (ratio_reference.R). Seeded."""
import numpy as np

rng = np.random.default_rng(41)
cases = {
    # -O0 against -O2: real about 3x, the slower build noisier in proportion.
    "three_times": (rng.normal(1.0, 0.02, 10), rng.normal(3.0, 0.06, 10)),
    "half": (rng.normal(2.0, 0.1, 8), rng.normal(1.0, 0.05, 12)),
    "unequal_30_5": (rng.normal(1.0, 0.01, 30), rng.normal(2.0, 0.3, 5)),
    "unequal_5_30": (rng.normal(1.0, 0.3, 5), rng.normal(2.0, 0.02, 30)),
    "three_each": (rng.normal(1.0, 0.2, 3), rng.normal(3.0, 0.6, 3)),
    "no_change": (rng.normal(5.0, 0.5, 15), rng.normal(5.0, 0.5, 15)),
    # A count whose baseline mean is not told from 0: no bounded interval.
    "baseline_near_zero": (np.array([0.0, 1, 0, 0, 2, 0, 0, 1]), rng.normal(3.0, 1.0, 8)),
}
print("case,set,value")
for name, (baseline, x) in cases.items():
    for s, values in (("baseline", baseline), ("x", x)):
        for v in values:
            print(f"{name},{s},{float(v)!r}")
