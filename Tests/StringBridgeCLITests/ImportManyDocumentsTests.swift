import Foundation
import LocalizationCatalog
import LocalizationConverter
import TestSupport
import Testing

/// An import of many documents reads and applies them a few at a time (``Import/Options/documentsAtOnce``) and lets
/// each few go before reading the next: the result, the report and the diagnostics are those of applying them one by
/// one, and a bad document anywhere still fails the whole import before anything is written.
@Suite("stringbridge import: many documents, a few at a time")
struct ImportManyDocumentsTests {
    let folder: URL

    init() throws {
        folder = try StringBridgeProcess.temporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("project"), withIntermediateDirectories: true)
        try write(Self.catalog, to: "project/Localizable.xcstrings")
    }

    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "farewell" : {
              "comment" : "Said when leaving",
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "Tschüss"
                  }
                }
              }
            },
            "greeting" : {

            }
          },
          "version" : "1.0"
        }

        """

    func write(_ text: String, to relative: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(relative))
    }

    func bytes(_ relative: String) -> [UInt8]? {
        (try? Data(contentsOf: folder.appendingPathComponent(relative))).map { [UInt8]($0) }
    }

    /// A document for `language` translating both keys, with a `translate` value that is read with a warning (so
    /// that every document has a diagnostic of its own, at its own path).
    static func document(_ language: String, greeting: String, farewell: String, greetingSource: String = "greeting")
        -> String
    {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="Localizable.xcstrings" source-language="en" target-language="\(language)" datatype="plaintext">
            <body>
              <trans-unit id="farewell" translate="maybe-\(language)" xml:space="preserve">
                <source>farewell</source>
                <target state="translated">\(farewell)</target>
              </trans-unit>
              <trans-unit id="greeting" xml:space="preserve">
                <source>\(greetingSource)</source>
                <target state="translated">\(greeting)</target>
              </trans-unit>
            </body>
          </file>
        </xliff>

        """
    }

    /// Seven documents: five languages, French twice (the later wins), and the development language in the middle
    /// (the documents after it are checked against its new sources, as one by one).
    static let documents: [(name: String, text: String)] = [
        ("1-fr.xliff", document("fr", greeting: "Bonjour", farewell: "Au revoir")),
        ("2-de.xliff", document("de", greeting: "Hallo", farewell: "Auf Wiedersehen")),
        ("3-en.xliff", document("en", greeting: "Hello", farewell: "Goodbye")),
        ("4-es.xliff", document("es", greeting: "Hola", farewell: "Adiós")),
        ("5-fr.xliff", document("fr", greeting: "Salut", farewell: "Adieu", greetingSource: "Hello")),
        ("6-ja.xliff", document("ja", greeting: "こんにちは", farewell: "さようなら", greetingSource: "Hello")),
        ("7-it.xliff", document("it", greeting: "Ciao", farewell: "Arrivederci")),
    ]

    func writeDocuments(_ documents: [(name: String, text: String)]) throws -> [String] {
        for (name, text) in documents { try write(text, to: name) }
        return documents.map { folder.appendingPathComponent($0.name).path }
    }

    /// Imports `paths` into the catalog in `project`, `documentsAtOnce` at a time; the diagnostics as printed.
    func importDocuments(_ paths: [String], documentsAtOnce: Int) -> (error: [String]?, diagnostics: [String]) {
        var options = Import.Options(root: folder.appendingPathComponent("project").path)
        options.documentsAtOnce = documentsAtOnce
        options.editsProject = false
        var diagnostics = Diagnostics()
        do {
            _ = try Import().run(paths, options: options, diagnostics: &diagnostics)
            return (nil, diagnostics.all.map(\.description))
        } catch let error as ConversionError {
            return (error.diagnostics.map(\.description), diagnostics.all.map(\.description))
        } catch {
            return (["\(error)"], diagnostics.all.map(\.description))
        }
    }

    @Test("Windows: consecutive ranges of the given size, the last one shorter")
    func windows() {
        #expect(Import.windows(7, size: 2) == [0..<2, 2..<4, 4..<6, 6..<7])
        #expect(Import.windows(4, size: 2) == [0..<2, 2..<4])
        #expect(Import.windows(3, size: 8) == [0..<3])
        #expect(Import.windows(0, size: 2) == [])
        #expect(Import.windows(2, size: 0) == [0..<1, 1..<2])
    }

    @Test(
        "Documents imported a few at a time give the bytes and diagnostics of importing them all at once, and the bytes of importing them one at a time"
    )
    func sameAsOneByOne() throws {
        let paths = try writeDocuments(Self.documents)
        let original = try #require(bytes("project/Localizable.xcstrings"))
        // Two at a time: the windows end inside the run of languages and after the development language.
        let fewAtATime = importDocuments(paths, documentsAtOnce: 2)
        #expect(fewAtATime.error == nil, "\(fewAtATime)")
        let imported = try #require(bytes("project/Localizable.xcstrings"))
        #expect(imported != original)
        // Every document's warning, in document order.
        #expect(
            fewAtATime.diagnostics.filter { $0.contains("translate=") }
                == Self.documents.map { name, _ in
                    let language = String(name.dropFirst(2).prefix(2))
                    return "\(folder.appendingPathComponent(name).path):5:7: warning: trans-unit 'farewell' has "
                        + "translate='maybe-\(language)'; only 'yes' and 'no' are known, so it is ignored"
                })

        for (size, label) in [(Self.documents.count, "all at once"), (1, "one document at a time"), (3, "three")] {
            try write(Self.catalog, to: "project/Localizable.xcstrings")
            let other = importDocuments(paths, documentsAtOnce: size)
            #expect(other.error == nil)
            #expect(other.diagnostics == fewAtATime.diagnostics, "\(label)")
            #expect(bytes("project/Localizable.xcstrings") == imported, "\(label)")
        }

        // One import per document, in the same order.
        try write(Self.catalog, to: "project/Localizable.xcstrings")
        for path in paths {
            let single = importDocuments([path], documentsAtOnce: 2)
            #expect(single.error == nil, "\(path): \(single)")
        }
        #expect(bytes("project/Localizable.xcstrings") == imported)
        let text = String(decoding: imported, as: UTF8.self)
        // The later French document wins; the Japanese one was checked against the new English source.
        #expect(text.contains("\"value\" : \"Salut\""))
        #expect(!text.contains("\"value\" : \"Bonjour\""))
        #expect(text.contains("\"value\" : \"こんにちは\""))
    }

    @Test("A malformed document after the first few fails the import: nothing is written, its error is reported")
    func malformedInTheMiddle() throws {
        var documents = Self.documents
        documents.insert(("5-bad.xliff", "<xliff version=\"1.2\"><file"), at: 4)
        let paths = try writeDocuments(documents)
        let original = try #require(bytes("project/Localizable.xcstrings"))
        let outcome = importDocuments(paths, documentsAtOnce: 2)
        let error = try #require(outcome.error)
        #expect(error.count == 1)
        #expect(error.first?.hasPrefix("\(folder.appendingPathComponent("5-bad.xliff").path):1:") == true, "\(error)")
        #expect(error.first?.contains(": error: ") == true)
        #expect(bytes("project/Localizable.xcstrings") == original)
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("project").path)
        #expect(leftovers == ["Localizable.xcstrings"])
        // The same through the command, which exits 1 and writes nothing.
        let result = try StringBridgeProcess.run(
            ["import"] + documents.map { "../" + $0.name }, in: folder.appendingPathComponent("project"))
        #expect(result.status == 1)
        #expect(result.error.contains("../5-bad.xliff:1:"), "\(result.error)")
        #expect(bytes("project/Localizable.xcstrings") == original)
    }

    @Test(
        "A refused document after the first few (already applied in memory) fails the import: nothing is written, every document's diagnostics in document order, then the error"
    )
    func refusedInTheMiddle() throws {
        var documents = Self.documents
        documents[5] = ("6-ja.xliff", Self.document("../ja", greeting: "x", farewell: "y"))
        let paths = try writeDocuments(documents)
        let original = try #require(bytes("project/Localizable.xcstrings"))
        let outcome = importDocuments(paths, documentsAtOnce: 2)
        let error = try #require(outcome.error)
        #expect(error.count == 1)
        #expect(error.first?.hasPrefix("\(paths[5]):3:") == true, "\(error)")
        #expect(error.first?.contains(": error: target-language") == true, "\(error)")
        // Each document's own warning, in the order given (the refused one's too), and nothing else.
        #expect(
            outcome.diagnostics
                == documents.enumerated().map { index, document in
                    let language = index == 5 ? "../ja" : String(document.name.dropFirst(2).prefix(2))
                    return "\(paths[index]):5:7: warning: trans-unit 'farewell' has translate='maybe-\(language)'; "
                        + "only 'yes' and 'no' are known, so it is ignored"
                })
        #expect(bytes("project/Localizable.xcstrings") == original)
        // Whatever the few: the same error and diagnostics.
        for size in [1, 3, documents.count] {
            let other = importDocuments(paths, documentsAtOnce: size)
            #expect(other.error == outcome.error, "\(size)")
            #expect(other.diagnostics == outcome.diagnostics, "\(size)")
        }
        #expect(bytes("project/Localizable.xcstrings") == original)
    }

    @Test(
        "A language spelled in another case than an earlier document's, in a later few, takes the earlier spelling even when the earlier document applied nothing"
    )
    func spellingAcrossTheFew() throws {
        let noTargets = Self.document("pt-BR", greeting: "", farewell: "")
            .replacingOccurrences(of: "<target state=\"translated\"></target>\n", with: "")
        #expect(!noTargets.contains("<target"))
        let documents = [
            ("1-pt.xliff", noTargets), ("2-de.xliff", Self.document("de", greeting: "Hallo", farewell: "Tschüss")),
            ("3-pt.xliff", Self.document("PT-BR", greeting: "Olá", farewell: "Tchau")),
        ]
        let paths = try writeDocuments(documents)
        let oneAtATime = importDocuments(paths, documentsAtOnce: 1)
        #expect(oneAtATime.error == nil, "\(oneAtATime)")
        let imported = try #require(bytes("project/Localizable.xcstrings"))
        let text = String(decoding: imported, as: UTF8.self)
        #expect(text.contains("\"pt-BR\" : {"), "\(text)")
        #expect(!text.contains("\"PT-BR\""))
        #expect(
            oneAtATime.diagnostics.contains {
                $0.hasPrefix("\(paths[2]):3:3: note: target-language \"PT-BR\" is \"pt-BR\" in the project")
            }, "\(oneAtATime.diagnostics)")
        try write(Self.catalog, to: "project/Localizable.xcstrings")
        let allAtOnce = importDocuments(paths, documentsAtOnce: 3)
        #expect(allAtOnce.diagnostics == oneAtATime.diagnostics)
        #expect(bytes("project/Localizable.xcstrings") == imported)
    }
}
