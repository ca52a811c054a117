#!/usr/bin/env python3
"""Times `stringbridge sync`, `sync --check` and `extract` on a project tree, next to `swift format lint` of it.

Every round runs, one after the other (so that each sees the same machine load):
  sync (first)    `sync COPY` on a fresh copy of TREE (the copy is not timed): adds the keys gen_code_tree.py
                  stripped and rewrites every catalog it syncs
  sync (again)    `sync COPY` once more: nothing changes, nothing is written (a project built before)
  sync --check    `sync --check COPY` on the synced copy (every catalog in sync, exit status 0)
  extract         `extract TREE -o OUT`
  lint            `swift format lint -r` of TREE's Swift files, and with --parallel (-p)
and prints for each the best and the median wall time and the CPU time (user + system) of the same runs.
With --taskset, the stringbridge commands also run under `taskset -c 0` (one core) in each round.

Usage: python3 Benchmarks/sync-speed.py BINARY TREE [--rounds 5] [--taskset] [--no-lint]
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time


def timed(command, expect=(0,)):
    # Output goes to files, not pipes: a full pipe would stop the command while we wait for it.
    with tempfile.TemporaryFile() as stdout, tempfile.TemporaryFile() as stderr:
        start = time.monotonic()
        process = subprocess.Popen(command, stdout=stdout, stderr=stderr)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.monotonic() - start
        stdout.seek(0)
        stderr.seek(0)
        output = stdout.read().decode(errors="replace")
        errors = stderr.read().decode(errors="replace")
    code = os.waitstatus_to_exitcode(status)
    if code not in expect:
        sys.exit(f"sync-speed.py: {' '.join(command)} exited with {code}\n{errors[-2000:]}\n{output[-2000:]}")
    return wall, usage.ru_utime + usage.ru_stime, output


def summary(name, runs):
    walls = sorted(run[0] for run in runs)
    cpus = sorted(run[1] for run in runs)
    middle = len(runs) // 2
    return (f"  {name:<28} wall best {walls[0]:6.2f} s, median {walls[middle]:6.2f} s; "
            f"CPU best {cpus[0]:6.2f} s, median {cpus[middle]:6.2f} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    parser.add_argument("binary")
    parser.add_argument("tree")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--taskset", action="store_true", help="also run stringbridge on one core")
    parser.add_argument("--no-lint", action="store_true", help="leave swift format lint out")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    tree = os.path.abspath(args.tree)
    swift_files = []
    for folder, dirs, files in os.walk(tree):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        swift_files += [os.path.join(folder, name) for name in sorted(files) if name.endswith(".swift")]
    size = sum(os.path.getsize(path) for path in swift_files)
    print(f"{tree}: {len(swift_files)} Swift files, {size / 1e6:.1f} MB; {os.cpu_count()} cores; "
          f"{args.rounds} rounds")

    pins = [("", [])] + ([(" (1 core)", ["taskset", "-c", "0"])] if args.taskset else [])
    results = {}
    with tempfile.TemporaryDirectory(prefix="sync-speed-") as scratch:
        for round_number in range(args.rounds):
            for label, pin in pins:
                copy = os.path.join(scratch, "tree")
                shutil.rmtree(copy, ignore_errors=True)
                shutil.copytree(tree, copy, symlinks=True)
                first = timed(pin + [binary, "sync", copy])
                results.setdefault("sync (first)" + label, []).append(first)
                again = timed(pin + [binary, "sync", copy])
                if "nothing to write" not in again[2]:
                    sys.exit("sync-speed.py: the second sync changed something:\n" + again[2][-2000:])
                results.setdefault("sync (again)" + label, []).append(again)
                results.setdefault("sync --check" + label, []).append(timed(pin + [binary, "sync", "--check", copy]))
                out = os.path.join(scratch, "extracted")
                shutil.rmtree(out, ignore_errors=True)
                results.setdefault("extract" + label, []).append(timed(pin + [binary, "extract", tree, "-o", out]))
            if not args.no_lint:
                # Findings make swift-format exit 1; only a crash or a usage error stops the benchmark.
                results.setdefault("swift format lint -r", []).append(
                    timed(["swift", "format", "lint", "-r", tree], expect=(0, 1)))
                results.setdefault("swift format lint -r -p", []).append(
                    timed(["swift", "format", "lint", "-r", "-p", tree], expect=(0, 1)))
            print(f"round {round_number + 1}: " + ", ".join(
                f"{name} {runs[-1][0]:.2f} s" for name, runs in results.items()), flush=True)
    for name, runs in results.items():
        print(summary(name, runs))
    print("first sync's output:", first[2].strip().splitlines()[-1] if first[2].strip() else "(none)")


if __name__ == "__main__":
    main()
