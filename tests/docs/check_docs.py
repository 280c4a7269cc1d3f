#!/usr/bin/env python3
"""Docs a test keeps true (issue 59): README.md and docs/*.md held against the tree and the CLI.

Fails, naming the page and line, on
  1. a repository path a page names (a code span, a link) that does not exist, and a symbol named
     with its file ("`engine/src/point_engine.cpp` (`count_instructions`, ...)") that the file lacks;
  2. `abtool <command> ... --<option>` where the command has no such option;
  3. a documented default ("`--max-input-mb` (default 256)") that the option's --help contradicts;
  4. a repository path a comment of the product's own sources names that does not exist;
  5. an estimator (a median by hand, Student's t, a variance) in a source outside stats/;
  6. docs/metrics.md's table against kMetrics: every metric once, its unit, which way is better.

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
    if included.exists():
        return included
    source = root / module / "src" / pathlib.Path(*relative.parts[1:])  # `compare/judge.cpp`: its src/
    return source if len(relative.parts) > 1 and source.exists() else path


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

# 4. Paths the product's own comments name (`// ... (see recorder/run_engine.h)`): a comment that
# sends a reader to a file that moved is as wrong as a page that does.
COMMENT = {".h": "//", ".cpp": "//", ".py": "#", ".sh": "#", ".txt": "#"}
PATH_IN_COMMENT = re.compile(r"(?<![\w./-])([a-z_]+/[A-Za-z0-9_./{},-]*[A-Za-z0-9_}])")
# (the whole tree's, so only where no page is named: a named page is checked alone)
sources = [root / line for line in tracked.stdout.splitlines()] if tracked.returncode == 0 and not sys.argv[3:] else []
for source in sources:
    if source.suffix not in COMMENT or source.parts[len(root.parts)] in {"tests", "bench", "build", "runs"} or not source.is_file():
        continue
    if source.suffix == ".txt" and source.name != "CMakeLists.txt":
        continue
    for number, line in enumerate(source.read_text(errors="replace").splitlines(), 1):
        at = line.find(COMMENT[source.suffix])
        if at < 0 or (source.suffix in (".h", ".cpp") and line[:at].count('"') % 2):
            continue  # no comment, or the marker inside a string
        for match in PATH_IN_COMMENT.finditer(line[at:]):
            path = repository_path(match.group(1))
            if not path or "." not in path.rsplit("/", 1)[-1]:
                continue  # a folder ("engine/", "runs/A"), not a file
            files = [existing(root / name) for name in expand_braces(path)]
            checked["comment paths"] = checked.get("comment paths", 0) + 1
            missing = [str(file.relative_to(root)) for file in files if not file.exists()]
            if missing:
                fail(source, number, f"a comment names {', '.join(missing)}, which does not exist")

# 5. Estimators live in stats/ (docs/architecture.md: "nothing else computes one"): a median taken
# by hand, a selection, Student's t or a variance's square root in another module's source is one.
ESTIMATOR = re.compile(r"\.size\(\) / 2\]|nth_element\(|student_t_975\(|std::sqrt\(squares")
for source in sources:
    relative = source.relative_to(root)
    if source.suffix not in (".h", ".cpp") or relative.parts[0] in {"stats", "tests", "bench"} or not source.is_file():
        continue
    for number, line in enumerate(source.read_text(errors="replace").splitlines(), 1):
        code = line.split("//")[0]
        checked["estimators outside stats"] = checked.get("estimators outside stats", 0)
        if ESTIMATOR.search(code):
            checked["estimators outside stats"] += 1
            fail(source, number, "an estimator outside stats/ (a median by hand, Student's t, a variance): use or add one in stats/")

# 6. docs/metrics.md's table against the metrics' rows (model/include/model/metric.h's kMetrics):
# each metric named once, with its unit and which way is better.
ROW = re.compile(r'\{MetricId::\w+, "(\w+)", "[^"]*", "([^"]*)", Better::(\w+),')
metric_rows = {name: (unit, better) for name, unit, better in ROW.findall((root / "model/include/model/metric.h").read_text())}
metrics_page = root / "docs" / "metrics.md"
if metrics_page in pages and metric_rows:
    tabled, in_table = {}, False
    for number, line in enumerate(metrics_page.read_text().splitlines(), 1):
        in_table = line.startswith("| metric | unit | better") or (in_table and line.startswith("|"))
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not in_table or not line.startswith("| `") or len(cells) < 3:
            continue
        units = [unit.strip() for unit in cells[1].split(",")]
        for name in re.findall(r"`(\w+)`", cells[0]):
            checked["metric rows"] = checked.get("metric rows", 0) + 1
            if name in tabled:
                fail(metrics_page, number, f"names metric {name} again (first at line {tabled[name]})")
            tabled[name] = number
            if name not in metric_rows:
                fail(metrics_page, number, f"names metric {name}, which kMetrics has no row for")
                continue
            unit, better = metric_rows[name]
            if unit not in units:
                fail(metrics_page, number, f"gives {name} the unit {cells[1]}; its row says {unit}")
            if cells[2] != better:
                fail(metrics_page, number, f"says {name} is better {cells[2]}; its row says {better}")
    for name in metric_rows:
        if name not in tabled:
            fail(metrics_page, 0, f"has no row for metric {name} (model/include/model/metric.h)")

for line in failures:
    print("FAIL:", line)
print(f"{len(pages)} pages, {len(cli)} commands; checked " + ", ".join(f"{n} {what}" for what, n in checked.items()) +
      f": {len(failures)} finding(s)")
sys.exit(1 if failures else 0)
