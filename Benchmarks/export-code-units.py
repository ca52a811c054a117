#!/usr/bin/env python3
"""Measures how `stringbridge export` writes the units Xcode's export took from code, on a gold export set.

A gold export set (an `.xcloc` of Xcode's legacy export, e.g. loop-legacy-strings-export) holds the tables Xcode
copied into `Source Contents` and the XLIFF it wrote, but not the apps' code. So the code is stood in for: for each
`.strings` table, the units of Xcode's XLIFF that the table lacks (taken from code) become one
`NSLocalizedString(key, tableName:, comment:)` call per comment of the unit's note (the note split where genstrings
joins comments; `No comment provided by engineer.` is a call with `comment: ""`), the comments of a key written in
reverse order so that their order is the export's own. The table is exported with that code beside it and every
unit from code is compared with Xcode's (id, source, target, note) and its place among the table's units.

What it measures is the export's part (where a code key goes, its source text, its note, several comments joined),
not the reading of code: the keys are the gold's, written as plain literals. Tables of Info.plist keys, storyboards
and other non-code units are left out.

Usage: python3 Benchmarks/export-code-units.py BINARY GOLD_SET_FOLDER [-v]
"""
import os, shutil, subprocess, sys, tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

XL = "{urn:oasis:names:tc:xliff:document:1.2}"
NO_COMMENT = "No comment provided by engineer."


def strings_keys(path):
    """The keys of a `.strings` file, by running the CLI's own reader would be circular: a small parser."""
    data = path.read_bytes()
    for encoding in ("utf-16", "utf-8") if data[:2] in (b"\xff\xfe", b"\xfe\xff") else ("utf-8", "utf-16"):
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    keys, i, n = set(), 0, len(text)
    expect_key = True
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j + 1
        elif c == '"':
            j, buf = i + 1, []
            while j < n and text[j] != '"':
                if text[j] == "\\" and j + 1 < n:
                    nxt = text[j + 1]
                    buf.append({"n": "\n", "t": "\t", "r": "\r"}.get(nxt, nxt))
                    j += 2
                else:
                    buf.append(text[j])
                    j += 1
            if expect_key:
                keys.add("".join(buf))
            i = j + 1
        elif c == "=":
            expect_key = False
            i += 1
        elif c == ";":
            expect_key = True
            i += 1
        else:
            i += 1
    return keys


def swift_literal(text):
    out = []
    for ch in text:
        out.append({"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(ch, ch))
    return '"' + "".join(out) + '"'


def units(file_element):
    result = []
    for u in file_element.iter(XL + "trans-unit"):
        s, t, note = u.find(XL + "source"), u.find(XL + "target"), u.find(XL + "note")
        result.append((u.get("id"), s.text if s is not None else None, t.text if t is not None else None,
                       note.text if note is not None else None))
    return result


def main():
    args = [a for a in sys.argv[1:] if a != "-v"]
    verbose = "-v" in sys.argv
    if len(args) != 2:
        sys.exit(__doc__)
    binary, gold = Path(args[0]).resolve(), Path(args[1])
    xclocs = sorted(gold.rglob("*.xcloc"))
    total = same = placed = 0
    for xcloc in xclocs:
        sources = xcloc / "Source Contents"
        for xliff in sorted((xcloc / "Localized Contents").glob("*.xliff")):
            for f in ET.parse(xliff).getroot().iter(XL + "file"):
                original, language = f.get("original"), f.get("target-language")
                table = sources / original
                if not original.endswith(".strings") or "InfoPlist" in original or not table.is_file():
                    continue
                known = strings_keys(table)
                gold_units = units(f)
                from_code = [u for u in gold_units if u[0] not in known]
                if not from_code:
                    continue
                work = Path(tempfile.mkdtemp())
                try:
                    (work / original).parent.mkdir(parents=True)
                    shutil.copyfile(table, work / original)
                    name = Path(original).stem
                    calls = []
                    for key, source, _, note in from_code:
                        comments = [""] if note in (None, NO_COMMENT) else note.split("\n   ")
                        # A source that is not the key nor its numbered form came from `value:`.
                        value = f", value: {swift_literal(source)}" if source != key and "%" not in key else ""
                        for comment in reversed(comments):
                            calls.append(f"let _ = NSLocalizedString({swift_literal(key)}, tableName: "
                                         f"{swift_literal(name)}{value}, comment: {swift_literal(comment)})")
                    code = work / Path(original).parent.parent / "Code.swift"
                    code.write_text("\n".join(calls) + "\n", encoding="utf-8")
                    out = work / "out"
                    r = subprocess.run([binary, "export", original, "--language", language, "-o", out, "--root", "."],
                                       cwd=work, capture_output=True)
                    produced = out / f"{language}.xliff"
                    mine = []
                    if r.returncode == 0 and produced.exists():
                        for g in ET.parse(produced).getroot().iter(XL + "file"):
                            if g.get("original") == original:
                                mine = units(g)
                    by_id = {u[0]: u for u in mine}
                    order = [u[0] for u in mine if u[0] in {v[0] for v in gold_units}]
                    gold_order = [u[0] for u in gold_units if u[0] in by_id]
                    for u in from_code:
                        total += 1
                        if by_id.get(u[0]) == u:
                            same += 1
                        elif verbose:
                            print(f"{original} [{language}]: expected {u}, got {by_id.get(u[0])}")
                    if order == gold_order:
                        placed += len(from_code)
                finally:
                    shutil.rmtree(work, ignore_errors=True)
    pct = 100.0 * same / total if total else 0.0
    print(f"units from code: {same}/{total} identical to Xcode's ({pct:.1f}%); "
          f"{placed}/{total} in tables whose unit order is Xcode's")


if __name__ == "__main__":
    main()
