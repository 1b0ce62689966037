"""The timeit command lines of examples shown without output: each option
they give must be one the --help of that subcommand lists, so a renamed or
removed option cannot linger in an example nobody runs."""
import re
import shlex
import subprocess

# "  -n, --runs N   text" or "      --shell   text": short, long, argument.
# The value's words: one (N, FILE), or several in capitals (NAME MIN MAX).
_OPTION = re.compile(r"^  (?:-([A-Za-z]), |    )--([a-z][a-z-]*)(?: (\S+(?: [A-Z]+)*))?(?:  |$)")
_TIMEIT = re.compile(r"(?:^|/)timeit$")


class HelpOptions:
    """What each subcommand's --help lists, asked once per subcommand."""

    def __init__(self, timeit):
        self.timeit, self.cache = timeit, {}
        self.subcommands = self._subcommands()

    def _help(self, args):
        return subprocess.run([self.timeit] + args + ["--help"], capture_output=True,
                              text=True, timeout=60).stdout

    def _subcommands(self):
        text = self._help([])
        listed = text.split("\nsubcommands:\n", 1)[1] if "\nsubcommands:\n" in text else ""
        return {line.split()[0] for line in listed.splitlines() if line.strip()}

    def options(self, subcommand):
        """{"--runs": 1, "-n": 1, "--quiet": 0, "--parameter-scan": 3, ...}: the words each takes"""
        if subcommand not in self.cache:
            found = {}
            for line in self._help([subcommand] if subcommand else []).splitlines():
                m = _OPTION.match(line)
                if m:
                    takes = len(m.group(3).split()) if m.group(3) else 0
                    found["--" + m.group(2)] = takes
                    if m.group(1):
                        found["-" + m.group(1)] = takes
            self.cache[subcommand] = found
        return self.cache[subcommand]


def command_lines(block_lines):
    """The block's commands: continuations joined, comments dropped."""
    joined, out = "", []
    for line in block_lines:
        if line.rstrip().endswith("\\"):
            joined += line.rstrip()[:-1] + " "
            continue
        out.append(joined + line)
        joined = ""
    if joined:
        out.append(joined)
    return out


def timeit_invocations(line):
    try:
        words = shlex.split(line, comments=True)
    except ValueError:
        return []
    runs, current = [], None
    for word in words:
        if word in ("|", "&&", "||", ";"):
            current = None
        elif current is not None:
            current.append(word)
        elif _TIMEIT.search(word):
            current = []
            runs.append(current)
    return runs


def check_invocation(args, helps):
    """Problems with one timeit command line's options, as messages."""
    subcommand = args[0] if args and args[0] in helps.subcommands else ""
    if subcommand:
        args = args[1:]
    known = helps.options(subcommand)
    if subcommand == "boots":
        # boots start passes the run mode's options through to every boot's series.
        known = {**helps.options(""), **known}
    if not any(name.startswith("--") for name in known):
        return []  # ministat: getopt letters, its own help has no long options
    problems, i = [], 0
    while i < len(args):
        word = args[i]
        if word == "--":
            break
        if word.startswith("--"):
            name = word.split("=", 1)[0]
            if name not in known:
                problems.append(f"timeit {subcommand or '(run)'}: {name} is not in its --help")
            elif known[name] and "=" not in word:
                i += known[name]
        elif word.startswith("-") and len(word) > 1 and not word[1].isdigit():
            name = word[:2]
            if name not in known:
                problems.append(f"timeit {subcommand or '(run)'}: {name} is not in its --help")
            elif known[name] and len(word) == 2:
                i += known[name]
        elif not subcommand:
            break  # the measured command: its options are its own
        i += 1
    return problems
