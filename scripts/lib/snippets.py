#!/usr/bin/env python3
"""The helper of scripts/check-snippets (read its header for the markers).

    snippets.py generate --root DIR --vitrine-path DIR --package DIR
        Reads every ```swift block of README.md, docs/**/*.md, the DocC articles and Examples/*/README.md, checks its
        marker, and writes DIR (a SwiftPM package: one target per compiled block, depending on
        Vitrine by path), DIR/manifests/NAME/Package.swift (one per `compiled as manifest`
        block) and DIR/snippets.json (where each generated line comes from). Files whose text
        did not change are not rewritten, so a second build is incremental. Exit 1 when a block
        has no marker or a bad one.
    snippets.py map --package DIR --vitrine-path DIR
        A filter for the compiler's output: rewrites each generated file:line to the markdown
        file:line it came from, and says whose error it is. Exit 1 if it saw an error. Adds
        the targets with errors to DIR/status.json.
    snippets.py retry --package DIR
        After a failed build: the targets not yet seen failing, one a line (none when the error
        is in Vitrine's own sources), which check-snippets builds one by one.
"""
import argparse, json, os, re, sys

PROG = "check-snippets"
DEFAULT_IMPORTS = ["Vitrine", "VitrineGraphics"]

MARKER_HELP = """put one of these on the line right before the block:
    <!-- compiled as body -->       statements, as in a method of an app (add `(name: Type, …)`
                                    for the names it uses, `in SomeType` for `self`, and
                                    declarations on the comment's next lines)
    <!-- compiled as file -->       a complete Swift file, with its imports
    <!-- compiled as manifest -->   arguments of Package(…) in a Package.swift
    <!-- compiled: path/to/file.swift -->   the block is that file, which CI compiles elsewhere
  or, if the block is not Swift, retag its fence (```text, ```sh, ```toml).
  The markers are described at the top of scripts/check-snippets."""


def fail_marker(problems, where, message):
    problems.append(f"{where}: {message}")


def documents(root):
    """README.md, docs/**/*.md (every folder under docs/), the DocC articles
    (Sources/*/*.docc/**/*.md), Examples/*/README.md, relative to root."""
    found = ["README.md"] if os.path.isfile(os.path.join(root, "README.md")) else []
    docs = os.path.join(root, "docs")
    if os.path.isdir(docs):
        found += sorted(os.path.relpath(os.path.join(folder, n), root)
                        for folder, _, names in os.walk(docs) for n in names if n.endswith(".md"))
    # The API reference's articles (DocC catalogs, Sources/MODULE/MODULE.docc/**/*.md).
    sources = os.path.join(root, "Sources")
    if os.path.isdir(sources):
        found += sorted(os.path.relpath(os.path.join(folder, n), root)
                        for folder, _, names in os.walk(sources) if ".docc" in folder
                        for n in names if n.endswith(".md"))
    examples = os.path.join(root, "Examples")
    if os.path.isdir(examples):
        for name in sorted(os.listdir(examples)):
            if os.path.isfile(os.path.join(examples, name, "README.md")):
                found.append(os.path.join("Examples", name, "README.md"))
    return found


FENCE = re.compile(r"^( {0,3})(`{3,}|~{3,})\s*([^`\s]*)")


def swift_blocks(text):
    """(fence line number, indentation, lines of the block) for each ```swift block."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = len(m.group(1)), m.group(2), m.group(3).lower()
        start = i
        i += 1
        body = []
        while i < len(lines):
            close = re.match(r"^ {0,3}(`{3,}|~{3,})\s*$", lines[i])
            if close and close.group(1)[0] == fence[0] and len(close.group(1)) >= len(fence):
                break
            line = lines[i]
            # Strip up to the fence's indentation, as CommonMark does.
            strip = len(line) - len(line.lstrip(" "))
            body.append(line[min(strip, indent):])
            i += 1
        i += 1
        if info == "swift":
            yield start + 1, body, lines


def marker_before(lines, fence_line):
    """The marker comment ending on the line before the fence: (first line number, text lines)."""
    last = fence_line - 2          # index of the line right before the fence
    if last < 0 or not lines[last].rstrip().endswith("-->"):
        return None
    first = last
    while first >= 0 and "<!--" not in lines[first]:
        if last - first > 80:
            return None
        first -= 1
    if first < 0:
        return None
    comment = lines[first:last + 1]
    comment[0] = comment[0][comment[0].index("<!--") + 4:]
    comment[-1] = comment[-1][:comment[-1].rindex("-->")]
    return first + 1, comment


BODY = re.compile(r"^compiled as body(?:\((?P<params>.*)\))?(?:\s+in\s+(?P<type>[A-Za-z_][\w.]*))?\s*(?:;\s*(?P<options>.*))?$")
FILE = re.compile(r"^compiled as file\s*(?:;\s*(?P<options>.*))?$")
IMPORT = re.compile(r"^\s*(?:@[\w()]+\s+)*(?:public\s+|internal\s+|package\s+)?import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)")


def parse_options(text, where, problems):
    traits = []
    for option in filter(None, (o.strip() for o in (text or "").split(";"))):
        key, _, value = option.partition(":")
        if key.strip() == "traits" and value.strip():
            traits += [t.strip() for t in value.split(",") if t.strip()]
        else:
            fail_marker(problems, where, f"unknown option `{option}` in the marker: the only option is "
                        "`; traits: Window, RemoteView` (Vitrine's traits the block needs)")
    return traits


def target_name(document, line):
    return re.sub(r"\W", "_", document.replace(".md", "")) + f"_L{line}"


class Writer:
    """Writes a generated file only when its text changed, and remembers its line map."""

    def __init__(self, package):
        self.package, self.written, self.maps = package, set(), {}

    def write(self, relative, pieces):
        """pieces: (text, origin) where origin is None (the wrapper) or (document, first line)."""
        text, segments, line = "", [], 1
        for piece, origin in pieces:
            count = piece.count("\n")
            if origin is not None and count:
                segments.append([line, line + count - 1, origin[0], origin[1]])
            text += piece
            line += count
        path = os.path.join(self.package, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        try:
            old = open(path, encoding="utf-8").read()
        except OSError:
            old = None
        if old != text:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        self.written.add(os.path.realpath(path))
        return path, segments


def lines_text(lines):
    return "".join(l + "\n" for l in lines)


def generate(args):
    root, package = os.path.abspath(args.root), os.path.abspath(args.package)
    vitrine = os.path.abspath(args.vitrine_path)
    manifest = open(os.path.join(vitrine, "Package.swift"), encoding="utf-8").read()
    products = set(re.findall(r'\.library\(\s*name:\s*"(\w+)"', manifest))
    known_traits = set(re.findall(r'\.trait\(\s*name:\s*"(\w+)"', manifest))
    writer, problems, maps = Writer(package), [], {}
    missing = False
    targets, traits, manifests, counts = [], set(), [], {}

    def count(kind):
        counts[kind] = counts.get(kind, 0) + 1

    for document in documents(root):
        text = open(os.path.join(root, document), encoding="utf-8").read()
        for fence, body, lines in swift_blocks(text):
            where = f"{document}:{fence}"
            found = marker_before(lines, fence)
            if found is None:
                fail_marker(problems, where, "this ```swift block has no marker saying how it is compiled: "
                            "add one on the line right before its fence (the markers are below)")
                missing = True
                continue
            marker_line, comment = found
            while len(comment) > 1 and not comment[0].strip():      # `<!--` alone on its line
                comment, marker_line = comment[1:], marker_line + 1
            head, prelude = comment[0].strip(), comment[1:]
            prelude_origin = (document, marker_line + 1)
            first = fence + 1                 # the markdown line of the block's first line
            name = target_name(document, fence)
            if head.startswith("not compiled:"):
                if not head[len("not compiled:"):].strip():
                    fail_marker(problems, where, "`not compiled:` needs the reason after it "
                                "(and a block that is not Swift is better retagged ```text or ```sh)")
                count("not compiled")
                continue
            if head.startswith("compiled:"):
                path = head[len("compiled:"):].strip()
                full = os.path.join(root, path)
                if not path or " " in path or not path.endswith(".swift"):
                    fail_marker(problems, where, f"`<!-- compiled: {path} -->` must name one .swift file "
                                "that CI compiles, or use another marker (below)")
                    missing = True
                elif not os.path.isfile(full):
                    fail_marker(problems, where, f"the block is marked as {path}, which does not exist: "
                                "fix the path, or mark the block `compiled as file`")
                elif open(full, encoding="utf-8").read() != lines_text(body):
                    fail_marker(problems, where, f"the block differs from {path}: copy the file into the "
                                "block (the file is what CI compiles and tests)")
                count("compiled: PATH")
                continue
            if head == "compiled as manifest":
                if any(l.strip() for l in prelude):
                    fail_marker(problems, where, "`compiled as manifest` takes no declarations in its "
                                "comment: end the comment on its first line")
                out = os.path.join("manifests", name, "Package.swift")
                path, segments = writer.write(out, [
                    ("// swift-tools-version: 6.2\n"
                     f"// Generated by scripts/check-snippets from {where}: the block is Package(…)'s arguments.\n"
                     "import PackageDescription\n\nlet package = Package(\n    name: \"Snippet\",\n", None),
                    (lines_text(body), (document, first)),
                    (")\n", None)])
                maps[path] = {"segments": segments, "block": where, "marker": [document, marker_line],
                              "target": name}
                manifests.append(os.path.dirname(path))
                count("manifest")
                continue
            m_body, m_file = BODY.match(head), FILE.match(head)
            if not (m_body or m_file):
                fail_marker(problems, where, f"unknown marker `<!-- {head} -->`: use one of those below")
                missing = True
                continue
            m = m_body or m_file
            block_traits = parse_options(m.group("options"), where, problems)
            for trait in block_traits:
                if trait not in known_traits:
                    fail_marker(problems, where, f"`{trait}` is not one of Vitrine's traits "
                                f"({', '.join(sorted(known_traits))})")
            traits.update(block_traits)
            header = f"// Generated by scripts/check-snippets from {where}; edit the markdown, not this file.\n"
            if m_file:
                if prelude and any(l.strip() for l in prelude):
                    fail_marker(problems, where, "`compiled as file` takes no declarations in its comment: "
                                "the block is the whole file")
                imports = [IMPORT.match(l).group(1) for l in body if IMPORT.match(l)]
                # main.swift: a file may have top-level code, as an app's main.swift does.
                path, segments = writer.write(os.path.join("Sources", name, "main.swift"),
                                              [(header, None), (lines_text(body), (document, first))])
                count("file")
            else:
                # Leading imports of the block go above the wrapper, where Swift allows them.
                leading = 0
                while leading < len(body) and (IMPORT.match(body[leading]) or not body[leading].strip()
                                               or body[leading].lstrip().startswith("//")):
                    leading += 1
                hoisted, statements = body[:leading], body[leading:]
                imports = [IMPORT.match(l).group(1) for l in hoisted + prelude if IMPORT.match(l)]
                defaults = "".join(f"import {i}\n" for i in DEFAULT_IMPORTS)
                imports += DEFAULT_IMPORTS
                params, owner = (m.group("params") or "").strip(), m.group("type")
                signature = f"@MainActor func snippet({params}) throws {{\n"
                pieces = [(header + defaults, None), (lines_text(hoisted), (document, first)),
                          (lines_text(prelude), prelude_origin)]
                if owner:
                    pieces.append((f"\nextension {owner} {{\n", None))
                else:
                    pieces.append(("\n", None))
                pieces += [(signature, (document, marker_line)),
                           (lines_text(statements), (document, first + leading)),
                           ("}\n" + ("}\n" if owner else ""), None)]
                path, segments = writer.write(os.path.join("Sources", name, name + ".swift"), pieces)
                count("body")
            maps[path] = {"segments": segments, "block": where, "marker": [document, marker_line],
                          "target": name}
            dependencies = sorted(set(i for i in imports if i in products))
            # A file is an app's main.swift, so an executable (linked, as the app would be).
            targets.append((name, dependencies, "executableTarget" if m_file else "target"))

    for problem in problems:
        print(f"{PROG}: {problem}")
    if missing:
        print(f"{PROG}: to mark a block, " + MARKER_HELP)
    if problems:
        return 1

    dependency = f'.package(name: "Vitrine", path: {json.dumps(vitrine)}'
    if traits:
        dependency += ", traits: [" + ", ".join(json.dumps(t) for t in sorted(traits)) + "]"
    dependency += ")"
    target_lines = []
    for name, dependencies, kind in targets:
        products_list = ", ".join(f'.product(name: "{d}", package: "Vitrine")' for d in dependencies)
        target_lines.append(f'        .{kind}(name: "{name}", dependencies: [{products_list}], '
                            'swiftSettings: llvmDiagnostics),\n')
    writer.write("Package.swift", [(
        "// swift-tools-version: 6.2\n"
        "// Generated by scripts/check-snippets: one target per ```swift block of the docs.\n"
        "import PackageDescription\n\n"
        "// One line per diagnostic, then the source line: check-snippets rewrites its file:line.\n"
        'let llvmDiagnostics: [SwiftSetting] = [.unsafeFlags(["-diagnostic-style", "llvm"])]\n\n'
        "let package = Package(\n"
        '    name: "VitrineSnippets",\n'
        f"    dependencies: [{dependency}],\n"
        "    targets: [\n" + "".join(target_lines) + "    ],\n"
        "    swiftLanguageModes: [.v6]\n)\n", None)])
    if not targets:
        # SwiftPM wants at least one target to build.
        writer.write(os.path.join("Sources", "Empty", "Empty.swift"), [("// No block to compile.\n", None)])
        writer.write("Package.swift", [(
            "// swift-tools-version: 6.2\nimport PackageDescription\n"
            'let package = Package(name: "VitrineSnippets", targets: [.target(name: "Empty")])\n', None)])

    # Remove what earlier runs generated for blocks that moved or went.
    for folder in ("Sources", "manifests"):
        top = os.path.join(package, folder)
        for dirpath, dirnames, filenames in os.walk(top, topdown=False):
            for f in filenames:
                full = os.path.join(dirpath, f)
                if os.path.realpath(full) not in writer.written:
                    os.remove(full)
            if dirpath != top and not os.listdir(dirpath):
                os.rmdir(dirpath)
    with open(os.path.join(package, "snippets.json"), "w", encoding="utf-8") as f:
        json.dump({"root": root, "maps": maps, "targets": [t[0] for t in targets]}, f, indent=1)
    if os.path.exists(os.path.join(package, "status.json")):
        os.remove(os.path.join(package, "status.json"))
    with open(os.path.join(package, "manifests.txt"), "w", encoding="utf-8") as f:
        f.write("".join(m + "\n" for m in manifests))
    summary = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
    print(f"{PROG}: {sum(counts.values())} ```swift block(s) marked ({summary or 'none'}); "
          f"{len(targets)} target(s) and {len(manifests)} manifest(s) to compile")
    return 0


LOCATION = re.compile(r"((?:/[^\s:]+)+\.swift):(\d+)(?::(\d+))?")
GUTTER = re.compile(r"^(\s*)(\d+)( \|.*)$")


def map_output(args):
    package, vitrine = os.path.realpath(args.package), os.path.realpath(args.vitrine_path)
    data = json.load(open(os.path.join(package, "snippets.json"), encoding="utf-8"))
    maps = {os.path.realpath(k): v for k, v in data["maps"].items()}
    root = data["root"]
    errors, inside_vitrine, current, failed = 0, False, None, set()

    def relative(document):
        full = os.path.join(root, document)
        shown = os.path.relpath(full)
        return full if shown.startswith("..") else shown

    def where(path, line):
        info = maps.get(os.path.realpath(path))
        if info is None:
            return None
        for first, last, document, start in info["segments"]:
            if first <= line <= last:
                return relative(document), start + line - first, None
        document, marker = info["marker"]
        return relative(document), marker, f"(in the wrapper generated for the marker of {info['block']})"

    seen, repeating = set(), False
    for raw in sys.stdin:
        line = raw.rstrip("\n")
        if re.search(r"\berror:", line):
            errors += 1
        if re.match(r"^error: ([\w-]+ command failed with exit code|cancelled$)", line):
            continue                     # SwiftPM's echo of a failed compiler job: said above
        # The module's interface and its code are compiled by two jobs, which report the same
        # error: print each diagnostic once.
        if LOCATION.search(line) and re.search(r"\b(error|warning|note):", line):
            repeating = line in seen
            seen.add(line)
        elif not raw.startswith((" ", "\t")) and not GUTTER.match(line) and (
                line.startswith(("[", "error:", "warning:", "Build", "Compiling", "check-snippets")) or not line):
            repeating = False
        if repeating:
            continue
        gutter = GUTTER.match(line)
        if gutter and current is not None:          # the manifest compiler's numbered excerpt
            mapped = where(current, int(gutter.group(2)))
            width = len(gutter.group(1) + gutter.group(2))
            number = str(mapped[1]) if mapped and mapped[2] is None else ""   # blank: the wrapper's
            print(number.rjust(width) + gutter.group(3), flush=True)
            continue
        note = None

        def replace(match):
            nonlocal note, current
            mapped = where(match.group(1), int(match.group(2)))
            if mapped is None:
                return match.group(0)
            current = match.group(1)
            if re.search(r"\berror:", line):
                failed.add(maps[os.path.realpath(current)]["target"])
            note = note or mapped[2]
            return f"{mapped[0]}:{mapped[1]}" + (f":{match.group(3)}" if match.group(3) else "")

        location = LOCATION.search(line)
        if location and not os.path.realpath(location.group(1)).startswith(package + os.sep):
            current = None
            if re.search(r"\berror:", line) and os.path.realpath(location.group(1)).startswith(vitrine + os.sep):
                inside_vitrine = True
        line = LOCATION.sub(replace, line)
        print(line + (f" {note}" if note else ""), flush=True)
    if inside_vitrine:
        print(f"{PROG}: an error above is in Vitrine's own sources ({vitrine}), not in a block of the "
              "docs: if someone is changing them, wait and run again, or check the blocks against a "
              "clean copy: git -C <repo> archive HEAD | tar -x -C /tmp/vitrine-clean, then "
              "--vitrine-path /tmp/vitrine-clean", flush=True)
    # What scripts/check-snippets asks `retry` about.
    status_file = os.path.join(package, "status.json")
    try:
        status = json.load(open(status_file, encoding="utf-8"))
    except (OSError, ValueError):
        status = {"failed": [], "vitrine": False}
    status = {"failed": sorted(set(status["failed"]) | failed), "vitrine": status["vitrine"] or inside_vitrine}
    with open(status_file, "w", encoding="utf-8") as f:
        json.dump(status, f)
    return 1 if errors else 0


def retry(args):
    """The targets to build one by one after a failed build: SwiftPM stops at the first target
    that fails, so the blocks it did not reach yet would go unchecked. None when the error is in
    Vitrine itself (every block would fail the same way)."""
    package = os.path.realpath(args.package)
    data = json.load(open(os.path.join(package, "snippets.json"), encoding="utf-8"))
    try:
        status = json.load(open(os.path.join(package, "status.json"), encoding="utf-8"))
    except (OSError, ValueError):
        status = {"failed": [], "vitrine": False}
    if status["vitrine"]:
        return 0
    for target in data["targets"]:
        if target not in status["failed"]:
            print(target)
    return 0


def main():
    parser = argparse.ArgumentParser(prog="snippets.py")
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--root", required=True)
    g.add_argument("--vitrine-path", required=True)
    g.add_argument("--package", required=True)
    m = sub.add_parser("map")
    m.add_argument("--package", required=True)
    m.add_argument("--vitrine-path", required=True)
    r = sub.add_parser("retry")
    r.add_argument("--package", required=True)
    args = parser.parse_args()
    sys.exit({"generate": generate, "map": map_output, "retry": retry}[args.command](args))


if __name__ == "__main__":
    main()
