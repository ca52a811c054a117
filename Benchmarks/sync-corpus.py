#!/usr/bin/env python3
"""Measures `stringbridge sync` on apps whose catalogs Xcode synced (the extraction corpus).

For each app folder: copy it, remove from every catalog the keys Xcode extracted (no extractionState, or
extracted_with_value) and clear the stale marks (stale keys become plain extracted keys), run
`stringbridge sync COPY`, and compare each synced catalog with the original:
  keys      recall = extracted keys brought back / extracted keys; precision = brought back / keys added
  stale     recall/precision of the keys marked stale
  values    source values from code (state "new") equal to the original's, of the keys brought back
  comments  comments equal to the original's, of the keys brought back that have one in the original
Manual, migrated and other keys must come out unchanged.

With --list, every difference is printed on a line of its own: missing and extra keys, keys not marked stale or
marked stale wrongly, and each wrong value or comment. Each line ends with where its text is in the app's code
(`in code: FILE:LINE, ...` for the key as a quoted literal, or for the catalog's comment), or `not in code` when no
code, project or Info.plist file holds it; for a comment, whether the code gives it to that key (`comment: "…"` on a
line that holds the key), to other keys only, or not at all. A comment the code does not give the key came from an
earlier revision of the code or from a person; Xcode keeps it, and the benchmark removed it with its key. The reason of each difference on the dev set is in
docs/extraction.md ("Sync on the dev set: what differs and why").

Usage: python3 Benchmarks/sync-corpus.py BINARY APP_FOLDER... [--list]
"""
import json, os, shutil, subprocess, sys, tempfile

EXTRACTED = (None, "extracted_with_value")
CODE = (".swift", ".m", ".mm", ".h", ".c", ".cc", ".cpp", ".hpp", ".plist", ".storyboard", ".xib", ".pbxproj")


def code_lines(root):
    """(relative path, line number, text) of every line of the app's code, project and Info.plist files."""
    result = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not d.endswith(".xcloc"))
        for name in sorted(files):
            if name.endswith(CODE):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    for number, line in enumerate(f, 1):
                        result.append((os.path.relpath(path, root), number, line))
    return result


def places(found):
    more = f" (+{len(found) - 3} more)" if len(found) > 3 else ""
    return ", ".join(f"{path}:{number}" for path, number, _ in found[:3]) + more


def where(lines, text):
    """`in code: FILE:LINE, ...` (at most three places) of `text` as a quoted literal, or `not in code`."""
    needle = json.dumps(text, ensure_ascii=False)
    found = [line for line in lines if needle in line[2]]
    return "in code: " + places(found) if found else "not in code"


def comment_source(lines, key, comment):
    """Whether the code gives `comment` to `key` (`comment: "…"` or an Objective-C `@"…"` on a line holding the
    key), gives it only to other keys, or does not hold it."""
    quoted = json.dumps(comment, ensure_ascii=False)
    given = [line for line in lines if f"comment: {quoted}" in line[2] or f"@{quoted}" in line[2]]
    key_quoted = json.dumps(key, ensure_ascii=False)
    with_key = [line for line in given if key_quoted in line[2]]
    if with_key:
        return "the code gives it: " + places(with_key)
    if given:
        return "the code gives it to other keys only: " + places(given)
    return "not in code"


def catalogs(root):
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if not d.startswith(".") and not d.endswith(".xcloc")]
        for name in files:
            if name.endswith(".xcstrings"):
                yield os.path.relpath(os.path.join(folder, name), root)


def source_value(entry, language):
    unit = entry.get("localizations", {}).get(language, {}).get("stringUnit")
    return (unit or {}).get("value"), (unit or {}).get("state")


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    listing = "--list" in sys.argv
    binary, apps = os.path.abspath(args[0]), args[1:]
    totals = {}

    def add(name, hit, total):
        h, t = totals.get(name, (0, 0))
        totals[name] = (h + hit, t + total)

    for app in apps:
        work = tempfile.mkdtemp(prefix="sync-corpus-")
        copy = os.path.join(work, os.path.basename(app.rstrip("/")))
        shutil.copytree(app, copy, symlinks=True)
        for folder, _, files in os.walk(copy):
            for name in files:
                os.chmod(os.path.join(folder, name), 0o644)
        originals = {}
        for path in catalogs(copy):
            full = os.path.join(copy, path)
            original = json.load(open(full, encoding="utf-8"))
            originals[path] = original
            stripped = dict(original)
            strings = {}
            for key, entry in original["strings"].items():
                state = entry.get("extractionState")
                if state in EXTRACTED:
                    continue
                if state == "stale":
                    entry = {k: v for k, v in entry.items() if k != "extractionState"}
                strings[key] = entry
            stripped["strings"] = strings
            with open(full, "w", encoding="utf-8") as f:
                json.dump(stripped, f, ensure_ascii=False, indent=2, separators=(",", " : "), sort_keys=True)
        lines = code_lines(copy) if listing else []
        run = subprocess.run([binary, "sync", "."], cwd=copy, capture_output=True, text=True)
        print(f"== {app}: exit {run.returncode}")
        for line in run.stderr.splitlines():
            print("   stderr:", line)
        for path, original in sorted(originals.items()):
            synced = json.load(open(os.path.join(copy, path), encoding="utf-8"))
            language = original["sourceLanguage"]
            before, after = original["strings"], synced["strings"]
            extracted = {k for k, e in before.items() if e.get("extractionState") in EXTRACTED}
            stale = {k for k, e in before.items() if e.get("extractionState") == "stale"}
            added = {k for k, e in after.items() if e.get("extractionState") in EXTRACTED and k not in stale}
            marked = {k for k, e in after.items() if e.get("extractionState") == "stale"}
            back = extracted & added
            add("keys recall", len(back), len(extracted))
            add("keys precision", len(back), len(added))
            add("stale recall", len(stale & marked), len(stale))
            add("stale precision", len(stale & marked), len(marked))
            missing, extra, wrong = sorted(extracted - added), sorted(added - extracted), []
            for key in sorted(back):
                value, state = source_value(before[key], language)
                if state == "new" or before[key].get("extractionState") == "extracted_with_value":
                    got = source_value(after[key], language)[0]
                    add("values", int(got == value), 1)
                    if got != value:
                        wrong.append(f"value {key!r}: {got!r}, Xcode {value!r} [key {where(lines, key)}]")
                if "comment" in before[key] and not before[key].get("isCommentAutoGenerated"):
                    got = after[key].get("comment")
                    add("comments", int(got == before[key]["comment"]), 1)
                    if got != before[key]["comment"]:
                        comment = before[key]["comment"]
                        found = comment_source(lines, key, comment)
                        wrong.append(f"comment {key!r}: {got!r}, Xcode {comment!r} [comment: {found}]")
            others = {k for k, e in before.items() if e.get("extractionState") not in EXTRACTED + ("stale",)}
            changed = [k for k in others if after.get(k) != before[k]]
            add("other keys unchanged", len(others) - len(changed), len(others))
            print(f"   {path}: {len(back)}/{len(extracted)} keys back, {len(extra)} extra, "
                  f"stale {len(stale & marked)}/{len(stale)} (+{len(marked - stale)}), {len(wrong)} differences")
            if listing:
                for key in missing:
                    print(f"      missing {key!r} [{where(lines, key)}]")
                for key in extra:
                    print(f"      extra {key!r} [{where(lines, key)}]")
                for key in sorted(stale - marked):
                    state = after[key].get("extractionState") if key in after else "removed"
                    print(f"      not marked stale {key!r}: {state or 'extracted'} [{where(lines, key)}]")
                for key in sorted(marked - stale):
                    print(f"      marked stale {key!r} [{where(lines, key)}]")
                for line in wrong:
                    print(f"      {line}")
        shutil.rmtree(work)
    print("== totals")
    for name, (hit, total) in totals.items():
        share = f"{100 * hit / total:.1f}%" if total else "n/a"
        print(f"   {name}: {hit}/{total} ({share})")


if __name__ == "__main__":
    main()
