#!/usr/bin/python3
"""Docs as tests: every shell example with output in the given documents
runs against the built timeit, and its output must be the one shown.

  docs_test.py --build BUILD [--update] [--keep] DOC...

Each document's examples run in order in one temporary directory holding
a copy of docs/examples/ (the results files the docs' outputs come from)
and links to build/, build-i386/, tests/ and bench/, with the built timeit
first on PATH, in the C.UTF-8 locale and UTC. A block's commands run in one
bash, so `echo $?` shows the exit status of the command before it; stdout
and stderr go to one pipe, as a terminal shows them. Examples without
output have their timeit options checked against --help
(doc_commands.py). What a block may say about itself: doc_blocks.py.

--update writes the actual outputs into the documents instead (what
scripts/docs-outputs.sh does); the blocks marked `needs` something this
machine lacks are left as they are, and said."""
import argparse
import difflib
import functools
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import doc_blocks  # noqa: E402
import doc_commands  # noqa: E402
import doc_output  # noqa: E402

SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MARK = "\x1edocs-test-mark\x1e"


def has_hardware_pmu():
    devices = "/sys/bus/event_source/devices"
    names = os.listdir(devices) if os.path.isdir(devices) else []
    return any(n in ("cpu", "cpu_core", "cpu_atom") or n.startswith(("armv8_pmuv3", "armv7"))
               for n in names)


@functools.lru_cache(maxsize=None)
def runs_i386():
    """Whether build-i386/timeit is there and this kernel runs it (an x86-64
    kernel without IA-32 emulation refuses i386 programs), and why not."""
    timeit = os.path.join(SOURCE, "build-i386", "timeit")
    if not os.access(timeit, os.X_OK):
        return False, "no build-i386/timeit (scripts/test-i386.sh --build-only)"
    try:
        subprocess.run([timeit, "--version"], capture_output=True, check=True, timeout=60)
    except (OSError, subprocess.SubprocessError) as e:
        return False, f"this kernel does not run build-i386/timeit (no IA-32 emulation?): {e}"
    return True, ""


def unmet_needs(needs):
    """The needs of a block this machine lacks, each with why."""
    have = {
        "root": (os.geteuid() == 0, "not root"),
        "i386": runs_i386(),
        "no-pmu": (not has_hardware_pmu(), "this machine has a hardware PMU"),
    }
    out = []
    for need in needs:
        ok, why = have.get(need, (False, f"unknown need {need!r}"))
        if not ok:
            out.append(why)
    return out


class Workspace:
    """The temporary directory a document's examples run in."""

    def __init__(self, build, keep, examples=True):
        self.dir = tempfile.mkdtemp(prefix="timeit-docs-")
        self.keep = keep
        source = os.path.join(SOURCE, "docs", "examples")
        if examples and os.path.isdir(source):
            shutil.copytree(source, self.dir, dirs_exist_ok=True)
        elif os.path.isdir(source):
            # A measuring workspace starts without the results files (its
            # commands make them new, never append), but has the projects
            # they build: the folders of docs/examples/, read only.
            for name in sorted(os.listdir(source)):
                if os.path.isdir(os.path.join(source, name)):
                    shutil.copytree(os.path.join(source, name), os.path.join(self.dir, name))
        for name, target in (("build", build), ("build-i386", os.path.join(SOURCE, "build-i386")),
                             ("tests", os.path.join(SOURCE, "tests")),
                             ("bench", os.path.join(SOURCE, "bench"))):
            if os.path.exists(target) and not os.path.exists(os.path.join(self.dir, name)):
                os.symlink(os.path.abspath(target), os.path.join(self.dir, name))
        bin_dir = os.path.join(self.dir, ".bin")
        os.mkdir(bin_dir)
        os.symlink(os.path.join(os.path.abspath(build), "timeit"), os.path.join(bin_dir, "timeit"))
        self.env = {"PATH": bin_dir + ":/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin",
                    "HOME": self.dir, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TZ": "UTC",
                    "TERM": "dumb"}
        for name, value in os.environ.items():
            if name.startswith(("ASAN_", "UBSAN_", "LSAN_")):
                self.env[name] = value

    def run(self, commands):
        """Runs a block's commands in one bash; the output of each. Each block
        is a login of its own: the machine's notes a series says once per
        machine state (run/machine_notes.h) are stamped in a runtime folder of
        the block's, so that a block shows them as its first series says them."""
        runtime = tempfile.mkdtemp(prefix="timeit-docs-run-")
        try:
            return self.run_in(commands, dict(self.env, XDG_RUNTIME_DIR=runtime))
        finally:
            shutil.rmtree(runtime, ignore_errors=True)

    def run_in(self, commands, env):
        script = ["__docs_mark() { printf '\\n%s\\n' \"$1\"; }"]
        for command in commands:
            script += [command.text, f"__docs_status=$?; __docs_mark '{MARK}'; "
                                     "(exit $__docs_status)"]
        done = subprocess.run(["bash", "-c", "\n".join(script)], cwd=self.dir, env=env,
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=900)
        text = done.stdout.decode("utf-8", "replace")
        chunks = text.split("\n" + MARK + "\n")
        outputs = [chunk.split("\n") for chunk in chunks[:len(commands)]]
        while len(outputs) < len(commands):
            outputs.append(["(the block's shell ended before this command: "
                            f"status {done.returncode})"])
        return [doc_output.trimmed(o) for o in outputs]

    def close(self):
        if self.keep:
            print(f"kept {self.dir}")
        else:
            shutil.rmtree(self.dir, ignore_errors=True)


def session_lines(commands, outputs):
    out = []
    for command, output in zip(commands, outputs):
        first, *more = command.text.split("\n")
        out += ["$ " + first] + ["> " + m for m in more] + output
    return out


def shown(path):
    """`path` as messages name it: from the repository root when inside it."""
    full = os.path.abspath(path)
    return os.path.relpath(full, SOURCE) if full.startswith(SOURCE + os.sep) else path


def check_commands(block, helps):
    """The problems of a block of commands: options --help does not list."""
    problems = []
    for line in doc_commands.command_lines(block.lines):
        for invocation in doc_commands.timeit_invocations(line):
            for problem in doc_commands.check_invocation(invocation, helps):
                problems.append(f"FAIL {block.where()}: {problem}: {line.strip()}")
    return problems


def measure(block, args):
    """Runs a `measures` block in an empty workspace and copies the files it
    made into docs/examples/."""
    workspace = Workspace(args.build, args.keep, examples=False)
    try:
        before = set(os.listdir(workspace.dir))
        script = "\n".join(block.lines)
        done = subprocess.run(["bash", "-e", "-c", script], cwd=workspace.dir, env=workspace.env,
                              stdin=subprocess.DEVNULL, timeout=3600)
        if done.returncode != 0:
            return [f"FAIL {block.where()}: the measuring commands exited {done.returncode}"]
        examples = os.path.join(SOURCE, "docs", "examples")
        os.makedirs(examples, exist_ok=True)
        for name in sorted(set(os.listdir(workspace.dir)) - before):
            shutil.copy(os.path.join(workspace.dir, name), os.path.join(examples, name))
            print(f"measured docs/examples/{name} ({block.where()})")
        return []
    finally:
        workspace.close()


def compare_outputs(block, outputs, rel):
    failures = []
    for command, actual in zip(block.commands, outputs):
        if doc_output.matches(command.expected, actual, block.vary):
            continue
        failures.append(f"FAIL {block.where()}: $ {command.text}\n" + "".join(
            difflib.unified_diff([l + "\n" for l in doc_output.trimmed(command.expected)],
                                 [l + "\n" for l in actual], f"{rel} (expected)", "actual")))
    return failures


def check_document(path, args, helps, tally):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    rel = shown(path)
    blocks = doc_blocks.read_blocks(rel, text)
    failures, replacements = [], []
    if args.measure:
        for block in blocks:
            if block.kind != "measure":
                continue
            unmet = unmet_needs(block.needs)
            if unmet:
                print(f"not measured again {block.where()}: {'; '.join(unmet)}")
                continue
            failures += measure(block, args)
    workspace = Workspace(args.build, args.keep)
    try:
        for block in blocks:
            if block.kind == "error":
                failures.append(f"FAIL {block.not_run}")
            elif block.kind in ("commands", "measure"):
                failures += check_commands(block, helps)
                tally["commands"] += 1
            elif block.kind == "not-run":
                print(f"not run {block.where()}: {block.not_run}")
                tally["not run"] += 1
            elif block.kind == "run":
                unmet = unmet_needs(block.needs)
                if unmet:
                    print(f"skipped {block.where()}: {'; '.join(unmet)}")
                    tally["skipped"] += 1
                    continue
                outputs = workspace.run(block.commands)
                tally["captured" if block.captured else "run"] += 1
                if args.update:
                    # A block that still matches stays as it is: a `vary` block's
                    # numbers would otherwise change on every run of the script.
                    if not compare_outputs(block, outputs, rel):
                        continue
                    new = (session_lines(block.commands, outputs) if block.session
                           else outputs[0])
                    replacements.append((block, new))
                else:
                    failures += compare_outputs(block, outputs, rel)
    finally:
        workspace.close()
    for failure in failures:
        print(failure, end="" if failure.endswith("\n") else "\n")
    if replacements:
        write_outputs(path, text, replacements)
    return len(failures)


def write_outputs(path, text, replacements):
    lines = text.split("\n")
    roff = path.endswith((".1", ".8"))
    for block, new in sorted(replacements, key=lambda r: -r[0].line):
        body = [doc_blocks.roff_escape(l) if roff else (block.indent + l if l else "")
                for l in new]
        lines[block.line - 1:block.end - 1] = body
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", required=True, help="the build directory (build/timeit)")
    parser.add_argument("--update", action="store_true", help="write the outputs into the docs")
    parser.add_argument("--measure", action="store_true",
                        help="first run the `measures` blocks again, remaking docs/examples/")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directories")
    parser.add_argument("docs", nargs="+")
    args = parser.parse_args()
    helps = doc_commands.HelpOptions(os.path.join(args.build, "timeit"))
    failed = 0
    for path in args.docs:
        tally = {"run": 0, "captured": 0, "not run": 0, "skipped": 0, "commands": 0}
        try:
            failed += check_document(path, args, helps, tally)
        except doc_blocks.DocError as e:
            print(f"FAIL {e}")
            failed += 1
        print(f"{shown(path)}: {tally['run']} blocks run, "
              f"{tally['captured']} shown as captured from a QEMU guest, "
              f"{tally['not run']} not run (said why), {tally['skipped']} skipped here, "
              f"{tally['commands']} blocks of commands checked against --help")
    if failed:
        print(f"{failed} failed" + ("" if args.update else
                                    "; scripts/docs-outputs.sh rewrites the outputs"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
