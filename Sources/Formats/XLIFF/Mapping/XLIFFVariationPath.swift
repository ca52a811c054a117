import LocalizationCatalog

/// Where one string sits inside a localization: the root string unit, a variation case, or a substitution case.
///
/// In Xcode's XLIFF the path follows the key after `|==|`: `plural.one`, `device.iphone`,
/// `device.iphone.plural.one`, `substitutions.NAME.plural.one` (a name containing `.` is wrapped as `@NAME@`).
package struct XLIFFVariationPath: Hashable, Sendable, CustomStringConvertible {
    /// One step down from a localization.
    package enum Step: Hashable, Sendable {
        /// A device case (`iphone`, `other`, …).
        case device(String)
        /// A plural case (`one`, `other`, …).
        case plural(String)
        /// A substitution, by name; always followed by a plural step.
        case substitution(String)
    }

    /// The steps from the localization down to the string; empty for the root string unit.
    package var steps: [Step]

    /// Creates a path.
    package init(_ steps: [Step] = []) {
        self.steps = steps
    }

    /// The root string unit (the unit whose id is the key alone).
    package static let root = XLIFFVariationPath()

    /// Whether this is the root string unit.
    package var isRoot: Bool { steps.isEmpty }

    /// The id suffix after `|==|` (`device.iphone.plural.one`); empty for the root.
    package var description: String {
        var result = ""
        for step in steps {
            if !result.isEmpty { result += "." }
            switch step {
            case .device(let name):
                result += "device."
                result += name
            case .plural(let category):
                result += "plural."
                result += category
            case .substitution(let name):
                result += "substitutions."
                result += Self.quoted(name)
            }
        }
        return result
    }

    /// The substitution the path goes through, if any.
    package var substitutionName: String? {
        for case .substitution(let name) in steps { return name }
        return nil
    }

    /// Parses an id suffix (the text after `|==|`); `nil` when it is not a variation path.
    ///
    /// The suffix is read as UTF-8 bytes, as ids are compared: `plural.C`, `device.D`, `device.D.plural.C`, or
    /// `substitutions.NAME.plural.C` (NAME wrapped in `@` when it contains a dot), with no empty word.
    package init?(parsing text: String) {
        var text = text
        guard let steps = text.withUTF8({ Self.steps(parsing: $0) }) else { return nil }
        self.steps = steps
    }

    /// Parses the end of an id, as ``init(parsing:)`` does.
    init?(parsing text: Substring) {
        var text = text
        guard let steps = text.withUTF8({ Self.steps(parsing: $0) }) else { return nil }
        self.steps = steps
    }

    /// Parses an id suffix given as UTF-8 bytes (indexed from 0), as ``init(parsing:)`` does.
    init?<Bytes: RandomAccessCollection<UInt8>>(parsingUTF8 bytes: Bytes) where Bytes.Index == Int {
        guard let steps = Self.steps(parsing: bytes) else { return nil }
        self.steps = steps
    }

    private static func steps<Bytes: RandomAccessCollection<UInt8>>(parsing bytes: Bytes) -> [Step]?
    where Bytes.Index == Int {
        let dot = UInt8(ascii: ".")
        func has(_ prefix: StaticString, at offset: Int) -> Bool {
            let count = prefix.utf8CodeUnitCount
            guard offset + count <= bytes.count else { return false }
            let expected = prefix.utf8Start
            for index in 0..<count where bytes[offset + index] != expected[index] { return false }
            return true
        }
        func string(_ range: Range<Int>) -> String {
            String(decoding: bytes[range], as: UTF8.self)
        }
        /// The word from `start` to the next dot or the end; `nil` when empty.
        func word(from start: Int) -> Range<Int>? {
            var end = start
            while end < bytes.count, bytes[end] != dot { end += 1 }
            return end > start ? start..<end : nil
        }
        if has("plural.", at: 0) {
            guard let category = word(from: 7), category.upperBound == bytes.count else { return nil }
            return [.plural(string(category))]
        }
        if has("device.", at: 0) {
            guard let device = word(from: 7) else { return nil }
            if device.upperBound == bytes.count { return [.device(string(device))] }
            guard has(".plural.", at: device.upperBound), let category = word(from: device.upperBound + 8),
                category.upperBound == bytes.count
            else { return nil }
            return [.device(string(device)), .plural(string(category))]
        }
        guard has("substitutions.", at: 0) else { return nil }
        // NAME.plural.CATEGORY, split at the last `.plural.`; NAME is @…@ when it contains a dot.
        let start = 14
        var marker: Int?
        var offset = bytes.count - 8
        while offset >= start {
            if has(".plural.", at: offset) {
                marker = offset
                break
            }
            offset -= 1
        }
        guard let marker, marker > start, marker + 8 < bytes.count else { return nil }
        let categoryRange = (marker + 8)..<bytes.count
        guard !bytes[categoryRange].contains(dot) else { return nil }
        var name = start..<marker
        let at = UInt8(ascii: "@")
        if name.count >= 3, bytes[name.lowerBound] == at, bytes[name.upperBound - 1] == at,
            bytes[(name.lowerBound + 1)..<(name.upperBound - 1)].contains(dot)
        {
            name = (name.lowerBound + 1)..<(name.upperBound - 1)
        } else if bytes[name].contains(dot) {
            return nil
        }
        return [.substitution(string(name)), .plural(string(categoryRange))]
    }

    /// A substitution name as it appears in an id: wrapped in `@` when it contains a dot.
    static func quoted(_ name: String) -> String {
        name.utf8.contains(UInt8(ascii: ".")) ? "@\(name)@" : name
    }
}
