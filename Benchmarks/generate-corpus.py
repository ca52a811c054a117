#!/usr/bin/env python3
"""Measures `stringbridge generate`: equality with Xcode's files on gold pairs, and that the generated code compiles.

  --gold DIR...  each DIR holds catalog/<Table>.xcstrings and xcode/GeneratedStringSymbols_<Table>.swift (a file
                 Xcode wrote for that catalog); the catalog is generated with --xcode-version 26.1 and with the
                 default (26.2 and later), and each output compared byte for byte with Xcode's file.
  PATH...        every .xcstrings below each PATH (a corpus file named OWNER__REPO__PATH__Table.xcstrings is
                 copied as Table.xcstrings first) is generated in the xcode flavour (checked with and without
                 -D SWIFT_PACKAGE) and the runtime flavour; every .strings/.stringsdict file in the legacy flavour;
                 each output is type-checked with `swiftc -typecheck` against the stubs in Fixtures/generate/stubs.

Prints one line per input that fails (generation error, or a compiler error with its first line), then the counts.
Usage: python3 Benchmarks/generate-corpus.py BINARY [--gold DIR...] [PATH...]
"""
import os, shutil, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STUBS = os.path.join(ROOT, "Fixtures", "generate", "stubs")
SWIFTC = shutil.which("swiftc") or "/opt/swift/usr/bin/swiftc"


def run(arguments):
    return subprocess.run(arguments, capture_output=True, text=True)


def typecheck(files, extra=()):
    result = run([SWIFTC, "-typecheck", "-swift-version", "6", *extra, *files])
    if result.returncode == 0:
        return None
    lines = [l for l in (result.stderr or result.stdout).splitlines() if "error:" in l]
    return lines[0] if lines else "exit %d" % result.returncode


def generate(binary, inputs, out, *options):
    result = run([binary, "generate", *inputs, "-o", out, *options])
    if result.returncode != 0:
        return None, result.stderr.strip().splitlines()[-1:] or ["exit %d" % result.returncode]
    files = [os.path.join(out, name) for name in sorted(os.listdir(out))] if os.path.isdir(out) else []
    return files, result.stderr.count(": warning:")


def main():
    arguments = sys.argv[1:]
    if not arguments:
        sys.exit(__doc__)
    binary, rest = os.path.abspath(arguments[0]), arguments[1:]
    golds, paths, mode = [], [], None
    for argument in rest:
        if argument == "--gold":
            mode = "gold"
        elif mode == "gold" and os.path.isdir(os.path.join(argument, "xcode")):
            golds.append(argument)
        else:
            mode = None
            paths.append(argument)
    scratch = tempfile.mkdtemp(prefix="generate-corpus-")
    runtime = os.path.join(scratch, "runtime-module")
    os.makedirs(runtime)
    built = run([SWIFTC, "-emit-module", "-parse-as-library", "-module-name", "StringBridgeRuntime",
                 "-emit-module-path", os.path.join(runtime, "StringBridgeRuntime.swiftmodule"),
                 os.path.join(STUBS, "StringBridgeRuntime.swift")])
    if built.returncode != 0:
        sys.exit("cannot build the runtime stub: " + built.stderr)
    apple = [os.path.join(STUBS, "AppleLocalization.swift"), os.path.join(STUBS, "BundleModule.swift")]
    counter = 0

    def folder():
        nonlocal counter
        counter += 1
        return os.path.join(scratch, "out%d" % counter)

    identical = 0
    for gold in golds:
        catalog = [os.path.join(gold, "catalog", n) for n in os.listdir(os.path.join(gold, "catalog"))
                   if n.endswith(".xcstrings")][0]
        expected_files = os.listdir(os.path.join(gold, "xcode"))
        matches = []
        for label, options in (("26.1", ["--xcode-version", "26.1"]), ("26.2+", [])):
            files, _ = generate(binary, [catalog], folder(), *options)
            if files and [os.path.basename(f) for f in files] == expected_files:
                with open(files[0], "rb") as a, open(os.path.join(gold, "xcode", expected_files[0]), "rb") as b:
                    if a.read() == b.read():
                        matches.append(label)
        print("gold %s: %s" % (os.path.basename(gold.rstrip("/")),
                               "identical with --xcode-version " + " and ".join(matches) if matches else "DIFFERS"))
        identical += bool(matches)

    catalogs, tables = [], []
    for path in paths:
        walk = [(os.path.dirname(path), [], [os.path.basename(path)])] if os.path.isfile(path) else os.walk(path)
        for base, dirs, names in walk:
            dirs.sort()
            for name in sorted(names):
                full = os.path.join(base, name)
                if name.endswith(".xcstrings"):
                    catalogs.append(full)
                elif name.endswith((".strings", ".stringsdict")):
                    tables.append(full)
    counts = {"xcode": [0, 0], "xcode-package": [0, 0], "runtime": [0, 0], "legacy": [0, 0]}
    failed_generation = 0
    no_manual_keys = 0
    warnings = 0
    symbols = 0

    def check(kind, files, extra=(), with_runtime=False):
        counts[kind][0] += 1
        options = list(extra)
        if with_runtime:
            options += ["-I", runtime]
        error = typecheck(files, options)
        if error is None:
            counts[kind][1] += 1
        return error

    for catalog in catalogs:
        name = os.path.basename(catalog)
        if "__" in name:
            # A corpus file named OWNER__REPO__PATH__Table.xcstrings: the table is the last part.
            copy = os.path.join(folder(), name.split("__")[-1])
            os.makedirs(os.path.dirname(copy))
            shutil.copyfile(catalog, copy)
            catalog = copy
        files, outcome = generate(binary, [catalog], folder())
        if files is None:
            failed_generation += 1
            print("generate failed: %s: %s" % (catalog, outcome[0] if outcome else ""))
            continue
        warnings += outcome
        if not files:
            # No manual keys: generate writes no file and says so (a note).
            no_manual_keys += 1
            continue
        with open(files[0], encoding="utf-8") as f:
            symbols += sum(1 for line in f if line.lstrip().startswith(("static var ", "static func ")))
        for kind, extra in (("xcode", []), ("xcode-package", ["-D", "SWIFT_PACKAGE"])):
            error = check(kind, apple + files, extra)
            if error:
                print("%s does not compile: %s: %s" % (kind, catalog, error))
        files, outcome = generate(binary, [catalog], folder(), "--flavor", "runtime")
        if files is None:
            print("generate --flavor runtime failed: %s: %s" % (catalog, outcome[0] if outcome else ""))
            continue
        error = check("runtime", [os.path.join(STUBS, "BundleModule.swift")] + files, with_runtime=True)
        if error:
            print("runtime does not compile: %s: %s" % (catalog, error))
    for table in tables:
        name = os.path.basename(table)
        if "__" in name:
            # OWNER__REPO__PATH__xx.lproj__Table.strings: copied as xx.lproj/Table.strings (en.lproj without one).
            parts = name.split("__")
            lproj = parts[-2] if len(parts) > 1 and parts[-2].endswith(".lproj") else "en.lproj"
            copy = os.path.join(folder(), lproj, parts[-1])
            os.makedirs(os.path.dirname(copy))
            shutil.copyfile(table, copy)
            table = copy
        files, outcome = generate(binary, [table], folder(), "--flavor", "legacy")
        if files is None:
            print("generate --flavor legacy failed: %s: %s" % (table, outcome[0] if outcome else ""))
            continue
        error = check("legacy", [os.path.join(STUBS, "BundleModule.swift")] + files)
        if error:
            print("legacy does not compile: %s: %s" % (table, error))
    if golds:
        print("gold pairs identical: %d of %d" % (identical, len(golds)))
    print("catalogs: %d (%d failed to generate, %d without manual keys: no file), symbols %d, keys skipped with a warning %d"
          % (len(catalogs), failed_generation, no_manual_keys, symbols, warnings))
    for kind, (total, good) in counts.items():
        if total:
            print("%s flavour: %d of %d outputs compile" % (kind, good, total))
    shutil.rmtree(scratch)


if __name__ == "__main__":
    main()
