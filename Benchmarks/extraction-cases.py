#!/usr/bin/env python3
"""Runs `stringbridge extract` over the extraction-case folders of the project's corpus (kept outside this
repository) and checks each case's keys against the keys Xcode extracts for it.

Each case is a folder holding a small source for one rule of Xcode's extraction. For each case the table below says
which keys must be extracted (`need`), which must not (`never`), and whether the extracted keys must be exactly
`need` (`only`). Values and comments are checked where the rule is about them. The tests in `Tests/` hold the same
rules on sources of our own; this script checks the corpus's cases as they are.

Usage: python3 Benchmarks/extraction-cases.py BINARY CASES_FOLDER
Prints one line per case (`ok` or what differs) and exits 1 when any case differs.
"""
import json, os, subprocess, sys, tempfile

CASES = {
    "implicit_resource": {
        "need": {("Settings", "Greeting.button"), ("Settings", "Show greeting"), ("Settings", "Mode.light")},
        "values": {("Settings", "Greeting.button"): "Hello", ("Settings", "Mode.light"): "Light"},
        "comments": {("Settings", "Greeting.button"): "greeting button"},
    },
    "implicit_member_context": {
        "need": {("Localizable", k) for k in ("Greeting", "Greeting.on", "Greeting.off", "Greeting.shown")},
    },
    "disfavored": {"need": {("Localizable", "Greeting")}},
    "memberwise_wrapper": {"need": {("Localizable", "Greeting")}},
    "tuple": {
        "need": {("Localizable", "Greeting." + k) for k in ("morning", "night", "state", "mute", "unmute")},
    },
    "enum_raw": {"need": {("Localizable", "Greeting.hello"), ("Localizable", "goodbye")}},
    "closure_return": {"need": {("Localizable", "Greeting.zero"), ("Localizable", "Greeting.other")}},
    "owner_scope": {
        "need": {("Localizable", "Greeting.toast"), ("Localizable", "Greeting.alert")},
        "never": {("Localizable", "not a key")},
    },
    "appintents": {
        "need": {("Localizable", k) for k in (
            "Greeting kind", "Formal greeting", "Greet", "Says hello to someone", "Name", "Who should be greeted?")},
    },
    "sdk_api": {
        "need": {("Localizable", k) for k in (
            "Day", "Greetings", "Greeting axis", "Greeting update", "A new greeting arrived.")},
    },
    "interp": {"need": {("Localizable", "Greetings: %lld"), ("Localizable", "Total %lld")}, "only": True},
    "ternary_string": {"need": {("Localizable", "Greeting.both.a")}, "only": True},
    "known_api_name": {"need": set(), "only": True},
    "preview": {"need": {("Localizable", "Greeting.real")}, "only": True},
    "ib": {
        "need": {("Settings", "cel-aa-bb1.title"), ("Settings", "mi1-aa-bb1.title"), ("Settings", "mi2-aa-bb1.title")},
        "only": True,
        "comment_contains": {("Settings", "cel-aa-bb1.title"): 'Note = "Settings > greeting label";'},
    },
}


def extracted(binary, folder):
    """{(table, key): (value, comment)} of the catalogs `extract` writes for `folder`."""
    with tempfile.TemporaryDirectory() as out:
        run = subprocess.run([binary, "extract", folder, "-o", out], capture_output=True, text=True)
        if run.returncode != 0:
            raise RuntimeError(f"exit {run.returncode}: {run.stderr.strip()}")
        result = {}
        for name in sorted(os.listdir(out)):
            if not name.endswith(".xcstrings"):
                continue
            with open(os.path.join(out, name), encoding="utf-8") as f:
                catalog = json.load(f)
            source = catalog.get("sourceLanguage", "en")
            for key, entry in catalog.get("strings", {}).items():
                unit = entry.get("localizations", {}).get(source, {}).get("stringUnit", {})
                result[(name[: -len(".xcstrings")], key)] = (unit.get("value"), entry.get("comment"))
        return result


def check(case, rule, keys):
    problems = []
    found = set(keys)
    for item in sorted(rule["need"] - found):
        problems.append(f"missing {item[0]}:{item[1]!r}")
    for item in sorted(rule.get("never", set()) & found):
        problems.append(f"extracted {item[0]}:{item[1]!r}, which Xcode does not")
    if rule.get("only"):
        for item in sorted(found - rule["need"]):
            problems.append(f"extra {item[0]}:{item[1]!r}")
    for item, value in rule.get("values", {}).items():
        if item in keys and keys[item][0] != value:
            problems.append(f"value of {item[1]!r}: {keys[item][0]!r}, Xcode {value!r}")
    for item, comment in rule.get("comments", {}).items():
        if item in keys and keys[item][1] != comment:
            problems.append(f"comment of {item[1]!r}: {keys[item][1]!r}, Xcode {comment!r}")
    for item, part in rule.get("comment_contains", {}).items():
        if item in keys and part not in (keys[item][1] or ""):
            problems.append(f"comment of {item[1]!r}: {keys[item][1]!r} lacks {part!r}")
    return problems


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    binary, root = os.path.abspath(sys.argv[1]), sys.argv[2]
    failed = 0
    for case in sorted(CASES):
        folder = os.path.join(root, case)
        if not os.path.isdir(folder):
            print(f"{case}: no such folder")
            failed += 1
            continue
        try:
            problems = check(case, CASES[case], extracted(binary, folder))
        except RuntimeError as error:
            problems = [str(error)]
        print(f"{case}: " + ("ok" if not problems else "; ".join(problems)))
        failed += bool(problems)
    print(f"{len(CASES) - failed}/{len(CASES)} cases as Xcode extracts them")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
