import CLDRSupport
import Foundation

/// A string table compiled by `stringbridge-generate tables` (or the `StringBridgeGenerate` build plugin), loaded
/// once and read from any thread.
///
/// ```swift
/// let table = LocalizedTable(name: "Localizable", bundle: .module)
/// print(table.string("%lld files", 3))
/// ```
///
/// The table reads its own file (`<name>.stringbridge-table.json`), never Foundation's localization lookups (on
/// Linux `Bundle.localizedString` crashes for a table with a `.stringsdict`, and Foundation cannot read
/// `.xcstrings`). A lookup never fails: a key missing in the chosen language gives the value of its fallbacks, then
/// of the development language, then the key itself; a table that cannot be loaded gives keys (and says why in
/// ``loadError``). Rules: `docs/runtime.md`.
public struct LocalizedTable: Sendable {
    /// The extension of a compiled table file.
    public static let fileExtension = ".stringbridge-table.json"
    /// The environment variable that replaces `Locale.preferredLanguages` (comma-separated identifiers).
    public static let languagesVariable = "STRINGBRIDGE_LANGUAGES"

    private let storage: Storage

    /// How the numbers of `%f`-class specifiers (`%f %F %e %E %g %G`) are written.
    public enum NumberFormatting: Sendable, Equatable {
        /// In the reader's locale, as `String(localized:)` shows them: its decimal separator, grouping and digits
        /// (`1,5` in German, `١٫٥` in Egyptian Arabic). The reader's locale is the `locale:` of the lookup, else
        /// the first of the reader's languages (`languages:`, else `STRINGBRIDGE_LANGUAGES`), else
        /// `Locale.current`.
        case readerLocale
        /// As C's `printf` writes them (`1.500000`), in every language.
        case posix
    }

    /// How the numbers of `%f`-class specifiers are written; integers are written as C writes them either way.
    public var numberFormatting: NumberFormatting = .readerLocale

    /// The table `name` among the resources of `bundle` (the plugin's outputs become the target's resources, so a
    /// package passes `Bundle.module`).
    public init(name: String, bundle: Bundle) {
        var directories: [URL] = []
        if let resources = bundle.resourceURL { directories.append(resources) }
        directories.append(bundle.bundleURL)
        self.init(name: name, directories: directories)
    }

    /// The table `name` in `directory` (a folder holding `<name>.stringbridge-table.json`).
    public init(name: String, directory: URL) {
        self.init(name: name, directories: [directory])
    }

    /// A table made from a decoded ``RuntimeTable`` (tests, tools).
    public init(_ table: RuntimeTable) {
        storage = Storage(table: table, error: nil)
    }

    private init(name: String, directories: [URL]) {
        let fileName = name + Self.fileExtension
        var searched: [String] = []
        for directory in directories {
            let url = directory.appendingPathComponent(fileName)
            searched.append(directory.path)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            storage = Self.load(url, name: name)
            return
        }
        storage = Storage(
            table: RuntimeTable(table: name, developmentLanguage: "", localizations: []),
            error: .missingTable(name: name, searched: searched))
    }

    private static func load(_ url: URL, name: String) -> Storage {
        let empty = RuntimeTable(table: name, developmentLanguage: "", localizations: [])
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return Storage(table: empty, error: .unreadable(path: url.path, reason: "\(error.localizedDescription)"))
        }
        struct Version: Decodable { var serializationVersion: Int }
        do {
            let version = try JSONDecoder().decode(Version.self, from: data).serializationVersion
            guard version == RuntimeTable.currentSerializationVersion else {
                return Storage(table: empty, error: .unsupportedVersion(path: url.path, version: version))
            }
            return Storage(table: try JSONDecoder().decode(RuntimeTable.self, from: data), error: nil)
        } catch {
            return Storage(table: empty, error: .unreadable(path: url.path, reason: Self.describe(error)))
        }
    }

    private static func describe(_ error: Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        switch decoding {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return (path.isEmpty ? "" : path.joined(separator: ".") + ": ") + context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }

    /// Why the table has no strings, or `nil` when it loaded.
    public var loadError: RuntimeError? { storage.error }

    /// The languages the table has, as it spells them.
    public var languages: [String] { storage.languages }

    /// The development language, or an empty string for a table that did not load.
    public var developmentLanguage: String { storage.developmentLanguage }

    /// The localized, formatted string of `key`, with `arguments` as `String(format:)` takes them.
    ///
    /// `languages` lists the reader's languages, most wanted first; `nil` means `STRINGBRIDGE_LANGUAGES` when set,
    /// otherwise `Locale.preferredLanguages`. `locale` writes the numbers of `%f`-class specifiers
    /// (``numberFormatting``); `nil` means the reader's locale.
    public func string(
        _ key: String, _ arguments: any CVarArg..., languages: [String]? = nil, locale: Locale? = nil
    ) -> String {
        string(key, arguments: arguments, languages: languages, locale: locale)
    }

    /// The localized, formatted string of `key`, with `arguments` as `String(format:)` takes them.
    public func string(
        _ key: String, arguments: [any CVarArg], languages: [String]? = nil, locale: Locale? = nil
    ) -> String {
        let lookup = languages.map { storage.lookup(preferred: $0) } ?? storage.defaultLookup
        let numbers: Locale? =
            switch numberFormatting {
            case .posix: nil
            case .readerLocale: locale ?? lookup.locale
            }
        let exact = ExactKey(key)
        for index in lookup.order {
            guard let entry = storage.entries[index][exact] else { continue }
            let values = arguments.map(FormatArgument.init)
            let rule = storage.rules[index]
            guard let text = Self.resolve(entry.value, values, rule: rule) else { continue }
            return PluralFormatting.format(text, values, locale: numbers) { name, position in
                guard let substitution = entry.substitutions?[name] else { return nil }
                // The substitution's argument: a case's `%lld` (written for `%arg`) prints it too.
                let argument = substitution.argument ?? position
                let value = argument >= 1 && argument <= values.count ? values[argument - 1] : nil
                guard let text = Self.resolve(substitution, values, rule: rule, selector: value) else { return nil }
                return (text, argument)
            }
        }
        return key
    }

    /// The format string `value` leads to: the device case, then the plural case of its argument.
    private static func resolve(
        _ value: RuntimeValue, _ arguments: [FormatArgument], rule: PluralRules.Rule?,
        selector: FormatArgument? = nil, depth: Int = 0
    ) -> String? {
        if let text = value.text { return text }
        guard depth < 8 else { return nil }
        if let device = value.device {
            guard let chosen = device[Self.device] ?? device["other"] ?? device.min(by: { $0.key < $1.key })?.value
            else { return nil }
            return resolve(chosen, arguments, rule: rule, selector: selector, depth: depth + 1)
        }
        if let plural = value.plural {
            var chooser = selector
            if let argument = value.argument, argument >= 1, argument <= arguments.count {
                chooser = arguments[argument - 1]
            }
            guard let chosen = PluralFormatting.select(plural, value: chooser, rule: rule) else { return nil }
            return resolve(chosen, arguments, rule: rule, selector: selector, depth: depth + 1)
        }
        return nil
    }

    /// The device whose case a device variation gives: `other` on Linux and Windows.
    ///
    /// `mac` on macOS, `iphone` on iOS (an iPad's `ipad` case is not told apart), `appletv`, `applewatch`,
    /// `applevision`. A missing case falls back to `other`, then to the first device in alphabetical order.
    static let device: String = {
        #if os(macOS)
            "mac"
        #elseif os(iOS)
            "iphone"
        #elseif os(tvOS)
            "appletv"
        #elseif os(watchOS)
            "applewatch"
        #elseif os(visionOS)
            "applevision"
        #else
            "other"
        #endif
    }()

    /// The reader's languages when a call names none, and whether they come from `STRINGBRIDGE_LANGUAGES` (whose
    /// first language is then the reader's locale, else `Locale.current` is).
    static func readerLanguages() -> (languages: [String], fromEnvironment: Bool) {
        if let listed = ProcessInfo.processInfo.environment[languagesVariable] {
            let languages = listed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            if !languages.isEmpty { return (languages, true) }
        }
        return (Locale.preferredLanguages, false)
    }
}

/// A key compared by its Unicode scalars, not by canonical equivalence (so `é` and `e` + U+0301 stay two keys).
struct ExactKey: Hashable, Sendable {
    let string: String

    init(_ string: String) { self.string = string }

    static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
        lhs.string.utf8.elementsEqual(rhs.string.utf8)
    }

    /// String's own hash: equivalent keys collide, and ``==`` tells them apart.
    func hash(into hasher: inout Hasher) {
        string.hash(into: &hasher)
    }
}

/// The loaded table: immutable after its initialiser, so shared between threads without locks.
private final class Storage: Sendable {
    let error: RuntimeError?
    let languages: [String]
    let developmentLanguage: String
    /// Per language (the index of ``languages``): its entries by key.
    let entries: [[ExactKey: RuntimeEntry]]
    /// Per language: its CLDR rule (`nil` for a language CLDR does not know: every number is `other`).
    let rules: [PluralRules.Rule?]
    /// The languages to look in for `STRINGBRIDGE_LANGUAGES` or `Locale.preferredLanguages`, and the reader's
    /// locale, found once.
    let defaultLookup: Lookup
    /// The languages to look in for the lists callers passed, remembered.
    let orders = OrderCache()

    init(table: RuntimeTable, error: RuntimeError?) {
        self.error = error
        developmentLanguage = table.developmentLanguage
        languages = table.localizations.map(\.language)
        entries = table.localizations.map { localization in
            var byKey: [ExactKey: RuntimeEntry] = [:]
            byKey.reserveCapacity(localization.entries.count)
            for entry in localization.entries where byKey[ExactKey(entry.key)] == nil {
                byKey[ExactKey(entry.key)] = entry
            }
            return byKey
        }
        rules = languages.map { PluralRules.rule(for: $0) }
        let (preferred, fromEnvironment) = LocalizedTable.readerLanguages()
        defaultLookup = Lookup(
            order: Self.order(
                preferred: preferred, languages: languages, developmentLanguage: table.developmentLanguage),
            locale: fromEnvironment ? preferred.first.map(Locale.init(identifier:)) ?? .current : .current)
    }

    /// The languages to look in for a reader who prefers `preferred`, and the locale of the first of them.
    func lookup(preferred: [String]) -> Lookup {
        if let known = orders.value(for: preferred) { return known }
        let lookup = Lookup(
            order: Self.order(preferred: preferred, languages: languages, developmentLanguage: developmentLanguage),
            locale: preferred.first.map(Locale.init(identifier:)) ?? .current)
        orders.store(lookup, for: preferred)
        return lookup
    }

    private static func order(preferred: [String], languages: [String], developmentLanguage: String) -> [Int] {
        LanguageFallback.lookupOrder(
            preferred: preferred, available: languages, developmentLanguage: developmentLanguage
        ).compactMap { languages.firstIndex(of: $0) }
    }
}

/// What a reader's languages resolve to: the localizations to look in (indexes of ``Storage/languages``), and the
/// reader's locale for numbers.
struct Lookup: Sendable {
    var order: [Int]
    var locale: Locale
}

/// The lookups of the language lists callers passed (at most ``limit``), behind a lock: the one mutable part of a
/// table.
///
/// When full, a new list replaces one entry chosen at random, never the whole cache: a caller cycling through more
/// lists than the cache holds still finds most of them (emptying it on overflow, as before, made every lookup of 17
/// lists in turn a miss), and one that settles on a few lists finds them again however many came before.
final class OrderCache: @unchecked Sendable {
    static let limit = 64
    private let lock = NSLock()
    private var lookups: [[String]: Lookup] = [:]
    /// The cached lists, for choosing one to replace.
    private var keys: [[String]] = []
    /// A xorshift state for the choice.
    private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// How many lists are cached (tests).
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return lookups.count
    }

    func value(for languages: [String]) -> Lookup? {
        lock.lock()
        defer { lock.unlock() }
        return lookups[languages]
    }

    func store(_ lookup: Lookup, for languages: [String]) {
        lock.lock()
        defer { lock.unlock() }
        guard lookups[languages] == nil else { return }
        if keys.count >= Self.limit {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            let victim = Int(state % UInt64(keys.count))
            lookups[keys[victim]] = nil
            keys[victim] = languages
        } else {
            keys.append(languages)
        }
        lookups[languages] = lookup
    }
}
