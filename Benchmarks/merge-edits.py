#!/usr/bin/env python3
"""Times `stringbridge merge` against reading and writing the same catalog once (`stringbridge convert`).

From a base catalog (by default the benchmark corpus, made with gen_corpus.py), makes OURS and THEIRS: each side
edits about 1% of the entries (one string-unit leaf each, at any depth: plain, plural, device, substitution),
adds 1% new keys and deletes 1%; a tenth of the edits and additions are made identically on both sides, and
--conflicts leaves are edited differently on both. Then runs, alternating, `merge BASE OURS THEIRS -o OUT` and
`convert BASE -o OUT`, and prints the best and median wall times and their ratio.

Standard library only; the same --seed gives the same files.

Usage:
  swift build -c release --product stringbridge
  python3 Benchmarks/merge-edits.py --binary .build/release/stringbridge
  python3 Benchmarks/merge-edits.py --catalog bench-data/medium/Localizable.xcstrings --runs 7
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def string_units(node, path=()):
    """Every (path, stringUnit dict) below a localization, depth first."""
    if not isinstance(node, dict):
        return
    if "stringUnit" in node:
        yield path, node["stringUnit"]
    for kind, cases in node.get("variations", {}).items():
        for name, case in cases.items():
            yield from string_units(case, path + (kind, name))
    for name, substitution in node.get("substitutions", {}).items():
        for kind, cases in substitution.get("variations", {}).items():
            for name2, case in cases.items():
                yield from string_units(case, path + ("substitutions", name, kind, name2))


def leaves(entry):
    result = []
    for language, localization in entry.get("localizations", {}).items():
        for path, unit in string_units(localization):
            result.append((language, path, unit))
    return result


def unit_at(entry, language, path):
    node = entry["localizations"][language]
    index = 0
    while index < len(path):
        if path[index] == "substitutions":
            node = node["substitutions"][path[index + 1]]["variations"][path[index + 2]][path[index + 3]]
            index += 4
        else:
            node = node["variations"][path[index]][path[index + 1]]
            index += 2
    return node["stringUnit"]


def make_sides(base, fraction, conflicts, rng):
    keys = list(base["strings"].keys())
    count = max(1, int(len(keys) * fraction))
    picked = rng.sample(keys, count * 4 + conflicts)
    ours_edits, theirs_edits = picked[:count], picked[count:2 * count]
    ours_deletes, theirs_deletes = picked[2 * count:3 * count], picked[3 * count:4 * count]
    conflicted = picked[4 * count:]
    shared = max(1, count // 10)
    ours = json.loads(json.dumps(base))
    theirs = json.loads(json.dumps(base))

    def edit(side, key, text):
        entry = side["strings"][key]
        found = leaves(entry)
        if not found:
            return False
        language, path, _ = found[rng.randrange(len(found))]
        unit = unit_at(entry, language, path)
        unit["value"] = unit["value"] + text
        unit["state"] = "translated"
        return True

    for key in ours_edits:
        edit(ours, key, " (ours)")
    for key in theirs_edits:
        edit(theirs, key, " (theirs)")
    # The same edits on both sides: the same leaf, the same text.
    for key in ours_edits[:shared]:
        state = rng.getstate()
        rng.seed(key)
        edit(theirs, key, " (both)")
        rng.seed(key)
        edit(ours, key, " (both)")
        rng.setstate(state)
    for key in conflicted:
        state = rng.getstate()
        rng.seed(key)
        edit(ours, key, " (ours, in conflict)")
        rng.seed(key)
        edit(theirs, key, " (theirs, in conflict)")
        rng.setstate(state)
    for key in ours_deletes:
        del ours["strings"][key]
    for key in theirs_deletes:
        del theirs["strings"][key]

    def added(label, number):
        return {
            "comment": "Added on %s" % label,
            "localizations": {
                language: {"stringUnit": {"state": "translated", "value": "%s %d %s" % (label, number, language)}}
                for language in ("en", "fr", "de")
            },
        }

    for number in range(count):
        ours["strings"]["New key from ours %d" % number] = added("ours", number)
        theirs["strings"]["New key from theirs %d" % number] = added("theirs", number)
    for number in range(shared):
        ours["strings"]["New key on both sides %d" % number] = added("both", number)
        theirs["strings"]["New key on both sides %d" % number] = added("both", number)
    return ours, theirs, count, shared


def dump(catalog, path):
    with open(path, "w", encoding="utf-8") as file:
        json.dump(catalog, file, ensure_ascii=False, indent=2, separators=(",", " : "))


def timed(command):
    start = time.perf_counter()
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return time.perf_counter() - start, result.returncode, result.stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--catalog", help="the base catalog (default: gen_corpus.py --keys 5000 --languages 20)")
    parser.add_argument("--binary", default=".build/release/stringbridge")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--fraction", type=float, default=0.01)
    parser.add_argument("--conflicts", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--work", help="the folder for the files (default: a temporary one)")
    options = parser.parse_args()

    work = options.work or tempfile.mkdtemp(prefix="merge-bench-")
    os.makedirs(work, exist_ok=True)
    catalog = options.catalog
    if catalog is None:
        corpus = os.path.join(work, "corpus")
        catalog = os.path.join(corpus, "Localizable.xcstrings")
        if not os.path.exists(catalog):
            subprocess.run(
                [sys.executable, os.path.join(HERE, "gen_corpus.py"), "--keys", "5000", "--languages", "20",
                 "--out", corpus], check=True, stdout=subprocess.DEVNULL)
    with open(catalog, encoding="utf-8") as file:
        base = json.load(file)
    rng = random.Random(options.seed)
    ours, theirs, count, shared = make_sides(base, options.fraction, options.conflicts, rng)
    paths = {name: os.path.join(work, name + ".xcstrings") for name in ("ours", "theirs")}
    dump(ours, paths["ours"])
    dump(theirs, paths["theirs"])
    size = os.path.getsize(catalog)
    print("base %s: %.1f MB, %d keys; each side edits %d entries, adds %d keys, deletes %d; %d edits and %d "
          "additions the same on both sides; %d leaves in conflict"
          % (catalog, size / 1e6, len(base["strings"]), count, count, count, shared, shared, options.conflicts))

    merged = os.path.join(work, "merged.xcstrings")
    converted = os.path.join(work, "converted.xcstrings")
    merge_times, convert_times = [], []
    for _ in range(options.runs):
        seconds, status, error = timed(
            [options.binary, "merge", catalog, paths["ours"], paths["theirs"], "-o", merged])
        if status not in (0, 1):
            sys.exit("merge failed (%d): %s" % (status, error.decode()))
        merge_times.append(seconds)
        conflicts = error.decode().count(": error: conflict:")
        seconds, status, error = timed([options.binary, "convert", catalog, "-o", converted])
        if status != 0:
            sys.exit("convert failed (%d): %s" % (status, error.decode()))
        convert_times.append(seconds)
    merge_best, convert_best = min(merge_times), min(convert_times)
    merge_median, convert_median = statistics.median(merge_times), statistics.median(convert_times)
    print("merge:   best %.3f s, median %.3f s (%d conflicts reported)" % (merge_best, merge_median, conflicts))
    print("convert: best %.3f s, median %.3f s" % (convert_best, convert_median))
    print("ratio:   best %.2fx, median %.2fx" % (merge_best / convert_best, merge_median / convert_median))


if __name__ == "__main__":
    main()
