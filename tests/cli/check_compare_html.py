#!/usr/bin/python3
"""Checks timeit compare --html against the CSVs it was made from.

usage: check_compare_html.py REPORT.html CSV...

The report must parse as XML, hold no script and load nothing (no src or
href other than #anchors), and have a print style. For every strip plot
(svg.strip): each set's dots are exactly the CSV's measured values of that
metric (warmup 0, status 0; task-clock's nanoseconds in seconds; with a `role`
column, of the rows that give the metric, own_rows), placed on the plot's linear x scale; the mean
bar is their mean and the interval is the mean's Student's t interval at
the plot's data-confidence, its width the one scipy gives (a reference, not
our arithmetic). For every runs-in-order
chart (svg.order): each set's dots are every run with a value, warm-up runs
included and marked class "warmup", by run number, on the y scale. Where a
set's runs carry two or more boot_ids, each dot names its run's boot
(data-boot) and each boot has a tick at the mean of its runs (data-boot-mean).
For every scan chart (svg.scan): each value's point is the mean of that
set's (NAME=VALUE, or a=1,b=x of several parameters) measured values with
the same scipy interval, placed by the (first parameter's) value when every
value is a number (data-numeric 1), else evenly spaced in the values' order.
The CSVs are read here with Python's csv module. Prints what is wrong and
exits 1, or exits 0. Run with Debian's /usr/bin/python3 (python3-scipy).
"""
import csv
import math
import statistics
import sys
import xml.etree.ElementTree as ET

from scipy import stats

SVG = "{http://www.w3.org/2000/svg}"
XHTML = "{http://www.w3.org/1999/xhtml}"


# docs/csv-format.md: the results CSV keeps task-clock in nanoseconds and the
# cgroup's times (cgroup-user, cgroup-sys, psi-*) in microseconds; every report
# shows them in seconds, beside real, user and sys. A counted target's columns
# (task-clock@NAME) are in the unit of their metric.
TO_REPORT_UNIT = {"task-clock": 1e-9, "task-clock:u": 1e-9, "cgroup-user": 1e-6,
                  "cgroup-sys": 1e-6, "psi-cpu": 1e-6, "psi-memory": 1e-6, "psi-io": 1e-6}



def own_rows(rows, metric):
    """The rows that give `metric`, as compare takes them: with a `role`
    column, a metric some timing row has comes from the timing rows, one
    only counting rows have from those; a row without a role gives all."""
    timed = any(r.get("role") == "time" and r.get(metric, "") != "" for r in rows)
    return [r for r in rows
            if r.get("role", "") == "" or (r["role"] == "time") == timed]

def in_report_unit(row, name):
    return float(row[name]) * TO_REPORT_UNIT.get(name.split("@")[0], 1)


def close(a, b, tolerance=1e-9):
    return abs(a - b) <= tolerance * max(1.0, abs(a), abs(b))


def check_boots(metric, label, group, rows, errors):
    """The strip row's boot lanes against the CSV's boot_id column."""
    measured = [r for r in own_rows(rows, metric) if r["warmup"] == "0" and r.get(metric, "") != ""]
    boots = {r.get("boot_id", "") for r in measured}
    dots = list(group.iter(SVG + "circle"))
    if len(boots) < 2 or "" in boots:
        if any(c.get("data-boot") is not None for c in dots):
            errors.append(f"strip {metric}/{label}: boot lanes without two boots")
        return
    by_run = {int(r["run"]): r["boot_id"] for r in measured}
    for c in dots:
        if c.get("data-boot") != by_run.get(int(c.get("data-run"))):
            errors.append(f"strip {metric}/{label}: run {c.get('data-run')} in boot "
                          f"{c.get('data-boot')}, the CSV says {by_run.get(int(c.get('data-run')))}")
    want = sorted(statistics.mean(float(r[metric]) for r in measured if r["boot_id"] == b)
                  for b in boots)
    got = sorted(float(line.get("data-boot-mean")) for line in group.iter(SVG + "line")
                 if line.get("class") == "boot-mean")
    if len(got) != len(want) or not all(close(a, b) for a, b in zip(got, want)):
        errors.append(f"strip {metric}/{label}: boot means {got} != CSV {want}")


def scan_label(parameter, value):
    """The set a point stands for: NAME=VALUE, or a=1,b=x for the
    parameters "a,b" and the values "1,x"."""
    names = parameter.split(",")
    if len(names) == 1:
        return f"{parameter}={value}"
    return ",".join(f"{n}={v}" for n, v in zip(names, value.split(",")))


def check_scan(svg, rows, errors):
    """A scan chart's points against the CSV and scipy; their x positions."""
    metric, parameter = svg.get("data-metric"), svg.get("data-parameter")
    confidence = float(svg.get("data-confidence"))
    points = [g for g in svg.iter(SVG + "g") if g.get("class") == "point"]
    xs, values = [], []
    for g in points:
        label = scan_label(parameter, g.get("data-value"))
        want = [in_report_unit(r, metric) for r in own_rows(rows.get(label, []), metric)
                if r["warmup"] == "0" and r.get(metric, "") != ""]
        mean = float(g.get("data-mean"))
        if not want or not close(mean, statistics.mean(want)):
            errors.append(f"scan {metric}/{label}: mean {mean} != CSV {want}")
            continue
        if len(want) >= 2:
            low, high = float(g.get("data-ci-low")), float(g.get("data-ci-high"))
            n = len(want)
            t = stats.t.ppf(1 - (1 - confidence / 100) / 2, n - 1)
            width = 2 * t * statistics.stdev(want) / math.sqrt(n)
            if not close(mean - low, high - mean) or not close(high - low, width, 1e-7):
                errors.append(f"scan {metric}/{label}: interval [{low}, {high}] != scipy's "
                              f"{width} wide around {mean}")
        xs.append(float(next(g.iter(SVG + "circle")).get("cx")))
        values.append(g.get("data-value"))
    if len(xs) < 2:
        errors.append(f"scan {metric}: {len(xs)} points")
        return
    # The x axis is the first parameter's: several points share a value
    # where there are several parameters (a line per value of the others).
    firsts = [v.split(",")[0] if "," in parameter else v for v in values]
    distinct = list(dict.fromkeys(firsts))
    at = ([float(v) for v in firsts] if svg.get("data-numeric") == "1"
          else [distinct.index(v) for v in firsts])
    j = next((i for i in range(1, len(xs)) if at[i] != at[0]), None)
    if j is None:
        errors.append(f"scan {metric}: every point at one value")
        return
    for i in range(1, len(xs)):
        # Linear in the position: each step's pixels per unit are the first step's.
        if abs((xs[i] - xs[0]) * (at[j] - at[0]) - (xs[j] - xs[0]) * (at[i] - at[0])) > \
                0.02 * abs(at[i] - at[0]) * max(1.0, abs(at[j] - at[0])):
            errors.append(f"scan {metric}: {values[i]} drawn at x={xs[i]}")


def main():
    errors = []
    text = open(sys.argv[1], encoding="utf-8").read()
    root = ET.fromstring(text)  # raises on anything that is not well-formed
    for element in root.iter():
        tag = element.tag.split("}")[-1]
        if tag == "script":
            errors.append("a <script> element")
        for attribute in ("src", "href"):
            value = element.get(attribute)
            if value is not None and not value.startswith("#"):
                errors.append(f"<{tag} {attribute}={value!r}> loads something")
    if "@media print" not in text:
        errors.append("no @media print style")

    rows = {}
    for path in sys.argv[2:]:
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                if row["status"] == "0" or row["warmup"] == "1":
                    rows.setdefault(row["label"], []).append(row)

    strips = [s for s in root.iter(SVG + "svg") if "strip" in s.get("class", "").split()]
    orders = [s for s in root.iter(SVG + "svg") if "order" in s.get("class", "").split()]
    if not strips or not orders:
        errors.append(f"{len(strips)} strip plots and {len(orders)} run charts")
    for svg in strips:
        metric = svg.get("data-metric")
        confidence = float(svg.get("data-confidence"))
        lo, hi = float(svg.get("data-lo")), float(svg.get("data-hi"))
        x0, x1 = float(svg.get("data-x0")), float(svg.get("data-x1"))
        for group in svg.iter(SVG + "g"):
            if group.get("class") != "set":
                continue
            label = group.get("data-set")
            want = [in_report_unit(r, metric) for r in own_rows(rows.get(label, []), metric)
                    if r["warmup"] == "0" and r[metric] != ""]
            dots = [c for c in group.iter(SVG + "circle")]
            got = [float(c.get("data-value")) for c in dots]
            if sorted(got) != sorted(want):
                errors.append(f"strip {metric}/{label}: dots {sorted(got)} != CSV {sorted(want)}")
                continue
            for c in dots:
                v = float(c.get("data-value"))
                if abs(float(c.get("cx")) - (x0 + (v - lo) / (hi - lo) * (x1 - x0))) > 0.01:
                    errors.append(f"strip {metric}/{label}: {v} drawn at x={c.get('cx')}")
            check_boots(metric, label, group, rows.get(label, []), errors)
            mean = float(group.get("data-mean"))
            if not close(mean, statistics.mean(want)):
                errors.append(f"strip {metric}/{label}: mean {mean} != {statistics.mean(want)}")
            if len(want) >= 2:
                low, high = float(group.get("data-ci-low")), float(group.get("data-ci-high"))
                if not (low <= mean <= high and close(mean - low, high - mean)):
                    errors.append(f"strip {metric}/{label}: interval [{low}, {high}] around {mean}")
                n = len(want)
                t = stats.t.ppf(1 - (1 - confidence / 100) / 2, n - 1)
                width = 2 * t * statistics.stdev(want) / math.sqrt(n)
                if not close(high - low, width, 1e-7):
                    errors.append(f"strip {metric}/{label}: interval width {high - low} != "
                                  f"scipy's {width} (n={n}, {confidence}%)")
    for svg in orders:
        metric = svg.get("data-metric")
        lo, hi = float(svg.get("data-lo")), float(svg.get("data-hi"))
        y0, y1 = float(svg.get("data-y0")), float(svg.get("data-y1"))
        for group in svg.iter(SVG + "g"):
            if group.get("class") != "set":
                continue
            label = group.get("data-set")
            want = sorted((int(r["run"]), in_report_unit(r, metric), r["warmup"] == "1")
                          for r in own_rows(rows.get(label, []), metric) if r[metric] != "")
            dots = list(group.iter(SVG + "circle"))
            got = sorted((int(c.get("data-run")), float(c.get("data-value")),
                          "warmup" in c.get("class").split()) for c in dots)
            if got != want:
                errors.append(f"runs {metric}/{label}: {got} != CSV {want}")
                continue
            for c in dots:
                v = float(c.get("data-value"))
                if abs(float(c.get("cy")) - (y0 + (v - lo) / (hi - lo) * (y1 - y0))) > 0.01:
                    errors.append(f"runs {metric}/{label}: {v} drawn at y={c.get('cy')}")
    for svg in root.iter(SVG + "svg"):
        if "scan" in svg.get("class", "").split():
            check_scan(svg, rows, errors)
    for e in errors:
        print(e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
