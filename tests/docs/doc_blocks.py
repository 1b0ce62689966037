"""The examples of one document: its fenced blocks (Markdown) or .nf/.fi
blocks (the man page), each with what the docs tests make of it.

A block is one of
- a session: lines starting with "$ " are commands, the lines after each
  (up to the next command) its output; "> " lines continue a command;
- output of a command given by a directive right before the block,
  <!-- docs-test: CMD --> in Markdown, .\\" docs-test: CMD in roff;
- commands without output (```sh with no "$ "), whose timeit options are
  checked against the --help of the subcommand they call;
- code in another language (```python, ```json without a directive), left
  alone.
An output block that is none of these is an error, so that no example can
escape the tests unnoticed; one that cannot run anywhere says why with
<!-- docs-test not run: WHY -->.

Directive words before the colon: `vary` (the numbers, dates and plots of
a live measurement vary; the words and the shape must not), `needs X`
(run only where X holds: root, i386, no-pmu; elsewhere skipped, and said),
`not run` (the body is the reason), `captured` (the body names a file in
docs/examples/ holding what a machine the tests cannot be -- a QEMU guest
-- printed: the block must show that file), `measures` (a ```sh block of
commands that make results files of docs/examples/: options checked like
any commands, run by --measure to make them again)."""
import dataclasses
import re

SHELL_LANGS = {"sh", "bash", "shell", "console"}
CODE_LANGS = {"python", "r", "json", "cpp", "c", "csv", "text-code"}


class DocError(Exception):
    """A document the tests cannot read: file:line and what is wrong."""


@dataclasses.dataclass
class Command:
    text: str            # the shell command line(s), continuations joined by "\n"
    expected: list       # expected output lines


@dataclasses.dataclass
class Block:
    path: str
    line: int            # 1-based line of the block's first content line
    end: int             # 1-based line after the last content line
    indent: str          # the fence's indentation (blocks inside list items)
    lang: str
    lines: list          # the content, indentation removed, roff unescaped
    commands: list = dataclasses.field(default_factory=list)  # of Command
    session: bool = False    # "$ " lines inside the block
    vary: bool = False
    needs: list = dataclasses.field(default_factory=list)
    not_run: str = ""
    captured: str = ""       # the file in docs/examples/ the block shows
    kind: str = ""           # "run", "not-run", "commands", "measure", "code"

    def where(self):
        return f"{self.path}:{self.line}"


DIRECTIVE = re.compile(r"docs-test\b([^:]*)(?::\s*(.*))?$", re.S)


def parse_directive(text, where):
    m = DIRECTIVE.match(text.strip())
    if not m:
        raise DocError(f"{where}: not a docs-test directive: {text!r}")
    words, body = m.group(1).split(), (m.group(2) or "").strip()
    d = {"vary": False, "needs": [], "not_run": "", "command": "", "captured": "",
         "measures": False}
    i = 0
    while i < len(words):
        if words[i] == "vary":
            d["vary"] = True
        elif words[i] == "needs" and i + 1 < len(words):
            d["needs"].append(words[i + 1])
            i += 1
        elif words[i:i + 2] == ["not", "run"]:
            d["not_run"] = body or "no reason given"
            i += 1
        elif words[i] == "captured":
            d["captured"] = body
        elif words[i] == "measures":
            d["measures"] = True
        else:
            raise DocError(f"{where}: unknown docs-test word {words[i]!r} "
                           "(vary, needs X, not run, captured, measures)")
        i += 1
    if d["captured"]:
        d["command"] = "cat " + d["captured"]
    elif not d["not_run"] and not d["measures"]:
        d["command"] = body
    return d


def session_commands(lines, where):
    """The "$ " commands of a session block and the output after each."""
    commands = []
    for line in lines:
        if line.startswith("$ ") or line == "$":
            commands.append(Command(line[2:], []))
        elif line.startswith("> ") and commands and not commands[-1].expected:
            commands[-1].text += "\n" + line[2:]
        elif commands:
            commands[-1].expected.append(line)
        else:
            raise DocError(f"{where}: output before the first '$ ' command")
    return commands


def classify(block, directive):
    where = block.where()
    block.session = any(l.startswith("$ ") for l in block.lines)
    if directive:
        block.vary, block.needs = directive["vary"], directive["needs"]
        if directive["not_run"]:
            block.kind, block.not_run = "not-run", directive["not_run"]
            return block
        if directive["measures"]:
            if block.session or block.lang not in SHELL_LANGS:
                raise DocError(f"{where}: 'measures' goes before a ```sh block of commands")
            block.kind = "measure"
            return block
        block.captured = directive["captured"]
        block.kind = "run"
        if directive["command"]:
            if block.session:
                raise DocError(f"{where}: a directive's command and '$ ' lines; give one")
            block.commands = [Command(directive["command"], list(block.lines))]
        elif block.session:
            block.commands = session_commands(block.lines, where)
        else:
            raise DocError(f"{where}: the directive names no command and the block has no '$ ' line")
        return block
    if block.session:
        block.kind, block.commands = "run", session_commands(block.lines, where)
    elif block.lang in SHELL_LANGS:
        block.kind = "commands"
    elif block.lang and block.lang not in ("text", "console"):
        block.kind = "code"
    else:
        raise DocError(f"{where}: an output block the docs tests cannot run: give its command "
                       "('$ ' lines, or a docs-test directive before it) or say why it cannot "
                       "run (docs-test not run: WHY)")
    return block


def classified(block, directive):
    """classify(), a block it cannot read becoming an "error" block, so that
    one bad block does not hide the others."""
    try:
        return classify(block, directive)
    except DocError as e:
        block.kind, block.not_run = "error", str(e)
        return block


FENCE = re.compile(r"^(\s*)```(\S*)\s*$")


def markdown_blocks(path, text):
    lines = text.split("\n")
    blocks, directive, i = [], None, 0
    while i < len(lines):
        line = lines[i]
        if "<!-- docs-test" in line:
            start = i
            comment = line[line.index("<!--") + 4:]
            while "-->" not in comment and i + 1 < len(lines):
                i += 1
                comment += "\n" + lines[i]
            if "-->" not in comment:
                raise DocError(f"{path}:{start + 1}: unterminated docs-test comment")
            if directive:
                raise DocError(f"{path}:{start + 1}: two docs-test directives for one block")
            directive = parse_directive(comment[:comment.index("-->")], f"{path}:{start + 1}")
            i += 1
            continue
        m = FENCE.match(line)
        if not m:
            i += 1
            continue
        indent, lang, first = m.group(1), m.group(2).lower(), i + 1
        j = first
        while j < len(lines) and lines[j].strip() != "```":
            j += 1
        if j == len(lines):
            raise DocError(f"{path}:{i + 1}: a code fence that is never closed")
        content = [l[len(indent):] if l.startswith(indent) else l.lstrip()
                   for l in lines[first:j]]
        blocks.append(classified(Block(path, first + 1, j + 1, indent, lang, content), directive))
        directive, i = None, j + 1
    if directive:
        raise DocError(f"{path}: a docs-test directive after the last block")
    return blocks


# roff escapes in the man page's examples, both ways (the ones it uses).
ROFF = [("\\-", "-"), ("\\(+-", "±"), ("\\(->", "→"), ("\\(em", "—"), ("\\(en", "–"),
        ("\\(mu", "×"), ("\\&", ""), ("\\e", "\\")]


def roff_unescape(line):
    line = re.sub(r"\\f[BIRP]", "", line)
    for roff, text in ROFF:
        line = line.replace(roff, text)
    return line


def roff_escape(line):
    out = line.replace("\\", "\\e")
    for roff, text in ROFF:
        if text and text != "\\":
            out = out.replace(text, roff)
    return "\\&" + out if out.startswith((".", "'")) else out


def roff_blocks(path, text):
    """The .nf/.fi blocks of a man page (its examples), directives being
    .\\" docs-test comments before them."""
    lines = text.split("\n")
    blocks, directive, i = [], None, 0
    while i < len(lines):
        line = lines[i]
        if line.startswith('.\\" docs-test'):
            if directive:
                raise DocError(f"{path}:{i + 1}: two docs-test directives for one block")
            directive = parse_directive(line[3:], f"{path}:{i + 1}")
        elif line.strip() == ".nf":
            j = i + 1
            while j < len(lines) and lines[j].strip() != ".fi":
                j += 1
            content = [roff_unescape(l) for l in lines[i + 1:j]]
            # A man page's .nf block without "$ " lines holds commands.
            block = Block(path, i + 2, j + 1, "", "sh", content)
            blocks.append(classified(block, directive))
            directive, i = None, j
        i += 1
    return blocks


def read_blocks(path, text):
    return roff_blocks(path, text) if path.endswith((".1", ".8")) else markdown_blocks(path, text)
