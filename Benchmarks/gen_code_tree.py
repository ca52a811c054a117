#!/usr/bin/env python3
"""Makes a large project tree for benchmarking `stringbridge sync` and `extract` by replicating real sources.

Each app folder given is copied whole (code, Xcode project, Package.swift files, Info.plists, String Catalogs) as
OUT/<app>-<n>/, round after round over the apps, until the code files counted (--count, Swift by default) reach
--lines lines. The copies keep each app's layout, so `sync` finds the same targets and catalogs in every copy.

So that the copies do not all say the same keys (`extract` over the whole tree puts every copy's strings into one
catalog per table), copy n >= 2 appends " n" to every ordinary string literal of its code that has a letter and no
backslash or `%` (Swift and C-family rules: comments, raw strings, multi-line strings, interpolations and
character literals are left alone; so are table names after `table:` and `tableName:`, which name the catalog
files) and to the same keys of its catalogs. Non-key literals change too, which changes
nothing for a parser.

So that `sync` has real work to do, --strip (default 0.25) of the keys Xcode extracted (no extractionState, or
`extracted_with_value`) are removed from every catalog of every copy; a sync adds them back. The catalogs are
written with Python's JSON layout, which is close to Xcode's but not the same, so a first sync rewrites every
catalog it syncs; a second sync of its result writes nothing (the state of a project built before).

Standard library only; the same arguments give the same tree. OUT must not exist, or be given with --force.

Usage:
  python3 Benchmarks/gen_code_tree.py APP_FOLDER... --out OUT [--lines 200000] [--strip 0.25] [--count swift]
  python3 Benchmarks/gen_code_tree.py ../shared/corpus/extraction/* --out /tmp/code-tree

--count m,mm,h counts Objective-C lines instead (replicate Objective-C apps that way; every code file is copied
whatever --count says).
"""

import argparse
import json
import os
import random
import shutil
import sys

C_FAMILY = {"m", "mm", "h", "c", "cc", "cpp", "hpp"}


def extension(name):
    return name.rsplit(".", 1)[1].lower() if "." in name else ""


def vary_literals(text, suffix, c_family):
    """The text with `suffix` inserted before the closing quote of every plain one-line literal that has a letter
    and neither a backslash nor a `%`. A small scanner, not a regular expression, so that interpolations, comments,
    raw and multi-line strings (and C character literals) are stepped over whole."""
    out = []
    i = 0
    n = len(text)

    def string_end(start, hashes):
        """Index just past the literal whose opening quote is at `start` (after `hashes` `#`s)."""
        j = start + 1
        while j < n:
            ch = text[j]
            if ch == "\n" and hashes == 0:
                return j  # unterminated: stop at the line's end
            if ch == "\\" and text.startswith("#" * hashes, j + 1):
                k = j + 1 + hashes
                if k < n and text[k] == "(" and not c_family:
                    j = code_end(k + 1)
                    continue
                j = k + 1
                continue
            if ch == '"' and text.startswith("#" * hashes, j + 1):
                return j + 1 + hashes
            j += 1
        return n

    def code_end(start):
        """Index just past the `)` closing an interpolation whose code starts at `start`."""
        depth = 1
        j = start
        while j < n:
            ch = text[j]
            if ch == '"':
                j = string_end(j, 0)
                continue
            if ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
                if depth == 0:
                    return j + 1
            elif ch == "\n":
                return j
            j += 1
        return n

    while i < n:
        ch = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            out.append(text[i:end])
            i = end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(text[i:end])
            i = end
        elif text.startswith('"""', i) and not c_family:
            end = text.find('"""', i + 3)
            end = n if end < 0 else end + 3
            out.append(text[i:end])
            i = end
        elif ch == "#" and not c_family and i + 1 < n and text[i + 1] in '#"':
            hashes = 0
            while i + hashes < n and text[i + hashes] == "#":
                hashes += 1
            if i + hashes < n and text[i + hashes] == '"':
                if text.startswith('"""', i + hashes):
                    closing = '"""' + "#" * hashes
                    end = text.find(closing, i + hashes + 3)
                    end = n if end < 0 else end + len(closing)
                else:
                    end = string_end(i + hashes, hashes)
            else:
                end = i + hashes
            out.append(text[i:end])
            i = end
        elif ch == "'" and c_family:
            j = i + 1
            while j < n and text[j] not in "'\n":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        elif ch == '"':
            end = string_end(i, 0)
            body = text[i + 1 : end - 1]
            plain = end <= n and text[end - 1] == '"' and end - i >= 2
            names_table = "".join(out[-40:]).rstrip().endswith(("table:", "tableName:"))
            if (plain and "\\" not in body and "%" not in body and any(c.isalpha() for c in body)
                    and not names_table):
                out.append('"' + body + suffix + '"')
            else:
                out.append(text[i:end])
            i = end
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def vary_key(key, suffix):
    if "\\" in key or "%" in key or '"' in key or "\n" in key or "\r" in key or "\t" in key:
        return key
    return key + suffix if any(c.isalpha() for c in key) else key


def is_extracted(entry):
    return entry.get("extractionState") in (None, "extracted_with_value")


def rewrite_catalog(data, suffix, strip, rng):
    catalog = json.loads(data)
    strings = catalog.get("strings", {})
    kept = {}
    stripped = 0
    for key, entry in strings.items():
        if is_extracted(entry) and rng.random() < strip:
            stripped += 1
            continue
        kept[vary_key(key, suffix) if suffix else key] = entry
    catalog["strings"] = kept
    text = json.dumps(catalog, indent=2, ensure_ascii=False, separators=(",", " : "))
    return text + "\n", stripped


def copy_app(source, target, suffix, strip, rng, counted, stats):
    for folder, dirs, files in os.walk(source):
        dirs.sort()
        relative = os.path.relpath(folder, source)
        destination = os.path.normpath(os.path.join(target, relative))
        os.makedirs(destination, exist_ok=True)
        for name in sorted(files):
            path = os.path.join(folder, name)
            out = os.path.join(destination, name)
            kind = extension(name)
            if kind == "xcstrings":
                with open(path, encoding="utf-8") as handle:
                    text, stripped = rewrite_catalog(handle.read(), suffix, strip, rng)
                with open(out, "w", encoding="utf-8") as handle:
                    handle.write(text)
                stats["catalogs"] += 1
                stats["stripped"] += stripped
            elif kind == "swift" or kind in C_FAMILY:
                with open(path, encoding="utf-8", errors="surrogateescape") as handle:
                    text = handle.read()
                if suffix and name != "Package.swift":
                    text = vary_literals(text, suffix, kind in C_FAMILY)
                with open(out, "w", encoding="utf-8", errors="surrogateescape") as handle:
                    handle.write(text)
                if kind in counted and name != "Package.swift":
                    stats["files"] += 1
                    stats["lines"] += text.count("\n")
                    stats["bytes"] += len(text.encode("utf-8", "surrogateescape"))
            else:
                shutil.copyfile(path, out)


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    parser.add_argument("apps", nargs="+", metavar="APP_FOLDER", help="folders of real apps to replicate")
    parser.add_argument("--out", required=True, help="the folder to create")
    parser.add_argument("--lines", type=int, default=200_000, help="lines of counted code to reach (200000)")
    parser.add_argument("--strip", type=float, default=0.25,
                        help="fraction of extracted keys removed from each catalog (0.25)")
    parser.add_argument("--count", default="swift",
                        help="comma-separated extensions whose lines count toward --lines (swift)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the key stripping (1)")
    parser.add_argument("--force", action="store_true", help="replace OUT when it exists")
    args = parser.parse_args()

    counted = {part.strip().lower() for part in args.count.split(",") if part.strip()}
    apps = [os.path.normpath(app) for app in args.apps if os.path.isdir(app)]
    if not apps:
        sys.exit("gen_code_tree.py: no app folder given")
    if os.path.exists(args.out):
        if not args.force:
            sys.exit(f"gen_code_tree.py: {args.out} exists (use --force to replace it)")
        shutil.rmtree(args.out)
    os.makedirs(args.out)
    rng = random.Random(args.seed)
    stats = {"files": 0, "lines": 0, "bytes": 0, "catalogs": 0, "stripped": 0, "copies": 0}
    round_number = 0
    while stats["lines"] < args.lines:
        round_number += 1
        before = stats["lines"]
        for app in apps:
            suffix = "" if round_number == 1 else f" {round_number}"
            copy_app(app, os.path.join(args.out, f"{os.path.basename(app)}-{round_number}"), suffix, args.strip,
                     rng, counted, stats)
            stats["copies"] += 1
            if stats["lines"] >= args.lines:
                break
        if stats["lines"] == before:
            sys.exit(f"gen_code_tree.py: the apps have no .{', .'.join(sorted(counted))} files")
    print(f"{args.out}: {stats['copies']} app copies, {stats['files']} {'/'.join(sorted(counted))} files, "
          f"{stats['lines']} lines, {stats['bytes'] / 1e6:.1f} MB; {stats['catalogs']} catalogs, "
          f"{stats['stripped']} extracted keys stripped")


if __name__ == "__main__":
    main()
