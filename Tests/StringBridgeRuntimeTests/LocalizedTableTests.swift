import Foundation
import StringBridgeRuntime
import Testing

/// A table with a plural key in every category of English, Russian, Arabic and Japanese, a substitution, device
/// cases and keys missing in some languages.
func sampleTable() -> LocalizedTable {
    func text(_ value: String) -> RuntimeValue { RuntimeValue(text: value) }
    func plural(_ cases: [String: String], argument: Int = 1) -> RuntimeValue {
        RuntimeValue(argument: argument, plural: cases.mapValues(text))
    }
    let files = "%lld files"
    let substituted = RuntimeValue(text: "%@ has %#@apples@")
    let table = RuntimeTable(
        table: "Localizable", developmentLanguage: "en",
        localizations: [
            RuntimeLocalization(
                language: "en",
                entries: [
                    RuntimeEntry(key: files, value: plural(["one": "%lld file", "other": "%lld files"])),
                    RuntimeEntry(
                        key: "%lld messages",
                        value: plural(["zero": "No messages", "one": "One message", "other": "%lld messages"])),
                    RuntimeEntry(key: "Hello", value: text("Hello")),
                    RuntimeEntry(key: "Only in English", value: text("English only")),
                    RuntimeEntry(
                        key: "%@ has %lld apples", value: substituted,
                        substitutions: [
                            "apples": RuntimeValue(
                                argument: 2,
                                plural: ["one": text("%2$lld apple"), "other": text("%2$lld apples")])
                        ]),
                    RuntimeEntry(
                        key: "Tap", value: RuntimeValue(device: ["iphone": text("Tap"), "other": text("Click")])),
                    RuntimeEntry(key: "caf\u{E9}", value: text("precomposed")),
                    RuntimeEntry(key: "cafe\u{301}", value: text("decomposed")),
                ]),
            RuntimeLocalization(
                language: "ru",
                entries: [
                    RuntimeEntry(
                        key: files,
                        value: plural([
                            "one": "%lld файл", "few": "%lld файла", "many": "%lld файлов", "other": "%lld файла",
                        ])),
                    RuntimeEntry(key: "Hello", value: text("Привет")),
                ]),
            RuntimeLocalization(
                language: "ar",
                entries: [
                    RuntimeEntry(
                        key: files,
                        value: plural([
                            "zero": "لا ملفات", "one": "ملف واحد", "two": "ملفان", "few": "%lld ملفات",
                            "many": "%lld ملفًا", "other": "%lld ملف",
                        ]))
                ]),
            RuntimeLocalization(
                language: "ja", entries: [RuntimeEntry(key: files, value: plural(["other": "%lld 個のファイル"]))]),
            RuntimeLocalization(language: "pt", entries: [RuntimeEntry(key: "Hello", value: text("Olá"))]),
            RuntimeLocalization(language: "pt-BR", entries: [RuntimeEntry(key: "Bye", value: text("Tchau"))]),
        ])
    return LocalizedTable(table)
}

@Suite struct LocalizedTableTests {
    let table = sampleTable()

    @Test(arguments: [
        ("en", 1, "1 file"), ("en", 0, "0 files"), ("en", 2, "2 files"),
        ("ru", 1, "1 файл"), ("ru", 21, "21 файл"), ("ru", 3, "3 файла"), ("ru", 5, "5 файлов"),
        ("ru", 11, "11 файлов"),
        ("ar", 0, "لا ملفات"), ("ar", 1, "ملف واحد"), ("ar", 2, "ملفان"), ("ar", 3, "3 ملفات"), ("ar", 11, "11 ملفًا"),
        ("ar", 100, "100 ملف"),
        ("ja", 1, "1 個のファイル"), ("ja", 0, "0 個のファイル"),
    ])
    func pluralCategoryPerLanguage(language: String, count: Int, expected: String) {
        #expect(table.string("%lld files", count, languages: [language]) == expected)
    }

    @Test func zeroIsAnExactOverrideInEveryLanguage() {
        #expect(table.string("%lld messages", 0, languages: ["en"]) == "No messages")
        #expect(table.string("%lld messages", 1, languages: ["en"]) == "One message")
        #expect(table.string("%lld messages", 0.0, languages: ["en"]) == "No messages")
        #expect(table.string("%lld messages", 10, languages: ["en"]) == "10 messages")
    }

    @Test func fallbackGoesThroughLanguageThenDevelopmentLanguageThenKey() {
        #expect(table.string("Hello", languages: ["pt-BR"]) == "Olá")
        #expect(table.string("Bye", languages: ["pt-BR"]) == "Tchau")
        #expect(table.string("Bye", languages: ["pt"]) == "Bye")
        #expect(table.string("Only in English", languages: ["ru"]) == "English only")
        #expect(table.string("Missing %d", 3, languages: ["ru"]) == "Missing %d")
        #expect(table.string("Hello", languages: ["de", "ru"]) == "Привет")
        #expect(table.string("Hello", languages: ["RU_ru"]) == "Привет")
        #expect(table.string("%lld files", 5, languages: ["de"]) == "5 files")
    }

    @Test func substitutionsChooseByTheirOwnArgument() {
        #expect(table.string("%@ has %lld apples", "Anna", 1, languages: ["en"]) == "Anna has 1 apple")
        #expect(table.string("%@ has %lld apples", "Anna", 7, languages: ["en"]) == "Anna has 7 apples")
        #expect(table.string("%@ has %lld apples", arguments: ["Anna"], languages: ["en"]) == "Anna has %2$lld apples")
    }

    @Test func deviceVariationsDefaultToOther() {
        #if os(Linux) || os(Windows)
            #expect(table.string("Tap", languages: ["en"]) == "Click")
        #endif
    }

    @Test func canonicallyEquivalentKeysStayDistinct() {
        #expect(table.string("caf\u{E9}", languages: ["en"]) == "precomposed")
        #expect(table.string("cafe\u{301}", languages: ["en"]) == "decomposed")
    }

    @Test func stringsAgreeFromManyThreads() {
        let expected = (0..<200).map { table.string("%lld files", $0, languages: ["ru"]) }
        let results = ResultBox(count: 200 * 8)
        DispatchQueue.concurrentPerform(iterations: 8) { round in
            for count in 0..<200 {
                results.set(round * 200 + count, table.string("%lld files", count, languages: ["ru"]))
            }
        }
        #expect(results.values == Array(repeating: expected, count: 8).flatMap { $0 })
    }
}

/// Results written from several threads, each to its own index.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String]

    init(count: Int) { storage = Array(repeating: "", count: count) }

    func set(_ index: Int, _ value: String) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
