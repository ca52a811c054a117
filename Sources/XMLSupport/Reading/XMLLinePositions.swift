/// The XML layer's positions as every other place counts them.
///
/// libxml2 and ``ElementLocator`` end a line at LF only (a CR LF ends where its LF does), while a `FileLocation`
/// (`SourceLines`) also ends one at a lone CR. An element or error after a lone CR would otherwise get the line
/// before and a column past its end (Fuzz/findings/ib-code/xml-position-after-lone-cr.storyboard). Built once per
/// document in one pass; each conversion is a binary search within its line.
package struct XMLLinePositions: Sendable {
    /// For each line the XML layer counts (0-based), the lone CRs before its start.
    private var loneCRsBefore: [Int] = [0]
    /// For the XML layer's lines that hold lone CRs (by 0-based line), the column (in scalars) of each.
    private var loneCRColumns: [Int: [Int]] = [:]

    /// The positions of the document whose UTF-8 bytes the XML layer read.
    package init(utf8 bytes: some Collection<UInt8>) {
        var line = 0
        var column = 1
        var total = 0
        var previousWasCR = false
        // A UTF-8 byte order mark is no character of the first line (as ElementLocator counts).
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes.dropFirst(0)
        for byte in body {
            if previousWasCR, byte != 0x0A {
                loneCRColumns[line, default: []].append(column - 1)
                total += 1
            }
            previousWasCR = byte == 0x0D
            if byte == 0x0A {
                line += 1
                column = 1
                loneCRsBefore.append(total)
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        if previousWasCR { loneCRColumns[line, default: []].append(column - 1) }
    }

    /// The positions of a document the XML layer reads, or `nil` when they are its own: no lone CR in it (found eight
    /// bytes at a time, so a large document without one costs one fast scan), or UTF-16 (read from a UTF-8 copy).
    package static func whenNeeded(_ bytes: XMLBytes) -> XMLLinePositions? {
        let buffer = bytes.buffer
        guard let base = buffer.baseAddress, buffer.count >= 2,
            !(buffer[0] == 0xFE && buffer[1] == 0xFF), !(buffer[0] == 0xFF && buffer[1] == 0xFE)
        else { return nil }
        var start = 0
        while let carriageReturn = firstIndex(of: 0x0D, in: base, from: start, to: buffer.count) {
            if carriageReturn + 1 >= buffer.count || buffer[carriageReturn + 1] != 0x0A {
                return XMLLinePositions(utf8: buffer)
            }
            start = carriageReturn + 2
        }
        return nil
    }

    /// The line and column (in scalars) that `FileLocation` gives the place the XML layer calls `line`:`column`
    /// (a place outside the document is left as it is).
    package func position(line: Int, column: Int) -> (line: Int, column: Int) {
        guard line >= 1, line <= loneCRsBefore.count else { return (line, column) }
        let start = line + loneCRsBefore[line - 1]
        guard let columns = loneCRColumns[line - 1] else { return (start, column) }
        // The lone CRs of this line before the place: each starts a line.
        var low = 0
        var high = columns.count
        while low < high {
            let middle = (low + high) / 2
            if columns[middle] < column { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? (start, column) : (start + low, column - columns[low - 1])
    }
}
