#!/usr/bin/env python3
"""Times the six commands of issue 34 on benchmark catalogs, with their peak memory, next to xmllint and json.load.

For each DATA folder (the output of gen_corpus.py: Localizable.xcstrings and xliff/), every round runs, one
command after the other and each binary after the other (so that the binaries see the same machine load):

  convert        `convert CATALOG -o SCRATCH/convert.xcstrings` (read and write the catalog)
  compile        `compile CATALOG -o SCRATCH/compiled` (every language to .strings and .stringsdict)
  migrate        `migrate COPY --root COPY` of a copy of what compile wrote (the copy is not timed)
  export         `export CATALOG --all-languages -o SCRATCH/export --root DATA`
  import 4       `import` of four of DATA/xliff's files into a copy of the catalog (the copy is not timed)
  import all     `import` of every file export wrote into a copy of the catalog
  stats          `stats CATALOG`
  check          `check CATALOG` (exit status 0 or 1: findings are what it is for)
  roundtrip      `roundtrip CATALOG` (every trip; a loss is reported, not fatal)
  rt same+xliff  `roundtrip CATALOG --via same --via xliff`: the trips whose conversions are convert, export and
                 import (read → write; → XLIFF → catalog, each language imported twice: into the same catalog and
                 into the catalog without it)
  rt legacy      `roundtrip CATALOG --via legacy`: the trip through legacy tables, a compile and a migration
  xmllint        `xmllint --stream --noout` over the files export wrote (a plain C libxml2 pass)
  json.load      Python's `json.load` of the catalog

and prints for each the best and median wall time, the CPU time (user + system) and the peak resident memory
(getrusage of the child, `ru_maxrss`), the memory as a multiple of the catalog's size, and the ratios the issue
asks for: check / stats, roundtrip / (convert + export + import all), export / xmllint; and roundtrip / all the
conversions it makes (convert + compile + migrate + export + import all: its trip through legacy tables is a compile
and a migration); and each part of roundtrip against its own conversions: rt same+xliff / (convert + export + import
all), rt legacy / (compile + migrate). With several DATA folders the ratios are printed side by side: a linear command has the same ratio
at every size.

Usage: python3 Benchmarks/scale.py BINARY [--before BINARY] DATA [DATA...] [--rounds 3] [--only CMD,...]
                                   [--json RESULTS.json] [--from-json RESULTS.json]

Ratios are given of wall times and of CPU times (user + system: steadier on a loaded machine); peak memory as a
multiple of the input for the six commands issue 34 holds to 3x, and for every command. With --before, the two
builds take turns running each command first, round by round (the first run after another command is slower).
"""

import argparse
import glob
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

COMMANDS = ["convert", "compile", "migrate", "export", "import 4", "import all", "stats", "check", "roundtrip",
            "rt same+xliff", "rt legacy"]
REFERENCES = ["xmllint", "json.load"]
# The commands whose peak memory issue 34 holds to 3x the input.
ISSUE_COMMANDS = ["convert", "export", "import 4", "stats", "check", "roundtrip"]
IMPORT_LANGUAGES = ["ru", "ar", "ja", "pl", "de", "fr"]


def run(command, expect=(0,)):
    """Wall time, CPU time and peak memory (bytes) of one command; its output goes to files, not pipes."""
    with tempfile.TemporaryFile() as stdout, tempfile.TemporaryFile() as stderr:
        start = time.monotonic()
        process = subprocess.Popen(command, stdout=stdout, stderr=stderr)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.monotonic() - start
        stderr.seek(0)
        stdout.seek(0)
        errors = stderr.read().decode(errors="replace")
        output = stdout.read().decode(errors="replace")
    code = os.waitstatus_to_exitcode(status)
    if code not in expect:
        sys.exit(f"scale.py: {' '.join(command)} exited with {code}\n{errors[-3000:]}\n{output[-1500:]}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "rss": usage.ru_maxrss * 1024,
            "status": code, "tail": output.strip().split("\n")[-1][:160]}


def uptime():
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "(uptime not available)"


def one_round(data, binaries, scratch, only, results):
    catalog = os.path.join(data, "Localizable.xcstrings")
    xliff = sorted(glob.glob(os.path.join(data, "xliff", "*.xliff")))
    four = [path for language in IMPORT_LANGUAGES for path in xliff if os.path.basename(path) == language + ".xliff"]
    four = four[:4]
    imports = os.path.join(scratch, "import")
    os.makedirs(imports, exist_ok=True)
    copy = os.path.join(imports, "Localizable.xcstrings")

    def record(name, label, figures):
        results.setdefault(name, {}).setdefault(label, []).append(figures)

    def fresh_copy():
        if os.path.exists(copy):
            os.remove(copy)
        shutil.copyfile(catalog, copy)

    for name in COMMANDS:
        if only and name not in only:
            continue
        for label, binary in binaries:
            exports = os.path.join(scratch, "export-" + label)
            compiled = os.path.join(scratch, "compiled-" + label)
            if name == "convert":
                figures = run([binary, "convert", catalog, "-o", os.path.join(scratch, "convert.xcstrings"), "--force"])
            elif name == "compile":
                shutil.rmtree(compiled, ignore_errors=True)
                figures = run([binary, "compile", catalog, "-o", compiled])
            elif name == "migrate":
                if not os.path.isdir(compiled):
                    run([binary, "compile", catalog, "-o", compiled])
                migrated = os.path.join(scratch, "migrate")
                shutil.rmtree(migrated, ignore_errors=True)
                shutil.copytree(compiled, migrated)
                figures = run([binary, "migrate", migrated, "--root", migrated])
            elif name == "export":
                shutil.rmtree(exports, ignore_errors=True)
                figures = run([binary, "export", catalog, "--all-languages", "-o", exports, "--root", data])
            elif name == "import 4":
                fresh_copy()
                figures = run([binary, "import", *four, "--root", imports, "--quiet"])
            elif name == "import all":
                written = sorted(glob.glob(os.path.join(exports, "*.xliff")))
                if not written:
                    run([binary, "export", catalog, "--all-languages", "-o", exports, "--root", data])
                    written = sorted(glob.glob(os.path.join(exports, "*.xliff")))
                fresh_copy()
                figures = run([binary, "import", *written, "--root", imports, "--quiet"])
            elif name == "stats":
                figures = run([binary, "stats", catalog])
            elif name == "check":
                figures = run([binary, "check", catalog, "--quiet"], expect=(0, 1))
            else:
                vias = {"roundtrip": [], "rt same+xliff": ["--via", "same", "--via", "xliff"],
                        "rt legacy": ["--via", "legacy"]}[name]
                figures = run([binary, "roundtrip", catalog, *vias, "--quiet"], expect=(0, 1))
                if figures["status"] != 0:
                    print(f"  note: {name} ({label}) reported a loss", file=sys.stderr)
            record(name, label, figures)
    label, _ = binaries[0]
    exports = os.path.join(scratch, "export-" + label)
    written = sorted(glob.glob(os.path.join(exports, "*.xliff")))
    if (not only or "xmllint" in only) and written and shutil.which("xmllint"):
        record("xmllint", "", run(["xmllint", "--stream", "--noout", *written]))
    if not only or "json.load" in only:
        record("json.load", "", run([sys.executable, "-c", "import json, sys; json.load(open(sys.argv[1], 'rb'))",
                                     catalog]))


def best(runs, field="wall"):
    return min(run[field] for run in runs)


def median(runs, field="wall"):
    return statistics.median(run[field] for run in runs)


def report(data, size, results, binaries):
    print(f"\n{data}: catalog {size / 1e6:.1f} MB")
    print(f"  {'command':<13} {'binary':<8} {'wall best':>9} {'median':>8} {'CPU med':>8} {'peak MB':>8} {'x input':>7}")
    for name in COMMANDS + REFERENCES:
        for label, runs in results.get(name, {}).items():
            peak = max(run["rss"] for run in runs)
            print(f"  {name:<13} {label:<8} {best(runs):8.2f}s {median(runs):7.2f}s {median(runs, 'cpu'):7.2f}s "
                  f"{peak / 1e6:8.0f} {peak / size:6.2f}x")
    ratios = {}
    for label, _ in binaries:
        row = {}
        # Wall time is what a user waits; CPU time (user + system) is steadier on a loaded machine.
        for field, unit in (("wall", "wall"), ("cpu", "CPU")):
            def figure(name):
                runs = results.get(name, {}).get(label)
                return median(runs, field) if runs else None
            check, stats = figure("check"), figure("stats")
            if check and stats:
                row[f"check / stats ({unit})"] = check / stats
            parts = [figure(name) for name in ("convert", "export", "import all")]
            trip = figure("roundtrip")
            if trip and all(parts):
                row[f"roundtrip / (convert + export + import all) ({unit})"] = trip / sum(parts)
            every = parts + [figure("compile"), figure("migrate")]
            if trip and all(every):
                row[f"roundtrip / (those + compile + migrate) ({unit})"] = trip / sum(every)
            named = figure("rt same+xliff")
            if named and all(parts):
                row[f"rt same+xliff / (convert + export + import all) ({unit})"] = named / sum(parts)
            legacy, legacy_parts = figure("rt legacy"), [figure("compile"), figure("migrate")]
            if legacy and all(legacy_parts):
                row[f"rt legacy / (compile + migrate) ({unit})"] = legacy / sum(legacy_parts)
            export = figure("export")
            lint = results.get("xmllint", {}).get("")
            if export and lint:
                row[f"export / xmllint ({unit})"] = export / median(lint, field)
        peaks = {name: max(run["rss"] for run in results[name][label]) / size
                 for name in COMMANDS if label in results.get(name, {})}
        issue = {name: peak for name, peak in peaks.items() if name in ISSUE_COMMANDS}
        if issue:
            row["largest peak / input (" + ", ".join(ISSUE_COMMANDS) + ")"] = max(issue.values())
        if peaks:
            row["largest peak / input (every command)"] = max(peaks.values())
        ratios[label] = row
        for key, value in row.items():
            print(f"  {label:<8} {key}: {value:.2f}")
    return ratios


def print_side_by_side(all_ratios, binaries):
    if len(all_ratios) < 2:
        return
    print("\nratios side by side (a linear command keeps its ratio):")
    for label, _ in binaries:
        keys = []
        for rows in all_ratios.values():
            keys += [key for key in rows.get(label, {}) if key not in keys]
        for key in keys:
            cells = "  ".join(f"{all_ratios[data].get(label, {}).get(key, float('nan')):6.2f}" for data in all_ratios)
            print(f"  {label:<8} {key:<75} {cells}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    parser.add_argument("binary")
    parser.add_argument("data", nargs="+", help="gen_corpus.py output folders, smallest first")
    parser.add_argument("--before", help="a reference binary, run alternately with BINARY")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", help="comma-separated commands (convert, compile, migrate, export, 'import 4', "
                                       "'import all', stats, check, roundtrip, 'rt same+xliff', 'rt legacy', xmllint, "
                                       "json.load)")
    parser.add_argument("--json", help="write every run's figures here")
    parser.add_argument("--from-json", help="print the report of a RESULTS.json written before; run nothing")
    args = parser.parse_args()
    binaries = [("after", os.path.abspath(args.binary))]
    if args.before:
        binaries.append(("before", os.path.abspath(args.before)))
    only = set(args.only.split(",")) if args.only else None
    if args.from_json:
        with open(args.from_json) as saved:
            everything = json.load(saved)
        all_ratios = {data: report(data, run["size"], run["results"], binaries) for data, run in everything.items()}
        print_side_by_side(all_ratios, binaries)
        return
    print(f"{os.cpu_count()} cores; {args.rounds} rounds; start: {uptime()}")
    everything = {}
    all_ratios = {}
    for data in args.data:
        data = os.path.abspath(data)
        size = os.path.getsize(os.path.join(data, "Localizable.xcstrings"))
        results = {}
        with tempfile.TemporaryDirectory(prefix="stringbridge-scale-") as scratch:
            for round_number in range(args.rounds):
                # Each command runs first with one build, then with the other, in turn from round to round: the one
                # that runs first after another command pays what that command left behind (its memory given back,
                # its files' pages written), and that cost must not fall on the same build every round.
                order = binaries if round_number % 2 == 0 else list(reversed(binaries))
                one_round(data, order, scratch, only, results)
                print(f"  {os.path.basename(data)}: round {round_number + 1} done ({uptime()})", file=sys.stderr)
                if args.json:
                    # Every finished round is kept, should a long run be stopped.
                    with open(args.json, "w") as out:
                        json.dump({**everything, data: {"size": size, "results": results}}, out, indent=1)
        all_ratios[data] = report(data, size, results, binaries)
        everything[data] = {"size": size, "results": results}
    print_side_by_side(all_ratios, binaries)
    print(f"end: {uptime()}")
    if args.json:
        with open(args.json, "w") as out:
            json.dump(everything, out, indent=1)


if __name__ == "__main__":
    main()
