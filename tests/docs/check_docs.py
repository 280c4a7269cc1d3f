#!/usr/bin/env python3
"""Docs a test keeps true (issue 59): README.md and docs/*.md held against the tree and the CLI.

Fails, naming the page and line, on
  1. a repository path a page names (a code span, a link) that does not exist, and a symbol named
     with its file ("`engine/src/point_engine.cpp` (`count_instructions`, ...)") that the file lacks;
  2. `abtool <command> ... --<option>` where the command has no such option;
  3. a documented default ("`--max-input-mb` (default 256)") that the option's --help contradicts.

usage: check_docs.py REPOSITORY ABTOOL_BINARY [PAGE...]   (default: README.md and docs/*.md)
"""
import itertools
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(sys.argv[1]).resolve()
abtool = sys.argv[2]

pages = [pathlib.Path(page).resolve() for page in sys.argv[3:]] or [root / "README.md"] + sorted((root / "docs").glob("*.md"))
# What a path may start with: the repository's own top-level folders and files (not build/, runs/).
tracked = subprocess.run(["git", "-C", str(root), "ls-files"], capture_output=True, text=True)
if tracked.returncode == 0 and tracked.stdout:
    top_level = {line.split("/")[0] for line in tracked.stdout.splitlines()}
else:  # a tree without git: what is there, less what a build or a run makes
    top_level = {entry.name for entry in root.iterdir()} - {"build", "runs", ".git"}

failures = []


def fail(page, number, what):
    failures.append(f"{page.relative_to(root) if page.is_relative_to(root) else page}:{number}: {what}")


def expand_braces(text):
    """printers/src/{csv,json}_exporter.cpp -> each file it names."""
    parts = re.split(r"\{([^{}]*)\}", text)
    if len(parts) == 1:
        return [text]
    choices = [[part] if i % 2 == 0 else part.split(",") for i, part in enumerate(parts)]
    return ["".join(combination) for combination in itertools.product(*choices)]


def repository_path(token):
    """The path a code span names, or None when it names none of the repository's files."""
    token = token.strip().rstrip(".,;:)").split("#")[0]
    token = re.sub(r":\d+(-\d+)?$", "", token)  # file.cpp:120
    if "/" not in token or any(c in token for c in "<>*$ \t=") or token.startswith(("/", "./", "../", "http")):
        return None
    if token.split("/")[0] not in top_level:
        return None
    return token


def existing(path):
    """A header named as it is included (`model/metric.h`) is found under its module's include/."""
    if path.exists():
        return path
    relative = path.relative_to(root)
    module = relative.parts[0]
    included = root / module / "include" / relative
    return included if included.exists() else path


checked = {"paths": 0, "symbols": 0, "invocations": 0, "options": 0, "defaults": 0}

# 1. Paths, and the symbols named with them.
SYMBOL = re.compile(r"^[A-Za-z_][A-Za-z0-9_:]*(\(\))?$")
for page in pages:
    for number, line in enumerate(page.read_text().splitlines(), 1):
        spans = list(re.finditer(r"`([^`\n]+)`", line))
        for i, span in enumerate(spans):
            path = repository_path(span.group(1))
            if not path:
                continue
            files = [existing(root / name) for name in expand_braces(path)]
            missing = [str(file.relative_to(root)) for file in files if not file.exists()]
            checked["paths"] += 1
            if missing:
                fail(page, number, f"names {', '.join(missing)}, which does not exist")
                continue
            # "`file` (`symbol`, ...)": the first span inside the parentheses right after the path.
            after = line[span.end():]
            follow = re.match(r"\s*\(`([^`]+)`", after)
            if follow and SYMBOL.match(follow.group(1)) and len(files) == 1 and files[0].is_file():
                symbol = follow.group(1).removesuffix("()").split("::")[-1]
                checked["symbols"] += 1
                if symbol not in files[0].read_text(errors="replace"):
                    fail(page, number, f"names `{symbol}` in {path}, which has no such name")
        for link in re.finditer(r"\]\(([^)\s]+)\)", line):
            target = link.group(1).split("#")[0]
            if not target or re.match(r"^[a-z]+:", target) or set(target) <= {"."}:
                continue
            if not (page.parent / target).exists():
                fail(page, number, f"links to {target}, which does not exist")


# The CLI as its help says it: each command's options, and each option's help text.
def help_of(command):
    result = subprocess.run([abtool, *command, "--help"], capture_output=True, text=True)
    return result.stdout if result.returncode == 0 else None


def options_of(help_text):
    """{option: its help text} from CLI11's option list."""
    options, current = {}, None
    for line in help_text.splitlines():
        start = re.match(r"^  (?:-\w,)?(--[a-z0-9][a-z0-9-]*)(.*)$", line)
        if start:
            current = start.group(1)
            options[current] = start.group(2)
        elif current and re.match(r"^ {20,}\S", line):
            options[current] += " " + line.strip()
        else:
            current = None
    return options


top_help = help_of([]) or ""
commands = re.findall(r"^  ([a-z]+) {2,}", top_help.split("Subcommands:")[-1], re.M)
cli = {}
for command in commands:
    text = help_of([command])
    if text is None:
        continue
    cli[(command,)] = options_of(text)
    if "Subcommands:" in text:  # `abtool history add`
        for sub in re.findall(r"^  ([a-z]+) {2,}", text.split("Subcommands:")[-1], re.M):
            sub_text = help_of([command, sub])
            if sub_text is not None:
                cli[(command, sub)] = options_of(sub_text)
GLOBAL = {"--help", "--version"}

# 2. `abtool <command> ... --option`, in code blocks and code spans.
# "abtool diff: error: ..." is a message abtool prints, not an invocation: a command followed by ':' is left out.
INVOCATION = re.compile(r"(?:^|[\s`(\"'$/])abtool ((?:[a-z]+)(?:\|[a-z]+)*)\b(?!:)((?: [a-z]+)?)(.*)")
for page in pages:
    lines = page.read_text().splitlines()
    joined = []  # a shell line continued with a backslash is one line
    for number, line in enumerate(lines, 1):
        if joined and joined[-1][1].endswith("\\"):
            joined[-1] = (joined[-1][0], joined[-1][1][:-1] + " " + line.strip())
        else:
            joined.append((number, line))
    for number, line in joined:
        for match in INVOCATION.finditer(line):
            names, sub, rest = match.group(1).split("|"), match.group(2).strip(), match.group(3)
            rest = re.split(r"`|\|\||&&|;| \| | # | -- |\$\(|\)", rest)[0]
            if rest.startswith(" -- "):
                continue
            for name in names:
                key = (name, sub) if sub and (name, sub) in cli else (name,)
                if key not in cli:
                    if name in commands:
                        continue
                    break  # not a command ("abtool is", "abtool's"): prose
                checked["invocations"] += 1
                for option in re.findall(r"(?<![\w-])(--[a-z0-9][a-z0-9-]*)", rest):
                    checked["options"] += 1
                    if option not in cli[key] and option not in GLOBAL:
                        fail(page, number, f"`abtool {' '.join(key)} {option}`: the command has no such option")

# 3. Documented defaults against --help's.
DEFAULT = re.compile(r"`(--[a-z0-9-]+)[^`]*` \(default ([^),;]+)")
HELP_DEFAULT = re.compile(r"(?:\(default:? |=)([^),; ]+)")
for page in pages:
    for number, line in enumerate(page.read_text().splitlines(), 1):
        for match in DEFAULT.finditer(line):
            option, documented = match.group(1), match.group(2).split()[0].rstrip("%")
            said = []
            for options in cli.values():
                if option in options:
                    found = HELP_DEFAULT.search(options[option])
                    if found:
                        said.append(found.group(1).rstrip("%"))
            checked["defaults"] += bool(said)
            if said and documented not in said:
                fail(page, number, f"documents {option}'s default as {documented}; --help says {', '.join(sorted(set(said)))}")

for line in failures:
    print("FAIL:", line)
print(f"{len(pages)} pages, {len(cli)} commands; checked " + ", ".join(f"{n} {what}" for what, n in checked.items()) +
      f": {len(failures)} finding(s)")
sys.exit(1 if failures else 0)
