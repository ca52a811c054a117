import Foundation

enum Strings {
    static let title = NSLocalizedString("title", comment: "The window's title")
    static let second = NSLocalizedString("shared", comment: "Second call site")
    static let first = NSLocalizedString("shared", comment: "First call site")
    static let translated = NSLocalizedString("only.translated", comment: "Said by code, held only by translations")
    static let silent = NSLocalizedString("no.code.comment", comment: "")
}
