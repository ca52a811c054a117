import LocalizationCatalog
import PropertyListSupport

/// Turns the value of one `.stringsdict` entry into a ``Localization``, keeping everything the file says.
///
/// - `NSStringLocalizedFormatKey` → the string unit (state `translated`);
/// - `NSStringDeviceSpecificRuleType`, `NSStringVariableWidthRuleType` → device and width variations, whose cases
///   are strings or nested format rules;
/// - any other member whose value is a dictionary → a variable: a ``Substitution`` with the value type as
///   `formatSpecifier` and the cases as plural variations, in file order, unknown case names included; a
///   variable of another rule type keeps all its members in `extraMembers`;
/// - any other member → the localization's `extraMembers`.
struct FormatRuleDecoder {
    static let formatKey = "NSStringLocalizedFormatKey"
    static let deviceRule = "NSStringDeviceSpecificRuleType"
    static let widthRule = "NSStringVariableWidthRuleType"
    static let specTypeKey = "NSStringFormatSpecTypeKey"
    static let valueTypeKey = "NSStringFormatValueTypeKey"
    static let pluralRule = "NSStringPluralRuleType"

    /// The entry's key, for messages.
    let entry: String
    /// The file's path, for messages.
    let path: String
    /// The line of the entry's key, which the places of its localizations count from (``Localization/places``);
    /// 0 in a binary property list, where nothing is placed.
    var keyLine = 0

    /// `localization` with its name at `name` and its string unit's value at `value`.
    private func placed(_ localization: Localization, name: TextPosition?, value: TextPosition?) -> Localization {
        guard keyLine > 0 else { return localization }
        var localization = localization
        if let name { localization.places.setName(line: name.line, column: name.column, keyLine: keyLine) }
        if let value { localization.places.setValue(line: value.line, column: value.column, keyLine: keyLine) }
        return localization
    }

    /// An empty member map, made once: a `[:]` literal goes through `OrderedMap`'s generic sequence initializer,
    /// which costs about 5% of reading a large file when every string unit makes one.
    static let noMembers = OrderedMap<JSONValue>()

    /// A plain string case.
    static func leaf(_ text: String) -> Localization {
        Localization(stringUnit: StringUnit(text, state: .translated, extraMembers: noMembers), extraMembers: noMembers)
    }

    /// The localization an entry (or a device or width case) holds.
    func localization(_ node: PropertyListNode, diagnostics: inout Diagnostics) throws(ConversionError) -> Localization
    {
        switch node.value {
        case .string(let text):
            return placed(Self.leaf(text), name: nil, value: node.location)
        case .dictionary(let members):
            return try rule(members, at: node.location, diagnostics: &diagnostics)
        default:
            throw ConversionError(StringsDictMessage.entryNotRule(entry, found: node.kind), at: node.location, in: path)
        }
    }

    /// A format rule: format key, variables, device and width rules, unknown members.
    private func rule(
        _ members: [PropertyListNode.Member], at location: TextPosition, diagnostics: inout Diagnostics
    ) throws(ConversionError) -> Localization {
        var unit: StringUnit?
        var unitLocation: TextPosition?
        var device: OrderedMap<Localization>?
        var width: OrderedMap<Localization>?
        var substitutions = OrderedMap<Substitution>()
        var extras = OrderedMap<JSONValue>()
        var texts: [(text: String, location: TextPosition)] = []
        // Each member is decoded on its own: every bad one is reported, not only the first.
        var errors: [Diagnostic] = []
        for member in members {
            do throws(ConversionError) {
                switch member.key {
                case Self.formatKey:
                    guard case .string(let format) = member.value.value else {
                        throw ConversionError(
                            StringsDictMessage.memberNotString(member.key, entry: entry, found: member.value.kind),
                            at: member.value.location, in: path)
                    }
                    unit = StringUnit(format, state: .translated, extraMembers: Self.noMembers)
                    unitLocation = member.value.location
                    texts.append((format, member.value.location))
                case Self.deviceRule:
                    device = try cases(of: member, diagnostics: &diagnostics)
                case Self.widthRule:
                    width = try cases(of: member, diagnostics: &diagnostics)
                default:
                    if case .dictionary(let variableMembers) = member.value.value {
                        substitutions[member.key] = try variable(
                            member.key, variableMembers, at: member.keyLocation, texts: &texts,
                            diagnostics: &diagnostics)
                    } else {
                        extras[member.key] = try json(member.value, member: member.key)
                    }
                }
            } catch {
                errors += error.diagnostics
            }
        }
        if !errors.isEmpty { throw ConversionError(errors) }
        if unit == nil, !substitutions.isEmpty {
            diagnostics.append(
                Diagnostic(.warning, StringsDictMessage.variablesWithoutFormat(entry), at: location, in: path))
        }
        var reported = Set<String>()
        for (text, textLocation) in texts {
            for reference in FormatSpecifiers.substitutionReferences(in: text)
            where substitutions.index(forKey: reference.name) == nil && reported.insert(reference.name).inserted {
                diagnostics.append(
                    Diagnostic(
                        .warning, StringsDictMessage.undefinedVariable(reference.name, entry: entry),
                        at: textLocation, in: path))
            }
        }
        let variations =
            device == nil && width == nil ? nil : Variations(device: device, width: width, extraMembers: Self.noMembers)
        return placed(
            Localization(
                stringUnit: unit, variations: variations, substitutions: substitutions.isEmpty ? nil : substitutions,
                extraMembers: extras),
            name: nil, value: unitLocation)
    }

    /// The cases of a device or width rule: strings or nested format rules.
    private func cases(
        of member: PropertyListNode.Member, diagnostics: inout Diagnostics
    ) throws(ConversionError) -> OrderedMap<Localization> {
        guard case .dictionary(let members) = member.value.value else {
            throw ConversionError(
                StringsDictMessage.ruleNotDictionary(member.key, entry: entry, found: member.value.kind),
                at: member.value.location, in: path)
        }
        var result = OrderedMap<Localization>(minimumCapacity: members.count)
        var errors: [Diagnostic] = []
        for item in members {
            switch item.value.value {
            case .string, .dictionary:
                do {
                    result[item.key] = placed(
                        try localization(item.value, diagnostics: &diagnostics), name: item.keyLocation, value: nil)
                } catch {
                    errors += error.diagnostics
                }
            default:
                errors +=
                    ConversionError(
                        StringsDictMessage.caseNotRule(
                            item.key, rule: member.key, entry: entry, found: item.value.kind),
                        at: item.value.location, in: path
                    ).diagnostics
            }
        }
        if !errors.isEmpty { throw ConversionError(errors) }
        return result
    }

    /// A variable: plural cases in file order, or (for another rule type) every member kept as is.
    private func variable(
        _ name: String, _ members: [PropertyListNode.Member], at location: TextPosition,
        texts: inout [(text: String, location: TextPosition)], diagnostics: inout Diagnostics
    ) throws(ConversionError) -> Substitution {
        var specType: String?
        var valueType: String?
        var cases = OrderedMap<Localization>(minimumCapacity: members.count)
        var caseLocations: [TextPosition] = []
        var others = OrderedMap<JSONValue>()
        for member in members {
            switch member.key {
            case Self.specTypeKey, Self.valueTypeKey:
                guard case .string(let text) = member.value.value else {
                    throw ConversionError(
                        StringsDictMessage.variableMemberNotString(
                            member.key, variable: name, entry: entry, found: member.value.kind),
                        at: member.value.location, in: path)
                }
                if member.key == Self.specTypeKey { specType = text } else { valueType = text }
            default:
                if case .string(let text) = member.value.value {
                    cases[member.key] = placed(Self.leaf(text), name: member.keyLocation, value: member.value.location)
                    caseLocations.append(member.keyLocation)
                } else {
                    others[member.key] = try json(member.value, member: member.key)
                }
            }
        }
        guard specType == Self.pluralRule else {
            // Another rule type: every member but the value type is kept as is, in file order.
            diagnostics.append(
                Diagnostic(
                    .warning, StringsDictMessage.otherRuleType(specType, variable: name, entry: entry),
                    at: location, in: path))
            var everything = OrderedMap<JSONValue>(minimumCapacity: members.count)
            for member in members where member.key != Self.valueTypeKey {
                everything[member.key] = try json(member.value, member: member.key)
            }
            return Substitution(formatSpecifier: valueType, extraMembers: everything)
        }
        for (position, caseName) in cases.keys.enumerated() {
            texts.append((cases.values[position].stringUnit?.value ?? "", caseLocations[position]))
            if PluralCategory(rawValue: caseName) == nil {
                diagnostics.append(
                    Diagnostic(
                        .warning, StringsDictMessage.unknownCategory(caseName, variable: name, entry: entry),
                        at: caseLocations[position], in: path))
            }
        }
        if cases["other"] == nil {
            diagnostics.append(
                Diagnostic(
                    .warning, StringsDictMessage.missingOther(variable: name, entry: entry), at: location, in: path))
        }
        return Substitution(
            formatSpecifier: valueType, variations: Variations(plural: cases, extraMembers: Self.noMembers),
            extraMembers: others)
    }

    /// A member the model has no field for, as a JSON value (numbers as their text).
    private func json(_ node: PropertyListNode, member: String) throws(ConversionError) -> JSONValue {
        switch node.value {
        case .string(let text): return .string(text)
        case .integer(let text), .real(let text): return .number(text)
        case .boolean(let value): return .bool(value)
        case .array(let items):
            var values: [JSONValue] = []
            for item in items { values.append(try json(item, member: member)) }
            return .array(values)
        case .dictionary(let members):
            var object = OrderedMap<JSONValue>(minimumCapacity: members.count)
            for item in members { object[item.key] = try json(item.value, member: item.key) }
            return .object(object)
        case .date, .data, .unsupported:
            throw ConversionError(
                StringsDictMessage.unsupportedValue(node.kind, member: member, entry: entry), at: node.location,
                in: path
            )
        }
    }
}
