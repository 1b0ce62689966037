#!/usr/bin/python3
"""Prints scipy's Welch t test (ttest_ind, equal_var=False) of x against
baseline for every case of the CSV in argv[1], as case,what,term,value."""
import csv
import sys

from scipy import stats

cases = {}
for row in csv.DictReader(open(sys.argv[1])):
    cases.setdefault(row["case"], {}).setdefault(row["set"], []).append(float(row["value"]))
print("case,what,term,value")
for name, sets in cases.items():
    r = stats.ttest_ind(sets["x"], sets["baseline"], equal_var=False)
    print(f"{name},t,x,{float(r.statistic)!r}")
    print(f"{name},p,x,{float(r.pvalue)!r}")
