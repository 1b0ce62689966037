#!/usr/bin/python3
"""docs_test.py on documents written to break it: a wrong output, an output
block nobody runs, a renamed option in an example without output, must
fail; numbers of a `vary` block, a `not run` block and a skipped need must
not; --update must write what the check then accepts, in Markdown and in
roff. The runner is what keeps the docs honest, so it is tested too.

  docs_test_selftest.py --build BUILD"""
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

CASES = [
    # name, document, whether docs_test.py must pass, words its output must hold
    ("right output passes", "```\n$ timeit --version\ntimeit VERSION\n```\n", True,
     ["1 blocks run"]),
    ("wrong output fails", "```\n$ timeit --version\ntimeit 0.0.0\n```\n", False,
     ["FAIL", "-timeit 0.0.0", "+timeit VERSION"]),
    ("exit status is shown by echo", "```\n$ timeit -n abc true 2>/dev/null\n$ echo $?\n2\n```\n",
     True, ["1 blocks run"]),
    ("an output block nobody runs fails", "Some output:\n\n```\nN Min Max\n```\n", False,
     ["an output block the docs tests cannot run"]),
    ("not run says why", "<!-- docs-test not run: a benchmark -->\n```\nms 71.7\n```\n", True,
     ["not run doc.md:3: a benchmark"]),
    ("directive command", "<!-- docs-test: timeit --version | tr a-z A-Z -->\n```\n"
     "TIMEIT VERSION\n```\n", True, ["1 blocks run"]),
    ("vary: other numbers, same words", "<!-- docs-test vary -->\n```\n"
     "$ printf 'x   5  0.123  1.5e-05  real\\n|  x  + |\\n|x    +|\\n'\n"
     "x 3 9.9 0.2 real\n|+ x  |\n```\n", True, ["1 blocks run"]),
    ("vary: other words fail", "<!-- docs-test vary -->\n```\n$ echo 5 runs\n5 walks\n```\n",
     False, ["FAIL"]),
    ("a renamed option fails", "```sh\ntimeit -n 3 --runz 4 -- make\n```\n", False,
     ["--runz is not in its --help"]),
    ("the command's own options are its own", "```sh\ntimeit -n 3 -o x.csv -- make --runz\n"
     "timeit compare -m real --bogus-looking-file.csv\n```\n", False,
     ["--bogus-looking-file.csv is not in its --help"]),
    ("an unmet need is skipped and said", "<!-- docs-test needs nothing-here -->\n```\n"
     "$ false\nnever\n```\n", True, ["skipped doc.md:3: unknown need 'nothing-here'"]),
]


def run(build, path, update=False):
    args = [sys.executable, os.path.join(HERE, "docs_test.py"), "--build", build, path]
    if update:
        args.insert(2, "--update")
    return subprocess.run(args, capture_output=True, text=True, timeout=600)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", required=True)
    build = parser.parse_args().build
    version = subprocess.run([os.path.join(build, "timeit"), "--version"], capture_output=True,
                             text=True, timeout=60).stdout.split()[-1]
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "doc.md")
        for name, doc, passes, words in CASES:
            with open(path, "w") as f:
                f.write(doc.replace("VERSION", version))
            r = run(build, path)
            out = r.stdout.replace(tmp + "/", "")
            if (r.returncode == 0) != passes or not all(w.replace("VERSION", version) in out
                                                        for w in words):
                failures.append(f"{name}: exit {r.returncode}\n{out}{r.stderr}")
        # --update writes the output, which the check then accepts.
        for doc, name in (("```\n$ timeit --version\nold\n```\n", "doc.md"),
                          (".nf\n$ timeit \\-\\-version\nold\n.fi\n", "doc.1")):
            path = os.path.join(tmp, name)
            with open(path, "w") as f:
                f.write(doc)
            updated = run(build, path, update=True)
            check = run(build, path)
            text = open(path).read()
            if updated.returncode != 0 or check.returncode != 0 or "old" in text or \
                    f"timeit {version}" not in text:
                failures.append(f"--update of {name}: {updated.stdout}{check.stdout}{text}")
    for failure in failures:
        print("FAIL " + failure)
    print(f"{len(CASES) + 2 - len(failures)} of {len(CASES) + 2} cases as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
