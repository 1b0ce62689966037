#!/usr/bin/env python3
"""Checks timeit compare --json against hyperfine --export-json.

usage: check_hyperfine_json.py HYPERFINE.json TIMEIT.json CSV...

Every key of hyperfine's top level and of its results[] entries must be in
every entry of timeit's file with the same JSON type (JSON has one number
type: 1 and 1.0 are both numbers). Then timeit's numbers are checked
against the CSVs, read here with Python's csv module: one entry per label,
times = the `real` cells of the measured runs (warmup 0, status 0) in file
order (with a `role` column, of the rows that give the metric: own_rows), mean/median/min/max/stddev of them, user/system the means of
`user`/`sys`, and metrics[name] one value per measured run, in the report's unit
(task-clock in seconds), None in a run that does not give it.
Prints what is wrong and exits 1, or exits 0.
"""
import csv
import json
import statistics
import sys



def own_rows(rows, metric):
    """The rows that give `metric`, as compare takes them: with a `role`
    column, a metric some timing row has comes from the timing rows, one
    only counting rows have from those; a row without a role gives all."""
    timed = any(r.get("role") == "time" and r.get(metric, "") != "" for r in rows)
    return [r for r in rows
            if r.get("role", "") == "" or (r["role"] == "time") == timed]

def json_type(v):
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, (int, float)):
        return "number"
    if v is None:
        return "null"
    return type(v).__name__


# docs/csv-format.md: the results CSV keeps task-clock in nanoseconds and the
# cgroup's times (cgroup-user, cgroup-sys, psi-*) in microseconds; every report
# shows them in seconds, beside real, user and sys. A counted target's columns
# (task-clock@NAME) are in the unit of their metric.
TO_REPORT_UNIT = {"task-clock": 1e-9, "task-clock:u": 1e-9, "cgroup-user": 1e-6,
                  "cgroup-sys": 1e-6, "psi-cpu": 1e-6, "psi-memory": 1e-6, "psi-io": 1e-6}


def in_report_unit(row, name):
    return float(row[name]) * TO_REPORT_UNIT.get(name.split("@")[0], 1)


def close(a, b):
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def main():
    hyperfine = json.load(open(sys.argv[1]))
    timeit = json.load(open(sys.argv[2]))
    errors = []
    for key, value in hyperfine.items():
        if key not in timeit:
            errors.append(f"top level: no key {key!r}")
        elif json_type(timeit[key]) != json_type(value):
            errors.append(f"top level {key!r}: {json_type(timeit[key])}, hyperfine has {json_type(value)}")
    reference = hyperfine["results"][0]
    for i, entry in enumerate(timeit["results"]):
        for key, value in reference.items():
            if key not in entry:
                errors.append(f"results[{i}]: no key {key!r}")
            elif json_type(entry[key]) != json_type(value):
                errors.append(f"results[{i}].{key}: {json_type(entry[key])}, hyperfine has {json_type(value)}")
            elif isinstance(value, list) and value and entry[key] and \
                    json_type(entry[key][0]) != json_type(value[0]):
                errors.append(f"results[{i}].{key}[0]: {json_type(entry[key][0])}, hyperfine has {json_type(value[0])}")

    runs = {}
    for path in sys.argv[3:]:
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                if row["warmup"] == "0" and row["status"] == "0":
                    runs.setdefault(row["label"], []).append(row)
    labels = [e["command"] for e in timeit["results"]]
    if labels != list(runs):
        errors.append(f"commands {labels}, the CSVs have labels {list(runs)}")
    for entry in timeit["results"]:
        rows = runs.get(entry["command"], [])
        real = [float(r["real"]) for r in own_rows(rows, "real")]
        if entry["times"] != real:
            errors.append(f"{entry['command']}: times {entry['times']} != CSV real {real}")
            continue
        expected = {"mean": statistics.mean(real), "median": statistics.median(real),
                    "min": min(real), "max": max(real), "stddev": statistics.stdev(real),
                    "user": statistics.mean(float(r["user"]) for r in own_rows(rows, "user")),
                    "system": statistics.mean(float(r["sys"]) for r in own_rows(rows, "sys"))}
        for key, want in expected.items():
            if not close(entry[key], want):
                errors.append(f"{entry['command']}.{key}: {entry[key]} != {want}")
        if entry["exit_codes"] != [0] * len(real):
            errors.append(f"{entry['command']}: exit_codes {entry['exit_codes']}")
        for name, values in entry["metrics"].items():
            own = own_rows(rows, name)
            want = [in_report_unit(r, name) if r[name] and r in own else None for r in rows]
            if values != want:
                errors.append(f"{entry['command']}.metrics.{name}: {values} != CSV {want}")
        for name in ("real", "user", "sys"):
            if name not in entry["metrics"]:
                errors.append(f"{entry['command']}: metrics has no {name!r}")
    for e in errors:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
