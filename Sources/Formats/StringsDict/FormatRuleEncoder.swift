import LocalizationCatalog
import PropertyListSupport

/// Why a localization cannot be written as a `.stringsdict` entry; the text completes "… cannot be written".
struct Unexpressible: Error {
    var reason: String
}

/// Turns one localization into the value of a `.stringsdict` entry.
///
/// The mapping is the reader's in reverse, plus the catalog shapes the reader never makes:
///
/// - a plain string unit → a `<string>`;
/// - string unit + substitutions → a format rule: `NSStringLocalizedFormatKey` (with `%N$#@NAME@` for
///   substitutions that have an `argNum`), then one plural variable per substitution;
/// - plural variations at the root (a catalog's collapsed plural) → format key `%#@arg1@` and the variable `arg1`;
/// - device and width variations → `NSStringDeviceSpecificRuleType` / `NSStringVariableWidthRuleType`, whose cases
///   are strings or nested format rules; root substitutions next to device variations (a catalog shape) go down
///   into every device case that refers to them;
/// - unknown members → members of the rule dictionary.
struct FormatRuleEncoder {
    /// Whether plural cases go in CLDR order everywhere (the table comes from a String Catalog).
    let cldrOrder: Bool
    /// Unknown members that were `null` and had to be left out.
    private(set) var droppedNullMembers: [String] = []

    /// The variable name for plural variations at the root of a localization.
    static let rootPluralVariable = "arg1"

    init(cldrOrder: Bool) {
        self.cldrOrder = cldrOrder
    }

    /// The entry value for `localization`, as a tree (``PropertyListValue``).
    ///
    /// `source` is the development language's localization of the entry (`nil` when this is it): a root plural
    /// whose cases print no number takes its value type from the source's root plural (below).
    mutating func entryValue(_ localization: Localization, source: Localization? = nil) throws(Unexpressible)
        -> PropertyListValue
    {
        var tree = RuleTree()
        try write(localization, source: source, to: &tree)
        return tree.result ?? .string("")
    }

    /// Puts the entry value for `localization` into `output`, member by member (``entryValue(_:source:)``'s
    /// tree, written as it is made); when this throws, `output` may hold part of it.
    mutating func write<Output: RuleOutput>(
        _ localization: Localization, source: Localization? = nil, to output: inout Output
    ) throws(Unexpressible) {
        if localization.stringSet != nil { throw Unexpressible(reason: StringsDictMessage.stringSet) }
        if !localization.hasMoreThanStringUnit, let unit = localization.stringUnit {
            output.string(unit.value)
            return
        }
        output.startDictionary()
        try rule(localization, inherited: nil, source: source, to: &output)
        output.endDictionary()
    }

    /// The value type of a root plural: the specifier its cases print argument 1 with; when none prints it (a
    /// translation that says "new articles" for every count), the one the source's root plural prints it with,
    /// since both count the same argument; `lld` when neither says.
    static func rootPluralValueType(_ plural: OrderedMap<Localization>, order: [Int], source: Localization?) -> String {
        if let own = FormatArguments.printedValueType(ofCases: plural, order: order) { return own }
        if let cases = source?.variations?.plural, source?.stringUnit == nil,
            let spec = FormatArguments.printedValueType(
                ofCases: cases, order: FormatArguments.caseOrder(cases, cldrOrder: true))
        {
            return spec
        }
        return "lld"
    }

    /// The members of a format rule.
    ///
    /// `inherited` are root substitutions a device or width case may refer to.
    private mutating func rule<Output: RuleOutput>(
        _ localization: Localization, inherited: OrderedMap<Substitution>?, source: Localization? = nil,
        to output: inout Output
    ) throws(Unexpressible) {
        let variations = localization.variations
        if let variations, !variations.extraMembers.isEmpty {
            throw Unexpressible(reason: StringsDictMessage.unknownVariationKinds)
        }
        if let plural = variations?.plural {
            guard localization.stringUnit == nil, localization.substitutions?.isEmpty ?? true,
                variations?.device == nil, variations?.width == nil
            else { throw Unexpressible(reason: StringsDictMessage.pluralBesideOtherContent) }
            let order = FormatArguments.caseOrder(plural, cldrOrder: true)
            let name = Self.rootPluralVariable
            output.key(FormatRuleDecoder.formatKey)
            output.string("%#@\(name)@")
            output.key(name)
            output.startDictionary()
            output.key(FormatRuleDecoder.specTypeKey)
            output.string(FormatRuleDecoder.pluralRule)
            output.key(FormatRuleDecoder.valueTypeKey)
            output.string(Self.rootPluralValueType(plural, order: order, source: source))
            try pluralCases(plural, order: order, to: &output) { $0 }
            output.endDictionary()
        } else {
            var substitutions = localization.substitutions ?? OrderedMap()
            let unit = localization.stringUnit
            if let inherited, let unit {
                let referenced = Self.referencedSubstitutions(from: unit.value, in: inherited)
                for (name, substitution) in referenced where substitutions.index(forKey: name) == nil {
                    substitutions[name] = substitution
                }
            }
            let passesDown = unit == nil && (variations?.device != nil || variations?.width != nil)
            if let unit {
                output.key(FormatRuleDecoder.formatKey)
                output.string(FormatArguments.formatKey(unit.value, substitutions: substitutions))
            }
            let forCases = passesDown ? substitutions : nil
            if let device = variations?.device {
                output.key(FormatRuleDecoder.deviceRule)
                try cases(device, inherited: forCases, to: &output)
            }
            if let width = variations?.width {
                output.key(FormatRuleDecoder.widthRule)
                try cases(width, inherited: forCases, to: &output)
            }
            if !passesDown {
                for (name, substitution) in substitutions {
                    output.key(name)
                    try variable(name, substitution, format: unit?.value ?? "", to: &output)
                }
            }
        }
        appendExtras(localization.extraMembers, to: &output)
    }

    /// The cases of a device or width rule, as a dictionary: a string, or a format rule when a case has more than a
    /// string.
    private mutating func cases<Output: RuleOutput>(
        _ cases: OrderedMap<Localization>, inherited: OrderedMap<Substitution>?, to output: inout Output
    ) throws(Unexpressible) {
        output.startDictionary()
        for (name, value) in cases {
            if value.stringSet != nil { throw Unexpressible(reason: StringsDictMessage.stringSet) }
            output.key(name)
            if !value.hasMoreThanStringUnit, let unit = value.stringUnit,
                inherited.map({ Self.referencedSubstitutions(from: unit.value, in: $0).isEmpty }) ?? true
            {
                output.string(unit.value)
            } else {
                output.startDictionary()
                try rule(value, inherited: inherited, to: &output)
                output.endDictionary()
            }
        }
        output.endDictionary()
    }

    /// A plural variable, as a dictionary: rule type, value type, cases (with `%arg` spelled out), unknown members.
    private mutating func variable<Output: RuleOutput>(
        _ name: String, _ substitution: Substitution, format: String, to output: inout Output
    ) throws(Unexpressible) {
        if let variations = substitution.variations,
            variations.device != nil || variations.width != nil || !variations.extraMembers.isEmpty
        {
            throw Unexpressible(reason: StringsDictMessage.variableWithOtherVariations(name))
        }
        output.startDictionary()
        var extras = substitution.extraMembers
        if let specType = extras.removeValue(forKey: FormatRuleDecoder.specTypeKey) {
            appendExtras([FormatRuleDecoder.specTypeKey: specType], to: &output)
        } else if substitution.variations?.plural != nil {
            output.key(FormatRuleDecoder.specTypeKey)
            output.string(FormatRuleDecoder.pluralRule)
        }
        if let specifier = substitution.formatSpecifier {
            output.key(FormatRuleDecoder.valueTypeKey)
            output.string(specifier)
        }
        if let plural = substitution.variations?.plural {
            let order = FormatArguments.caseOrder(plural, cldrOrder: cldrOrder || substitution.argNum != nil)
            // What `%arg` becomes is the same in every case: found once, when the first case has one.
            var argument: String?
            try pluralCases(plural, order: order, to: &output) { text in
                FormatArguments.replacingArg(in: text) {
                    if let argument { return argument }
                    let spelled = FormatArguments.argumentSpecifier(
                        for: name, argNum: substitution.argNum, spec: substitution.formatSpecifier ?? "lld",
                        format: format)
                    argument = spelled
                    return spelled
                }
            }
        }
        appendExtras(extras, to: &output)
        output.endDictionary()
    }

    /// Plural cases in `order`; every case must be a plain string.
    private func pluralCases<Output: RuleOutput>(
        _ cases: OrderedMap<Localization>, order: [Int], to output: inout Output, text: (String) -> String
    ) throws(Unexpressible) {
        for position in order {
            let value = cases.values[position]
            guard !value.hasMoreThanStringUnit, value.stringSet == nil else {
                throw Unexpressible(reason: StringsDictMessage.nestedVariationsInCase)
            }
            output.key(cases.keys[position])
            output.string(text(value.stringUnit?.value ?? ""))
        }
    }

    private mutating func appendExtras<Output: RuleOutput>(_ extras: OrderedMap<JSONValue>, to output: inout Output) {
        for (key, json) in extras {
            if let value = PropertyListValue(json) {
                output.key(key)
                output.value(value)
            } else {
                droppedNullMembers.append(key)
            }
        }
    }

    /// The substitutions of `available` that `text` refers to, directly or through their cases, in their order.
    static func referencedSubstitutions(
        from text: String, in available: OrderedMap<Substitution>
    ) -> OrderedMap<Substitution> {
        var found = Set<String>()
        var pending = [text]
        while let next = pending.popLast() {
            for reference in FormatSpecifiers.substitutionReferences(in: next)
            where available.index(forKey: reference.name) != nil && found.insert(reference.name).inserted {
                for value in available[reference.name]?.variations?.plural?.values ?? [] {
                    if let leaf = value.stringUnit?.value { pending.append(leaf) }
                }
            }
        }
        var result = OrderedMap<Substitution>()
        for (name, substitution) in available where found.contains(name) { result[name] = substitution }
        return result
    }
}

/// Where ``FormatRuleEncoder`` puts an entry value, in document order: a key, then its value (a string, a
/// dictionary's start, its members and its end, or any other value whole).
protocol RuleOutput {
    mutating func key(_ key: String)
    mutating func string(_ text: String)
    mutating func startDictionary()
    mutating func endDictionary()
    mutating func value(_ value: PropertyListValue)
}

/// Builds the entry value as a ``PropertyListValue`` tree.
struct RuleTree: RuleOutput {
    /// The value, once it is complete.
    private(set) var result: PropertyListValue?
    /// The members of the dictionaries being built, innermost last.
    private var open: [[PropertyListValue.Member]] = []
    /// The keys waiting for their values, innermost last.
    private var keys: [String] = []

    mutating func key(_ key: String) { keys.append(key) }
    mutating func string(_ text: String) { value(.string(text)) }
    mutating func startDictionary() { open.append([]) }
    mutating func endDictionary() { value(.dictionary(open.removeLast())) }

    mutating func value(_ value: PropertyListValue) {
        if open.isEmpty {
            result = value
        } else {
            open[open.count - 1].append(PropertyListValue.Member(keys.removeLast(), value))
        }
    }
}
