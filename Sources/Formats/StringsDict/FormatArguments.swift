import LocalizationCatalog
import StringBridgeSupport

/// How format keys and plural cases are spelled when a catalog-shaped localization is written as a format rule.
package enum FormatArguments {
    /// The format key with each sequential `%#@NAME@` whose substitution has an `argNum` N written `%N$#@NAME@`;
    /// references that already have a position are kept.
    static func formatKey(_ format: String, substitutions: OrderedMap<Substitution>) -> String {
        guard substitutions.values.contains(where: { $0.argNum != nil }) else { return format }
        var bytes = Array(format.utf8)
        for reference in FormatSpecifiers.substitutionReferences(in: format).reversed() where reference.position == nil
        {
            guard let argument = substitutions[reference.name]?.argNum else { continue }
            bytes.replaceSubrange(reference.range, with: Array("%\(argument)$#@\(reference.name)@".utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What `%arg` in a case of variable `name` becomes: `%N$spec` for the variable's argument N, or `%spec` when
    /// the variable is argument 1 and the only argument of the format key (or its argument cannot be told).
    ///
    /// `.stringsdict` splices the chosen case into the format key and formats the result with the full argument
    /// list, so a position-free specifier in a case only means the variable's argument when nothing else in the
    /// format key takes an argument.
    ///
    /// A variable with an `argNum` other than 1 is `%N$spec` whatever the format key holds, so the format key is
    /// not read for it (``argumentSpecifierReadingFormat(for:argNum:spec:format:)`` reads it in every case;
    /// `FormatArgumentsSpeedTests` holds the two equal).
    package static func argumentSpecifier(
        for name: String, argNum: Int?, spec: String, format: String
    ) -> String {
        if let argNum, argNum != 1 { return "%\(argNum)$\(spec)" }
        return argumentSpecifierReadingFormat(for: name, argNum: argNum, spec: spec, format: format)
    }

    /// ``argumentSpecifier(for:argNum:spec:format:)``, the format key read in every case.
    package static func argumentSpecifierReadingFormat(
        for name: String, argNum: Int?, spec: String, format: String
    ) -> String {
        var consumers: [(start: Int, name: String?, position: Int?)] = []
        for specifier in FormatSpecifiers.specifiers(in: format) {
            consumers.append((specifier.range.lowerBound, nil, specifier.position))
        }
        for reference in FormatSpecifiers.substitutionReferences(in: format) {
            consumers.append((reference.range.lowerBound, reference.name, reference.position))
        }
        consumers.sort { $0.start < $1.start }
        var argument = argNum
        if argument == nil {
            var sequential = 0
            for consumer in consumers {
                if consumer.position == nil { sequential += 1 }
                if consumer.name == name {
                    argument = consumer.position ?? sequential
                    break
                }
            }
        }
        guard let argument, argument != 1 || consumers.count > 1 else { return "%" + spec }
        return "%\(argument)$\(spec)"
    }

    /// `text` with every `%arg` (not `%%arg`) replaced by `replacement`.
    ///
    /// Read in place, and built in one buffer only when there is a `%arg` (`text` itself otherwise), which is
    /// ``replacingArgInCopy(in:with:)``; `FormatArgumentsSpeedTests` holds the two equal.
    package static func replacingArg(in text: String, with replacement: () -> String) -> String {
        var result: [UInt8]?
        text.withUTF8Span { bytes in
            var start = 0
            var index = 0
            var spelled: String?
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "%") else {
                    index += 1
                    continue
                }
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "%") {
                    index += 2
                    continue
                }
                if index + 4 <= bytes.count, bytes[index + 1] == UInt8(ascii: "a"),
                    bytes[index + 2] == UInt8(ascii: "r"),
                    bytes[index + 3] == UInt8(ascii: "g")
                {
                    let replacementText = spelled ?? replacement()
                    spelled = replacementText
                    if result == nil {
                        result = []
                        result?.reserveCapacity(bytes.count + replacementText.utf8.count)
                    }
                    result?.append(contentsOf: bytes.extracting(start..<index))
                    result?.append(contentsOf: replacementText.utf8)
                    index += 4
                    start = index
                } else {
                    index += 1
                }
            }
            result?.append(contentsOf: bytes.extracting(start..<bytes.count))
        }
        guard let result else { return text }
        return String(decoding: result, as: UTF8.self)
    }

    /// ``replacingArg(in:with:)`` on a copy of the bytes, the plain form.
    package static func replacingArgInCopy(in text: String, with replacement: () -> String) -> String {
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        var replacementBytes: [UInt8]?
        var start = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "%") {
                index += 2
                continue
            }
            if index + 4 <= bytes.count, bytes[index + 1] == UInt8(ascii: "a"), bytes[index + 2] == UInt8(ascii: "r"),
                bytes[index + 3] == UInt8(ascii: "g")
            {
                let spelled = replacementBytes ?? Array(replacement().utf8)
                replacementBytes = spelled
                result += bytes[start..<index]
                result += spelled
                index += 4
                start = index
            } else {
                index += 1
            }
        }
        guard replacementBytes != nil else { return text }
        result += bytes[start...]
        return String(decoding: result, as: UTF8.self)
    }

    /// The order in which to write plural cases, as positions in `cases`.
    ///
    /// In file order, unless `cldrOrder` is set (the cases come from a String Catalog, which sorts them
    /// alphabetically): then the categories go in CLDR order (`zero one two few many other`), and a name that is
    /// not a category stays right after the case it follows (or first, when it starts the list).
    ///
    /// When every name is a category (the usual case), the order is by category alone, and it is found with a
    /// 6-slot table instead of groups and a sort (``caseOrderByGroups(_:)``, which handles every case;
    /// `FormatArgumentsSpeedTests` holds the two equal).
    package static func caseOrder(_ cases: OrderedMap<Localization>, cldrOrder: Bool) -> [Int] {
        guard cldrOrder else { return Array(cases.indices) }
        guard cases.count <= 6 else { return caseOrderByGroups(cases) }
        // Slot `rank` (8 bits) holds the position + 1 of the case of that category; 0 when none.
        var slots: UInt64 = 0
        for position in cases.indices {
            guard let rank = categoryRank(cases.key(at: position)), (slots >> (rank * 8)) & 0xFF == 0 else {
                return caseOrderByGroups(cases)
            }
            slots |= UInt64(position + 1) << (rank * 8)
        }
        var order: [Int] = []
        order.reserveCapacity(cases.count)
        for rank in 0..<6 {
            let slot = Int((slots >> (rank * 8)) & 0xFF)
            if slot != 0 { order.append(slot - 1) }
        }
        return order
    }

    /// The position of `name` among the plural categories in CLDR order (`zero one two few many other`), compared
    /// as `PluralCategory(rawValue:)` compares it; `nil` for any other name.
    @inline(__always)
    static func categoryRank(_ name: String) -> Int? {
        switch name {
        case "zero": 0
        case "one": 1
        case "two": 2
        case "few": 3
        case "many": 4
        case "other": 5
        default: nil
        }
    }

    /// ``caseOrder(_:cldrOrder:)`` in CLDR order for any names: each name that is not a category goes with the
    /// category before it, and the groups are sorted by category, stably.
    package static func caseOrderByGroups(_ cases: OrderedMap<Localization>) -> [Int] {
        var groups: [(rank: Int, positions: [Int])] = []
        for (position, name) in cases.keys.enumerated() {
            if let category = PluralCategory(rawValue: name),
                let rank = PluralCategory.allCases.firstIndex(of: category)
            {
                groups.append((rank, [position]))
            } else if groups.isEmpty {
                groups.append((-1, [position]))
            } else {
                groups[groups.count - 1].positions.append(position)
            }
        }
        // A stable sort: groups of equal rank keep their order.
        let sorted = groups.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
        return sorted.flatMap(\.element.positions)
    }

    /// The specifier of argument 1 in the first case (in `order`) that prints it; `nil` when none does.
    static func printedValueType(ofCases cases: OrderedMap<Localization>, order: [Int]) -> String? {
        for position in order {
            if let text = cases.values[position].stringUnit?.value,
                let spec = FormatSpecifiers.spec(ofArgument: 1, in: text)
            {
                return spec
            }
        }
        return nil
    }
}
