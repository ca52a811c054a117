import LocalizationCatalog

/// How format keys and plural cases are spelled when a catalog-shaped localization is written as a format rule.
enum FormatArguments {
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
    static func argumentSpecifier(
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
    static func replacingArg(in text: String, with replacement: () -> String) -> String {
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
    static func caseOrder(_ cases: OrderedMap<Localization>, cldrOrder: Bool) -> [Int] {
        guard cldrOrder else { return Array(cases.indices) }
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
