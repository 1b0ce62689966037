#!/usr/bin/env python3
"""The table at the end of .ci/run: each stage's wall time and tests.

Usage: stage_table.py REPORT_DIR NATIVE_BUILD [SYSTEM_BUILD]

REPORT_DIR holds `stages` (lines "NAME SECONDS STATUS", written by .ci/run)
and NAME.xml, the JUnit file of every ctest a stage ran (scripts/deps.sh,
timeit_ctest). Two checks besides the counts, each a failure:
- every test of the native build carries a label (tests/test_labels.cmake):
  the stages choose tests by label;
- every test the native and system builds list ran (passed, failed or
  skipped) in some stage: none is lost between the stages.
The last line is the plain "N passed, N failed, N skipped" of all stages.
"""
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET


def junit_counts(path):
    """(names, passed, failures, skipped) of one JUnit file from ctest;
    failures is a list of (name, the last lines of its output)."""
    names, passed, failures, skipped = set(), 0, [], 0
    for case in ET.parse(path).getroot().iter("testcase"):
        names.add(case.get("name"))
        if case.find("skipped") is not None or case.get("status") == "notrun":
            skipped += 1
        elif case.find("failure") is not None or case.get("status") == "fail":
            out = case.find("system-out")
            text = out.text if out is not None and out.text else ""
            failures.append((case.get("name"), text.strip().splitlines()[-8:]))
        else:
            passed += 1
    return names, passed, failures, skipped


def listed_tests(build):
    """Each test's name and labels, as ctest lists them for BUILD."""
    if not os.path.isfile(os.path.join(build, "CTestTestfile.cmake")):
        return {}
    out = subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1"],
                         capture_output=True, text=True, check=True).stdout
    tests = {}
    for t in json.loads(out)["tests"]:
        labels = [p["value"] for p in t.get("properties", []) if p["name"] == "LABELS"]
        tests[t["name"]] = labels[0] if labels else []
    return tests


def main():
    report, builds = sys.argv[1], sys.argv[2:]
    rows, ran, failures = [], set(), []
    totals = [0, 0, 0]
    with open(os.path.join(report, "stages")) as f:
        stages = [line.split() for line in f if line.strip()]
    for name, seconds, status in stages:
        path = os.path.join(report, name + ".xml")
        names, passed, failed_cases, skipped = (junit_counts(path) if os.path.exists(path)
                                                else (set(), 0, [], 0))
        failed = len(failed_cases)
        failures += [(name, case, tail) for case, tail in failed_cases]
        ran |= names
        totals = [totals[0] + passed, totals[1] + failed, totals[2] + skipped]
        rows.append((name, int(seconds), len(names), passed, failed, skipped,
                     "ok" if status == "0" else f"failed ({status})"))
    total_s = sum(r[1] for r in rows)
    print()
    print(f"{'stage':<10} {'wall':>8} {'tests':>6} {'passed':>7} {'failed':>7} {'skipped':>8}  result")
    for name, s, n, p, fl, sk, result in rows:
        print(f"{name:<10} {s // 60:>4}m{s % 60:02d}s {n:>6} {p:>7} {fl:>7} {sk:>8}  {result}")
    print(f"{'total':<10} {total_s // 60:>4}m{total_s % 60:02d}s {len(ran):>6} {totals[0]:>7} "
          f"{totals[1]:>7} {totals[2]:>8}")
    problems = []
    listed = {}
    for build in builds:
        listed.update(listed_tests(build))
    unlabelled = sorted(n for n, labels in listed.items() if not labels)
    if unlabelled:
        problems.append(f"{len(unlabelled)} tests carry no label: {' '.join(unlabelled[:20])}")
    lost = sorted(set(listed) - ran)
    if lost:
        problems.append(f"{len(lost)} listed tests ran in no stage: {' '.join(lost[:20])}")
    else:
        print(f"every listed test ran in some stage ({len(listed)} listed, none lost)")
    # The tail of a CI log is what survives; name what failed there, with the
    # end of its output, so a failure can be read without the whole log.
    for stage, case, tail in failures:
        print(f"failed in {stage}: {case}")
        for line in tail:
            print("    " + line[:200])
    for p in problems:
        print("stage_table: " + p)
    print(f"total: {totals[0]} passed, {totals[1]} failed, {totals[2]} skipped")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
