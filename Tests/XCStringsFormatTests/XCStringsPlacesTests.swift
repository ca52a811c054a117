import Foundation
import LocalizationCatalog
import StringBridgeSupport
import TestSupport
import Testing

@testable import XCStringsFormat

/// The String Catalog reader records where each localization and variation case is named and where its string's
/// value is (``Localization/places``), on any number of threads: consumers (`check`, `compile`) scan no file again.
@Suite("String Catalog places of localizations and leaves")
struct XCStringsPlacesTests {
    /// Every place recorded in `localization` and the cases below it: (name, what is there), (value, …).
    static func places(
        _ localization: Localization, name: String, origin: FileLocation?,
        into result: inout [(place: FileLocation?, name: String?)]
    ) {
        result.append((localization.places.name(from: origin), name))
        result.append((localization.places.value(from: origin), nil))
        for cases in [localization.variations?.plural, localization.variations?.device] {
            for (caseName, value) in cases ?? [:] { places(value, name: caseName, origin: origin, into: &result) }
        }
        for (_, substitution) in localization.substitutions ?? [:] {
            for (caseName, value) in substitution.variations?.plural ?? [:] {
                places(value, name: caseName, origin: origin, into: &result)
            }
        }
    }

    /// The text of `lines` from `location` to the end of its line (columns count scalars).
    static func text(at location: FileLocation, in lines: [Substring]) -> String {
        let line = lines[location.line - 1]
        return String(String.UnicodeScalarView(line.unicodeScalars.dropFirst(location.column - 1)))
    }

    @Test("Each localization's and case's name and each string's value are placed, the same on any number of threads")
    func placesAreRightOnAnyNumberOfThreads() throws {
        let (_, bytes) = try XCStringsParallelTests.generated()
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func allPlaces(_ table: StringTable) -> [(place: FileLocation?, name: String?)] {
            var result: [(place: FileLocation?, name: String?)] = []
            for entry in table.entries.values {
                for (language, localization) in entry.localizations ?? [:] {
                    Self.places(localization, name: language, origin: entry.origin, into: &result)
                }
            }
            return result
        }
        var diagnostics = Diagnostics()
        let sequential = allPlaces(
            try XCStringsReader(parallelism: .sequential).read(
                SourceFile(path: "big.xcstrings", bytes: bytes), options: ReadOptions(), diagnostics: &diagnostics))
        var names = 0
        var values = 0
        for (place, name) in sequential {
            guard let place else { continue }
            let rest = Self.text(at: place, in: lines)
            if let name {
                names += 1
                #expect(rest.hasPrefix("\"\(name)\" : {"), "\(place): \(rest)")
            } else {
                values += 1
                #expect(rest.hasPrefix("\""), "\(place): \(rest)")
                let before = lines[place.line - 1].unicodeScalars.prefix(place.column - 1)
                #expect(String(String.UnicodeScalarView(before)).hasSuffix("\"value\" : "), "\(place): \(rest)")
            }
        }
        // Every localization and case is named in the file, and most hold a string.
        #expect(names == sequential.count / 2)
        #expect(values > names / 2)
        for chunks in XCStringsParallelTests.chunkCounts {
            let table = try XCStringsReader(parallelism: XCStringsParallelTests.forced(chunks)).read(
                SourceFile(path: "big.xcstrings", bytes: bytes), options: ReadOptions(), diagnostics: &diagnostics)
            let places = allPlaces(table)
            #expect(places.map(\.place) == sequential.map(\.place), "\(chunks) chunks")
        }
    }

    @Test("A repeated key merged into its first definition: its localizations are placed in the file all the same")
    func mergedDuplicate() throws {
        let text = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "k" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Wert" } }
                  }
                },
                "k" : {
                  "localizations" : {
                    "fr" : { "stringUnit" : { "state" : "translated", "value" : "valeur" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """
        var options = ReadOptions()
        options.mergesDuplicateKeys = true
        var diagnostics = Diagnostics()
        let table = try XCStringsReader(parallelism: .sequential).read(
            SourceFile(path: "twice.xcstrings", bytes: Array(text.utf8)), options: options, diagnostics: &diagnostics)
        let entry = try #require(table.entries["k"])
        #expect(entry.origin == FileLocation(path: "twice.xcstrings", line: 4, column: 5))
        let fr = try #require(entry.localizations?["fr"])
        #expect(fr.places.name(from: entry.origin) == FileLocation(path: "twice.xcstrings", line: 11, column: 9))
        #expect(fr.places.value(from: entry.origin) == FileLocation(path: "twice.xcstrings", line: 11, column: 69))
    }

    @Test("A catalog on one line: places counted along it, and none past column 65,535")
    func oneLine() throws {
        let padding = String(repeating: " ", count: 70_000)
        let text =
            #"{"sourceLanguage":"en","strings":{"k":{"localizations":{"de":{"stringUnit":{"state":"translated","#
            + #""value":"Wert"}}}},"l":{"localizations":{"fé":{"stringUnit":{"state":"translated","value":"x"}}}},"#
            + "\(padding)\"m\":{\"localizations\":{\"de\":{\"stringUnit\":{\"state\":\"new\",\"value\":\"y\"}}}}},"
            + #""version":"1.0"}"#
        var diagnostics = Diagnostics()
        let table = try XCStringsReader(parallelism: .sequential).read(
            SourceFile(path: "one.xcstrings", bytes: Array(text.utf8)), options: ReadOptions(),
            diagnostics: &diagnostics)
        let k = try #require(table.entries["k"])
        let de = try #require(k.localizations?["de"])
        #expect(de.places.name(from: k.origin) == FileLocation(path: "one.xcstrings", line: 1, column: 57))
        #expect(de.places.value(from: k.origin) == FileLocation(path: "one.xcstrings", line: 1, column: 106))
        let l = try #require(table.entries["l"])
        let fe = try #require(l.localizations?["fé"])
        // Columns count scalars: `é` is one.
        #expect(fe.places.value(from: l.origin) == FileLocation(path: "one.xcstrings", line: 1, column: 188))
        let m = try #require(table.entries["m"])
        #expect(m.localizations?["de"]?.places.name(from: m.origin) == nil)
        #expect(m.localizations?["de"]?.places.value(from: m.origin) == nil)
        // Places are not content.
        var moved = table
        moved.entries[valueAt: 0].localizations?[valueAt: 0].places = LocalizationPlaces()
        #expect(moved == table)
    }
}
