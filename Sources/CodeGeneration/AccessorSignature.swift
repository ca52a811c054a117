import LocalizationCatalog

/// The arguments of a key's accessor: one per argument position of the key's development-language text, from its
/// format specifiers (``FormatSpecifiers``) and the substitutions it references.
package struct AccessorSignature: Sendable, Equatable {
    /// One argument.
    package struct Argument: Sendable, Equatable {
        /// The specifier's length modifier and conversion (`lld`, `@`), as ``FormatSpecifiers/Specifier/spec``.
        package var spec: String
        /// The specifier as the accessor prints it: `%`, flags, width, precision and spec, without the position
        /// (`%2$lld` → `%lld`).
        package var specifier: String
        /// The name of the substitution that takes the argument, if one does (`%#@count@` → `count`).
        package var substitution: String? = nil
        /// The name of the named placeholder that prints the argument, if one does (`%(name)@` → `name`).
        package var placeholder: String? = nil

        /// The name Xcode labels the parameter with: the substitution's, else the placeholder's.
        var label: String? { substitution ?? placeholder }
    }

    /// Why a key gets no accessor.
    package enum Problem: Error, Sendable, Equatable {
        /// No text prints argument `position`, though a later one is printed.
        case unprinted(position: Int)
        /// Two texts print argument `position` with specifiers of different types.
        case conflicting(position: Int, first: String, second: String)
        /// A specifier no accessor argument can take (`%s`, `%p`, `*` widths…).
        case unsupported(specifier: String)
        /// `%#@NAME@` names a substitution the entry does not have.
        case missingSubstitution(name: String)

        /// The problem in words, after "gets no accessor: ".
        package var message: String {
            switch self {
            case .unprinted(let position): "no text prints argument \(position)"
            case .conflicting(let position, let first, let second):
                "argument \(position) is printed as \(first) and as \(second)"
            case .unsupported(let specifier): "\(specifier) has no argument type"
            case .missingSubstitution(let name): "%#@\(name)@ names no substitution"
            }
        }
    }

    /// The arguments, by position (the first is argument 1).
    package var arguments: [Argument]

    /// The parameter name of each argument: the name of the substitution that takes it or of the named
    /// placeholder that prints it, when that is an identifier and no keyword (`%#@count@` → `count`,
    /// `%(name)@` → `name`), else `argN`; every argument is `argN` when two names would be equal.
    package var parameterNames: [String] {
        labels.enumerated().map { index, label in label ?? "arg\(index + 1)" }
    }

    /// The label of each parameter (`count` of `count: Int`), or `nil` for an unlabelled one (`_ arg1: Int`).
    package var labels: [String?] {
        var labels: [String?] = []
        for argument in arguments {
            if let name = argument.label, SwiftIdentifiers.isValidIdentifier(name),
                !SwiftIdentifiers.keywords.contains(name)
            {
                labels.append(name)
            } else {
                labels.append(nil)
            }
        }
        let names = labels.enumerated().map { index, label in label ?? "arg\(index + 1)" }
        return Set(names).count == names.count ? labels : arguments.map { _ in nil }
    }

    /// What makes two accessors of one name the same declaration to Swift: the labels and types of the parameters
    /// (`(_:Int32,_:Int32)`; `nil` for a `static var`).
    package func overloadKey(type: (String) -> String?) -> String? {
        guard !arguments.isEmpty else { return nil }
        let parts = zip(arguments, labels).map { argument, label in
            "\(label ?? "_"):\(type(argument.spec) ?? "?")"
        }
        return "(" + parts.joined(separator: ",") + ")"
    }

    /// The signature for `entry` of key `key`.
    ///
    /// It comes from the localization in `sourceLanguage` (every variation of it, and the substitutions it
    /// references), else from the key itself. `type` maps a spec to the
    /// argument's type in the flavour generated, or `nil` when none fits.
    package init(
        key: String, entry: CatalogEntry, sourceLanguage: String, type: @escaping (String) -> String?
    ) throws(Problem) {
        var collector = Collector(type: type)
        if let localization = entry.localizations?[sourceLanguage], localization.hasContent {
            try collector.collect(localization, substitutions: localization.substitutions)
        } else {
            try collector.collect(text: key, substitutions: OrderedMap<Substitution>?.none)
        }
        var arguments: [Argument] = []
        let count = collector.slots.keys.max() ?? 0
        for position in stride(from: 1, through: count, by: 1) {
            guard let argument = collector.slots[position] else { throw .unprinted(position: position) }
            arguments.append(argument)
        }
        self.arguments = arguments
    }

    private struct Collector {
        let type: (String) -> String?
        var slots: [Int: Argument] = [:]
        /// The position of each named placeholder's name, once seen: the name prints that argument again.
        var namedPositions: [String: Int] = [:]

        mutating func record(
            _ position: Int, spec: String, specifier: String, substitution: String? = nil, placeholder: String? = nil
        ) throws(Problem) {
            guard !specifier.contains("*"), let newType = type(spec) else {
                throw .unsupported(specifier: specifier)
            }
            if let placeholder, namedPositions[placeholder] == nil { namedPositions[placeholder] = position }
            if let existing = slots[position] {
                if type(existing.spec) != newType {
                    throw .conflicting(position: position, first: existing.specifier, second: specifier)
                }
                if existing.substitution == nil, let substitution { slots[position]?.substitution = substitution }
                if existing.placeholder == nil, let placeholder { slots[position]?.placeholder = placeholder }
                return
            }
            slots[position] = Argument(
                spec: spec, specifier: specifier, substitution: substitution, placeholder: placeholder)
        }

        mutating func collect(_ localization: Localization, substitutions: OrderedMap<Substitution>?) throws(Problem) {
            if let unit = localization.stringUnit { try collect(text: unit.value, substitutions: substitutions) }
            if let variations = localization.variations {
                for cases in [variations.plural, variations.device, variations.width] {
                    for value in cases?.values ?? [] { try collect(value, substitutions: substitutions) }
                }
            }
        }

        mutating func collect(text original: String, substitutions: OrderedMap<Substitution>?) throws(Problem) {
            let named = NamedSpecifiers.strip(original)
            let text = named.text
            let bytes = Array(text.utf8)
            enum Item {
                case specifier(FormatSpecifiers.Specifier)
                case reference(name: String, position: Int?)
            }
            var items: [(offset: Int, item: Item)] = FormatSpecifiers.specifiers(in: text).map {
                ($0.range.lowerBound, .specifier($0))
            }
            items += FormatSpecifiers.substitutionReferences(in: text).map {
                ($0.range.lowerBound, .reference(name: $0.name, position: $0.position))
            }
            items.sort { $0.offset < $1.offset }
            var sequential = 0
            for (_, item) in items {
                switch item {
                case .specifier(let specifier):
                    let placeholder = named.names[specifier.range.lowerBound]
                    let position: Int
                    if let explicit = specifier.position {
                        position = explicit
                    } else if let placeholder, let known = namedPositions[placeholder] {
                        // A name printed again is the same argument.
                        position = known
                    } else {
                        sequential += 1
                        position = sequential
                    }
                    try record(
                        position, spec: specifier.spec, specifier: Self.printed(specifier, in: bytes),
                        placeholder: placeholder)
                case .reference(let name, let explicit):
                    var position: Int
                    if let explicit {
                        position = explicit
                    } else {
                        sequential += 1
                        position = sequential
                    }
                    guard let substitution = substitutions?[name] else { throw .missingSubstitution(name: name) }
                    if let argNum = substitution.argNum { position = argNum }
                    if let spec = substitution.formatSpecifier {
                        let bare = spec.hasPrefix("%") ? String(spec.dropFirst()) : spec
                        try record(position, spec: bare, specifier: "%" + bare, substitution: name)
                    }
                    if let variations = substitution.variations {
                        for cases in [variations.plural, variations.device, variations.width] {
                            for value in cases?.values ?? [] {
                                if let unit = value.stringUnit {
                                    try collect(text: Self.removingArg(unit.value), substitutions: nil)
                                }
                            }
                        }
                    }
                }
            }
        }

        /// A substitution case's text without its `%arg` (the substitution's own argument, typed by its
        /// `formatSpecifier`; a scanner would read it as `%a`).
        static func removingArg(_ text: String) -> String {
            let bytes = Array(text.utf8)
            let arg = Array("%arg".utf8)
            var kept: [UInt8] = []
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "%"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "%") {
                    kept += [bytes[index], bytes[index + 1]]
                    index += 2
                } else if bytes[index...].starts(with: arg) {
                    kept.append(UInt8(ascii: " "))
                    index += arg.count
                } else {
                    kept.append(bytes[index])
                    index += 1
                }
            }
            return String(decoding: kept, as: UTF8.self)
        }

        /// The specifier's text without its `N$` position.
        static func printed(_ specifier: FormatSpecifiers.Specifier, in bytes: [UInt8]) -> String {
            var text = Array(bytes[specifier.range])
            if specifier.position != nil, let dollar = text.firstIndex(of: UInt8(ascii: "$")) {
                text.removeSubrange(1...dollar)
            }
            return String(decoding: text, as: UTF8.self)
        }
    }

    /// The argument type of the Xcode and runtime flavours for a spec: the Swift integer of the C type the length
    /// modifier names, as Xcode 26 types them.
    ///
    /// Seen in Xcode 26.1's files: `%d` → `Int32`, `%lld` → `Int`, `%llu` → `UInt`, `%@` → `String`. By the same
    /// rule: `%i`, `%D` → `Int32`, `%ld`, `%qd`, `%zd`, `%td`, `%jd` → `Int`, `%hd` → `Int16`, `%hhd` → `Int8`;
    /// `%u`, `%x`, `%X`, `%o`, `%U`, `%O` → `UInt32`, with `l`, `ll`, `q`, `z`, `t`, `j` → `UInt`, `h` →
    /// `UInt16`, `hh` → `UInt8` (CoreFoundation reads `%D`, `%U`, `%O` as 32 bits). `%f`, `%e`, `%E`, `%g`, `%G`,
    /// `%a`, `%A` (and `%lf`) → `Double` (unverified). Others (`c`, `C`, `s`, `S`, `p`, the `L` modifier) have none.
    package static func symbolType(of spec: String) -> String? {
        guard let conversion = spec.last else { return nil }
        let modifier = spec.dropLast()
        let width: String
        switch modifier {
        case "": width = "32"
        case "h": width = "16"
        case "hh": width = "8"
        case "l", "ll", "q", "z", "t", "j": width = ""
        default: width = "?"
        }
        switch conversion {
        case "@": return modifier.isEmpty ? "String" : nil
        case "d", "i": return width == "?" ? nil : "Int" + width
        case "u", "x", "X", "o": return width == "?" ? nil : "UInt" + width
        case "D": return modifier.isEmpty ? "Int32" : nil
        case "U", "O": return modifier.isEmpty ? "UInt32" : nil
        case "f", "e", "E", "g", "G", "a", "A": return modifier.isEmpty || modifier == "l" ? "Double" : nil
        default: return nil
        }
    }
}
