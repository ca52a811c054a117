import LocalizationCatalog
import StringBridgeSupport

/// What every code reader checks before it reads a file: code is input too, and one hostile file must not stop,
/// crash or stall a run over thousands (docs/security.md, "Code").
///
/// A file refused here is skipped with a warning at its path; the other files are still read.
extension CodeReader {
    /// ``InputLimits/codeFileBytes``.
    package var maximumFileBytes: Int { InputLimits.codeFileBytes }

    /// A warning when `file` is beyond what this reader reads (larger than ``maximumFileBytes``).
    ///
    /// `nil` when it is within. Readers that recurse check their own nesting as well (the Swift reader's
    /// `SwiftNestingScan`).
    package func admit(_ file: CodeFile) -> Diagnostic? {
        CodeFileAdmission.sizeProblem(path: file.path, byteCount: file.text.utf8.count, limit: maximumFileBytes)
    }
}

/// The checks of ``CodeReader/admit(_:)``, for callers that have only a file's size so far.
package enum CodeFileAdmission {
    /// A warning when a code file of `byteCount` bytes is larger than `limit`.
    package static func sizeProblem(path: String, byteCount: Int, limit: Int) -> Diagnostic? {
        guard byteCount > limit else { return nil }
        return Diagnostic(
            .warning,
            "the file is \(byteCount) bytes, more than the \(limit) bytes a file of its kind may have; it is not read",
            at: FileLocation(path: path, line: 1, column: 1))
    }
}
