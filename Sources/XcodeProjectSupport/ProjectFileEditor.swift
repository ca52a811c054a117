import LocalizationCatalog

/// Edits of a `project.pbxproj` as Xcode makes them, applied as byte replacements: everything outside the
/// objects and lines edited stays byte for byte as it was.
///
/// What Xcode's layout is, and the evidence, is in docs/migration.md ("Project file"): objects sorted by id within
/// their `/* Begin isa section */`, a file reference or build file on one line, an array element on a line of its
/// own. A place that is not laid out so is not guessed at: the edit throws and nothing is changed.
package struct ProjectFileEditor {
    /// The file edited.
    package let file: ProjectFile
    private var removals: [Range<Int>] = []
    /// Bytes inserted at an offset; several at one offset go in the order of `key` (an added object's id: a
    /// section stays sorted), then in the order made.
    private var insertions: [(offset: Int, key: String, bytes: [UInt8])] = []
    private var replacements: [(range: Range<Int>, bytes: [UInt8])] = []
    private var removedObjects = Set<String>()
    private var addedObjects = Set<String>()

    package init(file: ProjectFile) {
        self.file = file
    }

    /// Whether an id is in use: in the file or among the objects added.
    package func isTaken(_ id: String) -> Bool {
        file.contains(id) || addedObjects.contains(id)
    }

    /// A new id for an object described by `seed` (see ``ProjectObjectID/derived(from:avoiding:)``).
    package func newID(_ seed: String) -> ProjectObjectID {
        ProjectObjectID.derived(from: seed, avoiding: isTaken)
    }

    // MARK: Objects

    /// Removes an object (its whole lines); a section left empty goes too, with the blank line after it.
    package mutating func removeObject(_ id: String) throws {
        guard let object = file.object(id), removedObjects.insert(id).inserted else { return }
        removals.append(try lines(of: object.range, endingWith: []))
    }

    /// Adds an object on one line (`ID /* comment */ = {isa = …; key = value; };`) to its isa's section, before
    /// the first object whose id is greater (Xcode keeps each section sorted by id).
    /// - Parameters:
    ///   - id: The new object's id.
    ///   - isa: Its class, which names its section.
    ///   - comment: The comment after the id.
    ///   - members: The members after `isa`, in Xcode's order (alphabetical), values as written.
    /// - Throws: ``ConversionError`` when the file has no section for `isa`, or the place is not laid out as
    ///   Xcode writes it.
    package mutating func addObject(
        _ id: ProjectObjectID, isa: String, comment: String, members: [(key: String, value: String)]
    ) throws {
        addedObjects.insert(id.rawValue)
        var line = "\t\t\(id) /* \(comment) */ = {isa = \(isa); "
        for (key, value) in members { line += "\(key) = \(value); " }
        line += "};\n"
        guard let section = sections().first(where: { $0.name == isa }) else {
            throw ConversionError(
                "the project file has no \(isa) section to add the catalog's \(isa) to; it cannot be edited safely",
                at: file.location(file.objectsValue?.range.lowerBound ?? 0))
        }
        let following = file.objects.first { object in
            section.body.contains(object.range.lowerBound) && object.id > id.rawValue
        }
        let offset = try following.map { try lines(of: $0.range, endingWith: []).lowerBound } ?? section.endLine
        insertions.append((offset, id.rawValue, Array(line.utf8)))
    }

    // MARK: Array elements

    /// Removes the element `element` of the array `key` of object `id` (its line).
    package mutating func removeElement(_ element: String, ofArray key: String, in id: String) throws {
        guard let value = file.object(id)?[key] else { return }
        for item in value.array where item.string == element {
            removals.append(try lines(of: item.range, endingWith: [UInt8(ascii: ",")]))
        }
    }

    /// Inserts `element /* comment */,` (`element,` without a comment) into the array `key` of object `id`: before
    /// the element `before`, after the element `after`, or else at the end; laid out as its neighbours are.
    package mutating func insertElement(
        _ element: String, comment: String?, ofArray key: String, in id: String, before: String? = nil,
        after: String? = nil
    ) throws {
        guard let object = file.object(id), let array = object[key] else {
            throw ConversionError(
                "the project file's object \(id) has no \(key) to add to; it cannot be edited safely",
                at: file.location(file.object(id)?.range.lowerBound ?? 0))
        }
        let items = array.array
        let offset: Int
        let indentation: [UInt8]
        if let before, let item = items.first(where: { $0.string == before }) {
            let range = try lines(of: item.range, endingWith: [UInt8(ascii: ",")])
            offset = range.lowerBound
            indentation = Array(file.bytes[range.lowerBound..<item.range.lowerBound])
        } else if let after, let item = items.first(where: { $0.string == after }) {
            let range = try lines(of: item.range, endingWith: [UInt8(ascii: ",")])
            offset = range.upperBound
            indentation = Array(file.bytes[range.lowerBound..<item.range.lowerBound])
        } else {
            // At the end: on the line of the closing parenthesis, one tab deeper than it.
            let close = array.range.upperBound - 1
            let lineStart = try startOfLine(close)
            offset = lineStart
            indentation = Array(file.bytes[lineStart..<close]) + [0x09]
        }
        insertions.append(
            (offset, "", indentation + Array("\(element)\(comment.map { " /* \($0) */" } ?? ""),\n".utf8)))
    }

    // MARK: Dictionary members

    /// Inserts `key = value;` into the dictionary `dictionary` of object `id` (`buildSettings`), before the first
    /// member whose key is greater (Xcode keeps build settings sorted), on a line of its own laid out as its
    /// neighbours are.
    /// - Throws: ``ConversionError`` when the object has no such dictionary, or it is not laid out one member per
    ///   line.
    package mutating func insertMember(_ key: String, value: String, inDictionary dictionary: String, of id: String)
        throws
    {
        guard let object = file.object(id), let target = object[dictionary], target.isDictionary else {
            throw ConversionError(
                "the project file's object \(id) has no \(dictionary) to add to; it cannot be edited safely",
                at: file.location(file.object(id)?.range.lowerBound ?? 0))
        }
        let offset: Int
        let indentation: [UInt8]
        if let following = target.members.first(where: { $0.key > key }) {
            offset = try lines(of: following.range, endingWith: []).lowerBound
            indentation = Array(file.bytes[offset..<following.range.lowerBound])
        } else {
            let close = target.range.upperBound - 1
            offset = try startOfLine(close)
            indentation = Array(file.bytes[offset..<close]) + [0x09]
        }
        insertions.append((offset, "", indentation + Array("\(projectFileQuoted(key)) = \(value);\n".utf8)))
    }

    // MARK: Values

    /// Replaces the value of the top-level member `key` (`objectVersion`).
    package mutating func replaceRootValue(_ key: String, with text: String) {
        guard let value = file.root[key] else { return }
        replacements.removeAll { $0.range == value.range }
        replacements.append((value.range, Array(text.utf8)))
    }

    // MARK: Result

    /// The edited file's bytes.
    package func result() throws -> [UInt8] {
        var removals = self.removals
        // A section whose objects are all removed, with nothing added to it, goes with its blank line.
        let inserted = insertions.map(\.offset)
        for section in sections() {
            let inside = file.objects.filter { section.body.contains($0.range.lowerBound) }
            guard !inside.isEmpty, inside.allSatisfy({ removedObjects.contains($0.id) }),
                !inserted.contains(where: { section.body.contains($0) || $0 == section.endLine })
            else { continue }
            var end = section.afterEnd
            if end < file.bytes.count, file.bytes[end] == 0x0A { end += 1 }
            removals.removeAll { section.whole.lowerBound <= $0.lowerBound && $0.upperBound <= end }
            removals.append(section.whole.lowerBound..<end)
        }
        var edits: [(range: Range<Int>, bytes: [UInt8], order: Int)] = []
        for (order, range) in Set(removals.map { [$0.lowerBound, $0.upperBound] }).sorted(by: { $0[0] < $1[0] })
            .map({ $0[0]..<$0[1] }).enumerated()
        {
            edits.append((range, [], order))
        }
        let ordered = insertions.enumerated().sorted { lhs, rhs in
            (lhs.element.offset, lhs.element.key, lhs.offset) < (rhs.element.offset, rhs.element.key, rhs.offset)
        }
        for (order, insertion) in ordered.map(\.element).enumerated() {
            edits.append((insertion.offset..<insertion.offset, insertion.bytes, removals.count + order))
        }
        for (order, replacement) in replacements.enumerated() {
            edits.append((replacement.range, replacement.bytes, removals.count + insertions.count + order))
        }
        edits.sort { lhs, rhs in
            lhs.range.lowerBound != rhs.range.lowerBound
                ? lhs.range.lowerBound < rhs.range.lowerBound
                    // At one offset: insertions first (in the order made), then the removal starting there.
                : (lhs.range.isEmpty != rhs.range.isEmpty ? lhs.range.isEmpty : lhs.order < rhs.order)
        }
        var output: [UInt8] = []
        output.reserveCapacity(file.bytes.count)
        var cursor = 0
        for edit in edits {
            guard edit.range.lowerBound >= cursor else {
                throw ConversionError(
                    "two edits of the project file overlap; it cannot be edited safely",
                    at: file.location(edit.range.lowerBound))
            }
            output += file.bytes[cursor..<edit.range.lowerBound]
            output += edit.bytes
            cursor = edit.range.upperBound
        }
        output += file.bytes[cursor...]
        return output
    }

    // MARK: Layout

    /// A `/* Begin X section */` … `/* End X section */` of the objects.
    private struct Section {
        var name: String
        /// From the start of the Begin line to the end of the End comment.
        var whole: Range<Int>
        /// Between the two comments.
        var body: Range<Int>
        /// The start of the End comment's line.
        var endLine: Int
        /// Just after the End comment's line.
        var afterEnd: Int
    }

    private func sections() -> [Section] {
        var result: [Section] = []
        var open: (name: String, range: Range<Int>)?
        for comment in file.sectionComments {
            let text = comment.text.trimmingSpaces
            if text.hasPrefix("Begin "), text.hasSuffix(" section") {
                open = (String(text.dropFirst(6).dropLast(8)), comment.range)
            } else if text.hasPrefix("End "), text.hasSuffix(" section"), let begin = open,
                begin.name == String(text.dropFirst(4).dropLast(8))
            {
                open = nil
                guard let beginLine = try? startOfLine(begin.range.lowerBound),
                    let endLine = try? startOfLine(comment.range.lowerBound)
                else { continue }
                var after = comment.range.upperBound
                while after < file.bytes.count, file.bytes[after] == 0x20 || file.bytes[after] == 0x09 { after += 1 }
                if after < file.bytes.count, file.bytes[after] == 0x0A { after += 1 }
                result.append(
                    Section(
                        name: begin.name, whole: beginLine..<comment.range.upperBound,
                        body: begin.range.upperBound..<comment.range.lowerBound, endLine: endLine, afterEnd: after))
            }
        }
        return result
    }

    /// The start of the line holding `offset`, when only tabs and spaces precede it there.
    private func startOfLine(_ offset: Int) throws -> Int {
        var start = offset
        while start > 0, file.bytes[start - 1] != 0x0A {
            guard file.bytes[start - 1] == 0x09 || file.bytes[start - 1] == 0x20 else { throw notLaidOut(offset) }
            start -= 1
        }
        return start
    }

    /// The whole lines of `range` (an object member ending with its `;`, or an array element): from the start of
    /// its line to after the line break that follows it, its `/* comment */` and `terminator` included.
    private func lines(of range: Range<Int>, endingWith terminator: [UInt8]) throws -> Range<Int> {
        let start = try startOfLine(range.lowerBound)
        let bytes = file.bytes
        var index = range.upperBound
        func skipBlanks() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        }
        skipBlanks()
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "*") {
            index += 2
            while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
            {
                guard bytes[index] != 0x0A else { throw notLaidOut(range.lowerBound) }
                index += 1
            }
            index += 2
            skipBlanks()
        }
        for byte in terminator {
            guard index < bytes.count, bytes[index] == byte else { throw notLaidOut(range.lowerBound) }
            index += 1
        }
        skipBlanks()
        guard index < bytes.count, bytes[index] == 0x0A else { throw notLaidOut(range.lowerBound) }
        return start..<index + 1
    }

    private func notLaidOut(_ offset: Int) -> ConversionError {
        ConversionError(
            "the project file is not laid out as Xcode writes it here (one object or element per line); it cannot "
                + "be edited safely", at: file.location(offset))
    }
}

/// How Xcode writes a string value in a project file: bare when it holds only letters, digits and `_$/.`, else
/// quoted with `\` before `"` and `\`.
package func projectFileQuoted(_ text: String) -> String {
    let bare =
        !text.isEmpty
        && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"),
                UInt8(ascii: "."):
                return true
            default: return false
            }
        }
    if bare { return text }
    var result = "\""
    for character in text.unicodeScalars {
        switch character {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        default: result.unicodeScalars.append(character)
        }
    }
    return result + "\""
}

extension String {
    fileprivate var trimmingSpaces: String {
        var slice = Substring(self)
        while slice.first == " " { slice.removeFirst() }
        while slice.last == " " { slice.removeLast() }
        return String(slice)
    }
}
