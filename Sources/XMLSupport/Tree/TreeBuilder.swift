/// Assembles `XMLElementNode` values from the reader's events, in document order.
///
/// Children of all open elements share one stack; an element's children are copied into one exactly-sized
/// array when it closes, so no per-element array grows by doubling.
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
            element.children = Array(pending[start...])
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
