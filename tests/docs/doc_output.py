"""Expected output against actual output: exact, or -- for a block marked
`vary`, a live measurement -- with what a measurement changes from run to
run made equal on both sides."""
import re

# What a live measurement changes: timestamps, UUIDs (boot ids), numbers
# (with a unit suffix ministat's and the summary's readable numbers carry),
# the columns numbers are aligned to, and a plot's rows.
_DATE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z?")
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
_NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?(?:[kMGT%]|µs|ms|s)?"
                     r"(?![\w])")
_PLOT_ROW = re.compile(r"^\|.*\|$")


def normalize(lines):
    out = []
    for line in lines:
        line = _UUID.sub("<uuid>", _DATE.sub("<date>", line))
        line = _NUMBER.sub("<n>", line)
        line = re.sub(r"\s+", " ", line).strip()
        if _PLOT_ROW.match(line):
            line = "|<plot>|"
        if out and line == "|<plot>|" and out[-1] == line:
            continue  # a plot is as high as its data needs
        out.append(line)
    return out


def trimmed(lines):
    lines = [l.rstrip() for l in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def matches(expected, actual, vary):
    expected, actual = trimmed(expected), trimmed(actual)
    if vary:
        return normalize(expected) == normalize(actual)
    return expected == actual
