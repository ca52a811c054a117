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

    /// The entry value for `localization`.
    ///
    /// `source` is the development language's localization of the entry (`nil` when this is it): a root plural
    /// whose cases print no number takes its value type from the source's root plural (below).
    mutating func entryValue(_ localization: Localization, source: Localization? = nil) throws(Unexpressible)
        -> PropertyListValue
    {
        if localization.stringSet != nil { throw Unexpressible(reason: StringsDictMessage.stringSet) }
        if !localization.hasMoreThanStringUnit, let unit = localization.stringUnit { return .string(unit.value) }
        return .dictionary(try rule(localization, inherited: nil, source: source))
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
    private mutating func rule(
        _ localization: Localization, inherited: OrderedMap<Substitution>?, source: Localization? = nil
    ) throws(Unexpressible) -> [PropertyListValue.Member] {
        var members: [PropertyListValue.Member] = []
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
            var variable = [
                PropertyListValue.Member(FormatRuleDecoder.specTypeKey, .string(FormatRuleDecoder.pluralRule)),
                PropertyListValue.Member(
                    FormatRuleDecoder.valueTypeKey,
                    .string(Self.rootPluralValueType(plural, order: order, source: source))),
            ]
            variable += try pluralCases(plural, order: order) { $0 }
            members.append(PropertyListValue.Member(FormatRuleDecoder.formatKey, .string("%#@\(name)@")))
            members.append(PropertyListValue.Member(name, .dictionary(variable)))
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
                let format = FormatArguments.formatKey(unit.value, substitutions: substitutions)
                members.append(PropertyListValue.Member(FormatRuleDecoder.formatKey, .string(format)))
            }
            let forCases = passesDown ? substitutions : nil
            if let device = variations?.device {
                members.append(
                    PropertyListValue.Member(
                        FormatRuleDecoder.deviceRule, .dictionary(try cases(device, inherited: forCases))))
            }
            if let width = variations?.width {
                members.append(
                    PropertyListValue.Member(
                        FormatRuleDecoder.widthRule, .dictionary(try cases(width, inherited: forCases))))
            }
            if !passesDown {
                for (name, substitution) in substitutions {
                    let value = try variable(name, substitution, format: unit?.value ?? "")
                    members.append(PropertyListValue.Member(name, .dictionary(value)))
                }
            }
        }
        appendExtras(localization.extraMembers, to: &members)
        return members
    }

    /// The cases of a device or width rule: a string, or a format rule when a case has more than a string.
    private mutating func cases(
        _ cases: OrderedMap<Localization>, inherited: OrderedMap<Substitution>?
    ) throws(Unexpressible) -> [PropertyListValue.Member] {
        var members: [PropertyListValue.Member] = []
        members.reserveCapacity(cases.count)
        for (name, value) in cases {
            if value.stringSet != nil { throw Unexpressible(reason: StringsDictMessage.stringSet) }
            if !value.hasMoreThanStringUnit, let unit = value.stringUnit,
                inherited.map({ Self.referencedSubstitutions(from: unit.value, in: $0).isEmpty }) ?? true
            {
                members.append(PropertyListValue.Member(name, .string(unit.value)))
            } else {
                members.append(PropertyListValue.Member(name, .dictionary(try rule(value, inherited: inherited))))
            }
        }
        return members
    }

    /// A plural variable: rule type, value type, cases (with `%arg` spelled out), unknown members.
    private mutating func variable(
        _ name: String, _ substitution: Substitution, format: String
    ) throws(Unexpressible) -> [PropertyListValue.Member] {
        if let variations = substitution.variations,
            variations.device != nil || variations.width != nil || !variations.extraMembers.isEmpty
        {
            throw Unexpressible(reason: StringsDictMessage.variableWithOtherVariations(name))
        }
        var members: [PropertyListValue.Member] = []
        var extras = substitution.extraMembers
        if let specType = extras.removeValue(forKey: FormatRuleDecoder.specTypeKey) {
            appendExtras([FormatRuleDecoder.specTypeKey: specType], to: &members)
        } else if substitution.variations?.plural != nil {
            members.append(
                PropertyListValue.Member(FormatRuleDecoder.specTypeKey, .string(FormatRuleDecoder.pluralRule)))
        }
        if let specifier = substitution.formatSpecifier {
            members.append(PropertyListValue.Member(FormatRuleDecoder.valueTypeKey, .string(specifier)))
        }
        if let plural = substitution.variations?.plural {
            let order = FormatArguments.caseOrder(plural, cldrOrder: cldrOrder || substitution.argNum != nil)
            // What `%arg` becomes is the same in every case: found once, when the first case has one.
            var argument: String?
            members += try pluralCases(plural, order: order) { text in
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
        appendExtras(extras, to: &members)
        return members
    }

    /// Plural cases in `order`; every case must be a plain string.
    private func pluralCases(
        _ cases: OrderedMap<Localization>, order: [Int], text: (String) -> String
    ) throws(Unexpressible) -> [PropertyListValue.Member] {
        var members: [PropertyListValue.Member] = []
        members.reserveCapacity(order.count)
        for position in order {
            let value = cases.values[position]
            guard !value.hasMoreThanStringUnit, value.stringSet == nil else {
                throw Unexpressible(reason: StringsDictMessage.nestedVariationsInCase)
            }
            members.append(PropertyListValue.Member(cases.keys[position], .string(text(value.stringUnit?.value ?? ""))))
        }
        return members
    }

    private mutating func appendExtras(_ extras: OrderedMap<JSONValue>, to members: inout [PropertyListValue.Member]) {
        for (key, json) in extras {
            if let value = PropertyListValue(json) {
                members.append(PropertyListValue.Member(key, value))
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
