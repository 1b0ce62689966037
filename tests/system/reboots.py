#!/usr/bin/python3
"""Verdicts across reboots: the two newest arm64 kernels, each booted three
times on QEMU's Neoverse N1 model without -icount (so that, as on hardware,
no two boots run alike), in the interleaved order A B B A A B that `timeit
plan` prints. Every boot appends four runs to its kernel's series (a.csv,
b.csv), carried from boot to boot over the serial console. On the host:
`timeit compare a.csv b.csv` must take the boot as the unit -- the mixed
model, three boots a side, in the heading, the CSV and the interval -- and
agree with R's nlme on the same files where R is installed; `--test student`
must restore the pooled t; `timeit plan a.csv` must plan from the three
boots, their cost measured from the rows' start times."""
import os
import shutil
import subprocess

import qemu_system as q

ORDER = "abbaab"
RUNS = 4


def boot_series(s, kernels):
    carried = {"a": None, "b": None}
    for i, name in enumerate(ORDER):
        release, kernel = kernels[name]
        fs = q.arm64_guest(s, "reboots")
        fs.add_bytes("work/series", name.encode())
        if carried[name] is not None:
            fs.add_bytes(f"work/{name}.csv", carried[name])
        b = q.boot_guest(s, fs, "aarch64", kernel, f"boot{i + 1}_{name}", icount=False)
        print(f"--- boot {i + 1}, kernel {name} ({b.results.get('kernel_release')}): timeit "
              f"exited {b.results.get('r.status')}\n" + b.files.get("r.out", b"").decode())
        q.check(b.results.get("kernel_release") == release,
                f"booted {b.results.get('kernel_release')}, meant {release}")
        q.check(b.results.get("r.status") == "0", f"boot {i + 1}: timeit exited "
                f"{b.results.get('r.status')}")
        carried[name] = b.files.get(f"{name}.csv")
        q.check(carried[name], f"{name}.csv did not come back from boot {i + 1}")
    return carried


def check_series(name, data, release):
    rows = q.read_csv(data)
    measured = [r for r in rows if r["warmup"] == "0"]
    boots = list(dict.fromkeys(r["boot_id"] for r in rows))
    q.check(len(boots) == 3 and all(boots), f"{name}.csv has boots {boots}")
    q.check(len(measured) == 3 * RUNS, f"{name}.csv holds {len(measured)} measured runs")
    q.check({r["kernel_release"] for r in rows} == {release},
            f"{name}.csv's kernel releases: {sorted({r['kernel_release'] for r in rows})}")
    return rows


def run(args, expect=0):
    p = subprocess.run(args, capture_output=True, text=True, timeout=120)
    print(f"--- {' '.join(os.path.basename(a) for a in args)}: exit {p.returncode}\n"
          f"{p.stdout}{p.stderr}")
    q.check(p.returncode == expect, f"{' '.join(args)} exited {p.returncode}")
    return p


def nlme_check(work, a_csv, b_csv, row):
    """R's lme(real ~ set, random = ~1|boot) on the very files, against the
    summary row of `real`; skipped without R and nlme."""
    if shutil.which("Rscript") is None or subprocess.run(
            ["Rscript", "-e", "library(nlme)"], capture_output=True).returncode != 0:
        print("R with nlme is not installed: the mixed model is not checked against it here")
        return
    script = os.path.join(work, "nlme.R")
    with open(script, "w") as f:
        f.write(f"""suppressPackageStartupMessages(library(nlme))
read <- function(p, s) {{ d <- read.csv(p); d <- d[d$warmup == 0, ]
  data.frame(set = s, boot = d$boot_id, y = d$real) }}
d <- rbind(read("{a_csv}", "a"), read("{b_csv}", "b")); d$set <- factor(d$set)
f <- lme(y ~ set, random = ~1 | boot, data = d)
t <- summary(f)$tTable; ci <- intervals(f, which = "fixed")$fixed
m <- mean(d$y[d$set == "a"])
# The summary's interval is Fieller's for the ratio of b's mean to a's, from
# the model's covariance of intercept and effect at the effect's DF.
b <- fixef(f); V <- vcov(f); q <- qt(0.975, t["setb", "DF"])
ma <- b[[1]]; mb <- b[[1]] + b[[2]]
va <- V[1, 1]; vb <- V[1, 1] + V[2, 2] + 2 * V[1, 2]; cab <- V[1, 1] + V[1, 2]
A <- ma^2 - q^2 * va; B <- -2 * (ma * mb - q^2 * cab); C <- mb^2 - q^2 * vb
r <- sort((-B + c(-1, 1) * sqrt(B^2 - 4 * A * C)) / (2 * A))
cat(sprintf("%.12g %.12g %.12g %.12g\\n", t["setb", "p-value"], 100 * t["setb", "Value"] / m,
            100 * (r[1] - 1), 100 * (r[2] - 1)))
""")
    out = subprocess.run(["Rscript", script], capture_output=True, text=True, timeout=120)
    q.check(out.returncode == 0, f"R failed: {out.stderr}")
    p, estimate, low, high = (float(v) for v in out.stdout.split())
    print(f"nlme: p {p:.6g}, difference {estimate:+.4f}% [{low:+.4f}%, {high:+.4f}%]")
    width = high - low
    for what, ours, theirs, tolerance in (
            ("p_value", row["p_value"], p, 1e-4 * max(p, 1e-6)),
            ("difference_percent", row["difference_percent"], estimate, 1e-4 * width),
            ("ci_low_percent", row["ci_low_percent"], low, 1e-4 * width),
            ("ci_high_percent", row["ci_high_percent"], high, 1e-4 * width)):
        q.check(abs(float(ours) - theirs) <= tolerance,
                f"real: {what} {ours}, nlme says {theirs:.12g}")


def main():
    s = q.settings()
    found = q.kernels_or_skip(s, "aarch64")
    if len(found) < 2:
        q.skip_or_fail(f"two arm64 kernels are needed, the registry gave {len(found)}")
    kernels = {"a": found[-2], "b": found[-1]}
    carried = boot_series(s, kernels)

    work = s["TIMEIT_SYSTEM_WORK"]
    paths = {}
    for name in "ab":
        check_series(name, carried[name], kernels[name][0])
        paths[name] = os.path.join(work, f"{name}.csv")
        with open(paths[name], "wb") as f:
            f.write(carried[name])

    timeit = os.path.join(s["TIMEIT_NATIVE_BUILD"], "timeit")
    summary_csv = os.path.join(work, "summary.csv")
    out = run([timeit, "compare", "-m", "real,sys", "--csv", summary_csv,
               paths["a"], paths["b"]]).stdout
    q.check("Summary against a (mixed model" in out,
            "the summary's heading does not name the mixed model")
    with open(summary_csv) as f:
        summary = {r["metric"]: r for r in q.read_csv(f.read().encode())}
    q.check("real" in summary, f"the summary CSV has no real: {sorted(summary)}")
    for metric, row in summary.items():
        q.check((row["boots_baseline"], row["boots"]) == ("3", "3"),
                f"{metric}: boots {row['boots_baseline']} and {row['boots']}, not 3 and 3")
        q.check(row["test"] == "mixed model", f"{metric}: decided by {row['test']}")
        significant = row["verdict"] in ("worse", "better", "below threshold")
        if row["ci_low_percent"] == "":
            # No percentage: the ratio's interval is unbounded (a baseline
            # mean not told from 0, as sys's can be in a guest), and the
            # verdict is read from the difference's interval, which is the
            # mixed model's test of the difference: its p below 0.05.
            q.check(significant == (float(row["p_value"]) < 0.05),
                    f"{metric}: verdict {row['verdict']} with p {row['p_value']}")
            continue
        low, high = float(row["ci_low_percent"]), float(row["ci_high_percent"])
        q.check(significant == (low > 0 or high < 0),
                f"{metric}: verdict {row['verdict']} with the interval [{low}, {high}]")
    nlme_check(work, paths["a"], paths["b"], summary["real"])

    student = run([timeit, "compare", "--test", "student", "-m", "real",
                   paths["a"], paths["b"]]).stdout
    q.check("Summary against a (Student's t" in student,
            "--test student does not name Student's t in the heading")

    plan = run([timeit, "plan", "--target-ci", "2", paths["a"]]).stdout
    q.check("3 boots" in plan, "timeit plan does not plan from the pilot's 3 boots")
    q.check("measured from 2 reboots" in plan,
            "timeit plan did not take the boot cost from the pilot's reboots")


if __name__ == "__main__":
    q.run_scenario(main)
