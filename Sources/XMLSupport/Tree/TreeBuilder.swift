internal import CLibXML2

/// Assembles `XMLElementNode` values from the reader's events, in document order.
///
/// Children of all open elements share one stack; an element's children are moved into one exactly-sized
/// array when it closes, so no per-element array grows by doubling and no child is copied.
struct TreeBuilder {
    private var open: [XMLElementNode] = []
    private var childStarts: [Int] = []
    private var pending: [XMLContent] = []
    /// Whether the last item of `pending` is text that a following text node would extend.
    private var pendingEndsWithText = false
    private(set) var root: XMLElementNode?

    mutating func start(_ element: consuming XMLElementNode) {
        open.append(element)
        childStarts.append(pending.count)
        pendingEndsWithText = false
    }

    mutating func end() {
        var element = open.removeLast()
        let start = childStarts.removeLast()
        let count = pending.count - start
        if count > 0 {
            element.children = pending.withUnsafeMutableBufferPointer { stack in
                let first = stack.baseAddress! + start
                let children = [XMLContent](unsafeUninitializedCapacity: count) { buffer, initialized in
                    buffer.baseAddress!.moveInitialize(from: first, count: count)
                    initialized = count
                }
                // The moved-from slots are uninitialized: refill them with a value that owns nothing.
                first.initialize(repeating: .text(""), count: count)
                return children
            }
            pending.removeLast(count)
        } else {
            // `<name></name>` (as opposed to `<name/>`) keeps an empty text child, so it is written back
            // the same way.
            element.children = [.text("")]
        }
        add(element)
    }

    /// An element with no content (`<name/>`), or one just closed.
    mutating func add(_ element: consuming XMLElementNode) {
        if open.isEmpty {
            root = element
        } else {
            pending.append(.element(element))
            pendingEndsWithText = false
        }
    }

    /// Content outside the root element (comments, PIs, whitespace) is not kept.
    mutating func add(_ content: consuming XMLContent) {
        guard !open.isEmpty else { return }
        pending.append(content)
        pendingEndsWithText = false
    }

    mutating func addText(_ text: String) {
        guard !open.isEmpty else { return }
        // libxml2 already merges adjacent character data; this only guards against a split text node.
        if pendingEndsWithText, case .text(let previous) = pending.removeLast() {
            pending.append(.text(previous + text))
        } else {
            pending.append(.text(text))
        }
        pendingEndsWithText = true
    }
}

/// Converts names from libxml2's dictionary to `String` once per distinct pointer.
///
/// Element and attribute names, prefixes and namespace URIs returned by the reader are interned in the
/// reader's dictionary, so equal pointers mean equal strings for the reader's lifetime. A small direct-mapped
/// table turns repeated names (and long namespace URIs) into a pointer compare and a retain.
struct NameCache {
    private static let size = 256
    private var keys = [UnsafePointer<xmlChar>?](repeating: nil, count: NameCache.size)
    private var values = [String](repeating: "", count: NameCache.size)

    @inline(__always)
    mutating func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
        guard let pointer else { return nil }
        let slot = Int(truncatingIfNeeded: UInt(bitPattern: pointer) >> 4) & (Self.size - 1)
        if keys[slot] == pointer { return values[slot] }
        // Namespace URIs are attribute values: without entity substitution libxml2 leaves each `&` in them as
        // `&#38;`, as it does in other attribute values.
        var length = 0
        while pointer[length] != 0 { length += 1 }
        let string = attributeValue(UnsafeBufferPointer(start: pointer, count: length))
        keys[slot] = pointer
        values[slot] = string
        return string
    }
}
