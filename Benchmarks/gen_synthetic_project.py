#!/usr/bin/env python3
"""Writes a synthetic Swift project of about N lines for timing `sync` and `extract`; no app's code.

The tree is deterministic (the same arguments give the same bytes): PACKAGES Swift packages, each with TARGETS
targets of Swift files and one String Catalog per target (`Sources/<Target>/Resources/Localizable.xcstrings`,
`defaultLocalization: "en"`). Each file holds model types, an enum with a `LocalizedStringKey` property, a SwiftUI
view (Text, Button, Label, ForEach over project types, typed interpolations through locals and properties),
`String(localized:comment:)`, `NSLocalizedString` with and without a table, and plain code around them (about one
key per 9 lines). Each catalog starts with a KEEP share of its target's keys
(with a German translation), so the first `sync` adds the rest and rewrites every catalog.

Usage: python3 Benchmarks/gen_synthetic_project.py --out DIR [--lines 200000] [--keep 0.5] [--force]
then:  python3 Benchmarks/sync-speed.py BINARY DIR --rounds 5 --no-lint
"""

import argparse
import json
import os
import shutil
import sys

FILE_TEMPLATE = '''import Foundation
import SwiftUI

/// A record of part {p}, file {f}.
struct Record{u}: Identifiable, Hashable {{
    let id: Int
    let name: String
    let count: Int32
    let size: UInt64
    let ratio: Double
    var tags: [String] = []

    var isLarge: Bool {{ size > 1_000_000 }}

    func scaled(by factor: Double) -> Double {{
        ratio * factor + Double(count)
    }}
}}

/// The kinds of records in file {f}.
enum Kind{u}: String, CaseIterable, Identifiable {{
    case alpha, beta, gamma, delta

    var id: String {{ rawValue }}

    var title: LocalizedStringKey {{
        switch self {{
        case .alpha: return "P{p} F{f} first kind"
        case .beta: return "P{p} F{f} second kind"
        case .gamma: return "P{p} F{f} third kind"
        case .delta: return "P{p} F{f} fourth kind"
        }}
    }}

    var weight: Int {{
        switch self {{
        case .alpha: return 1
        case .beta: return 2
        case .gamma: return 3
        case .delta: return 4
        }}
    }}
}}

/// Sums and filters records without any text.
struct Store{u} {{
    private(set) var records: [Record{u}] = []
    private var index: [Int: Int] = [:]

    mutating func add(_ record: Record{u}) {{
        index[record.id] = records.count
        records.append(record)
    }}

    func record(withID id: Int) -> Record{u}? {{
        guard let position = index[id] else {{ return nil }}
        return records[position]
    }}

    var totalSize: UInt64 {{
        records.reduce(0) {{ $0 + $1.size }}
    }}

    var largest: Record{u}? {{
        records.max {{ $0.size < $1.size }}
    }}

    func matching(_ text: String) -> [Record{u}] {{
        let needle = text.lowercased()
        return records.filter {{ $0.name.lowercased().contains(needle) || $0.tags.contains(needle) }}
    }}

    func grouped() -> [Int32: [Record{u}]] {{
        Dictionary(grouping: records, by: \\.count)
    }}

    func average() -> Double {{
        guard !records.isEmpty else {{ return 0 }}
        let sum = records.map(\\.ratio).reduce(0, +)
        return sum / Double(records.count)
    }}
}}

struct Screen{u}: View {{
    let store: Store{u}
    @State private var selection: Kind{u} = .alpha
    @State private var query = ""
    @State private var showsDetails = false

    var body: some View {{
        NavigationStack {{
            VStack(alignment: .leading, spacing: 8) {{
                Text("P{p} F{f} heading")
                    .font(.headline)
                Picker("P{p} F{f} kind", selection: $selection) {{
                    ForEach(Kind{u}.allCases) {{ kind in
                        Text(kind.title).tag(kind)
                    }}
                }}
                TextField("P{p} F{f} search", text: $query)
                List(store.matching(query)) {{ record in
                    HStack {{
                        Text("P{p} F{f} \\(record.name) has \\(record.count) parts")
                        Spacer()
                        Text("P{p} F{f} \\(record.size) bytes")
                    }}
                }}
                let total = store.totalSize
                let shown = total
                Text("P{p} F{f} total \\(shown)")
                Button("P{p} F{f} refresh") {{
                    refresh()
                }}
                Label("P{p} F{f} details", systemImage: "info.circle")
                Toggle("P{p} F{f} show details", isOn: $showsDetails)
                if showsDetails {{
                    Text("P{p} F{f} average \\(store.average())")
                }}
            }}
            .padding()
            .navigationTitle("P{p} F{f} title")
        }}
    }}

    private func refresh() {{
        let count = store.records.count
        let message = String(localized: "P{p} F{f} refreshed \\(count) records", comment: "After a refresh")
        print(message)
        let legacy = NSLocalizedString("P{p} F{f} legacy %@", comment: "A legacy call")
        print(String(format: legacy, "\\(count)"))
        let other = NSLocalizedString("P{p} F{f} other table", tableName: "Other", comment: "Another table")
        print(other)
    }}

    private func describe(_ record: Record{u}) -> String {{
        var parts: [String] = []
        parts.append(record.name)
        if record.isLarge {{
            parts.append(String(record.size))
        }}
        for tag in record.tags.sorted() where !tag.isEmpty {{
            parts.append(tag)
        }}
        let ratio = record.scaled(by: 2)
        parts.append(String(ratio))
        return parts.joined(separator: ", ")
    }}
}}

func checksum{u}(_ values: [Int]) -> Int {{
    var result = 17
    for value in values {{
        result = result &* 31 &+ value
        if result < 0 {{
            result = -result
        }}
    }}
    return result
}}
'''

# The keys each file gives the `Localizable` table, and the specifiers the catalog holds for them.
KEYS = [
    "P{p} F{f} first kind", "P{p} F{f} second kind", "P{p} F{f} third kind", "P{p} F{f} fourth kind",
    "P{p} F{f} heading", "P{p} F{f} kind", "P{p} F{f} search", "P{p} F{f} %@ has %d parts",
    "P{p} F{f} %llu bytes", "P{p} F{f} total %llu", "P{p} F{f} refresh", "P{p} F{f} details",
    "P{p} F{f} show details", "P{p} F{f} average %lf", "P{p} F{f} title", "P{p} F{f} refreshed %lld records",
    "P{p} F{f} legacy %@",
]

PACKAGE_TEMPLATE = '''// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Part{p}",
    defaultLocalization: "en",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
{products}
    ],
    targets: [
{targets}
    ]
)
'''


def catalog(keys, keep):
    strings = {}
    for number, key in enumerate(keys):
        if (number * 7919) % 100 >= keep * 100:
            continue
        strings[key] = {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "DE " + key}}}}
    data = {"sourceLanguage": "en", "strings": dict(sorted(strings.items())), "version": "1.0"}
    return json.dumps(data, indent=2, ensure_ascii=False, separators=(",", " : ")) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    parser.add_argument("--out", required=True, help="the folder to create")
    parser.add_argument("--lines", type=int, default=200_000, help="lines of Swift to reach (200000)")
    parser.add_argument("--targets", type=int, default=10, help="targets per package (10)")
    parser.add_argument("--files", type=int, default=10, help="Swift files per target (10)")
    parser.add_argument("--keep", type=float, default=0.5, help="share of the keys the catalogs start with (0.5)")
    parser.add_argument("--force", action="store_true", help="replace OUT when it exists")
    args = parser.parse_args()
    if os.path.exists(args.out):
        if not args.force:
            sys.exit(f"gen_synthetic_project.py: {args.out} exists (--force replaces it)")
        shutil.rmtree(args.out)
    per_file = FILE_TEMPLATE.count("\n")
    files_needed = max(1, -(-args.lines // per_file))
    lines = files = keys = 0
    part = 0
    while files < files_needed:
        part += 1
        package = os.path.join(args.out, f"Part{part}")
        names = []
        for target in range(1, args.targets + 1):
            if files >= files_needed:
                break
            name = f"Part{part}Module{target}"
            names.append(name)
            folder = os.path.join(package, "Sources", name)
            os.makedirs(os.path.join(folder, "Resources"))
            table = []
            for number in range(1, args.files + 1):
                if files >= files_needed:
                    break
                p, f = f"{part}.{target}", str(number)
                text = FILE_TEMPLATE.format(p=p, f=f, u=f"_{part}_{target}_{number}")
                with open(os.path.join(folder, f"Screen{number}.swift"), "w") as out:
                    out.write(text)
                lines += text.count("\n")
                files += 1
                table += [key.format(p=p, f=f) for key in KEYS]
            keys += len(table)
            with open(os.path.join(folder, "Resources", "Localizable.xcstrings"), "w") as out:
                out.write(catalog(table, args.keep))
        products = "\n".join(f'        .library(name: "{n}", targets: ["{n}"]),' for n in names)
        targets = "\n".join(f'        .target(name: "{n}", resources: [.process("Resources")]),' for n in names)
        with open(os.path.join(package, "Package.swift"), "w") as out:
            out.write(PACKAGE_TEMPLATE.format(p=part, products=products, targets=targets))
    print(f"{args.out}: {part} packages, {files} Swift files, {lines} lines, {keys} Localizable keys in code")


if __name__ == "__main__":
    main()
