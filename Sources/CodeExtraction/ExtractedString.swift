import LocalizationCatalog
import StringBridgeSupport

/// One localizable string that a source file says, as Xcode's extraction would find it.
///
/// Every code reader (Swift, Objective-C/C, Interface Builder, Info.plist) returns these; `CodeSync` groups them by
/// table and merges them into catalogs, and `export` adds them to legacy tables.
package struct ExtractedString: Sendable, Hashable {
    /// Where the string came from, which decides what Xcode writes for it (`extracted_with_value`, comments).
    package enum Origin: String, Sendable, Hashable {
        /// Swift code (SwiftUI keys, `String(localized:)`, `LocalizedStringResource`, `NSLocalizedString`, …).
        case swift
        /// An App Shortcut phrase (Xcode puts these in `AppShortcuts.xcstrings`).
        case appShortcut
        /// Objective-C or C code, by genstrings' rules.
        case objectiveC
        /// A storyboard or xib (`ObjectID.property` keys).
        case interfaceBuilder
        /// An Info.plist key that Xcode localizes.
        case infoPlist
    }

    /// The key, with escapes resolved and interpolations written as format specifiers.
    package var key: String
    /// The development-language value when the code gives one that is not the key (`defaultValue:`, `value:`,
    /// an IB object's text, an Info.plist value); `nil` when the value is the key.
    package var value: String?
    /// The comment the code gives (`comment:`), or the comment Xcode writes (IB objects, Info.plist keys); `nil`
    /// when there is none or it is empty.
    package var comment: String?
    /// The table (catalog or `.strings` file name without extension); `Localizable` unless the code names one.
    package var table: String
    /// Where the string was found (the literal's first character).
    package var location: FileLocation
    /// The kind of source.
    package var origin: Origin
    /// The format specifiers of `key` written for an interpolation whose type the reader cannot tell.
    ///
    /// `%@` in `Total %@` for `Total \(x)` with `x` of unknown type: Xcode may have written another specifier there.
    /// Empty when every specifier is certain. Sync takes a catalog key that has any specifier in these places.
    package var unresolvedSpecifiers: [UnresolvedSpecifier] = []

    /// A specifier of the key written for an interpolation of unknown type.
    package struct UnresolvedSpecifier: Sendable, Hashable {
        /// The specifier's bytes in the key (UTF-8 offsets).
        package var range: Range<Int>
        /// Where the interpolation is (`\(`).
        package var location: FileLocation

        /// Creates an unresolved specifier.
        package init(range: Range<Int>, location: FileLocation) {
            self.range = range
            self.location = location
        }
    }

    /// Creates an extracted string.
    package init(
        key: String,
        value: String? = nil,
        comment: String? = nil,
        table: String = "Localizable",
        location: FileLocation,
        origin: Origin
    ) {
        self.key = key
        self.value = value
        self.comment = comment
        self.table = table
        self.location = location
        self.origin = origin
    }
}

/// A source file handed to a code reader: its path as the user named it (for locations) and its text.
package struct CodeFile: Sendable {
    /// The path, as used in diagnostics and locations.
    package var path: String
    /// The file's text.
    package var text: String

    /// Creates a code file.
    package init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// A reader of one kind of source code.
///
/// A reader gets all files of its kind in a project at once, because some rules need the whole project (the Swift
/// reader looks up declarations of functions whose parameters are `LocalizedStringKey`, and of variables' types).
package protocol CodeReader: Sendable {
    /// The file name extensions this reader takes, lowercased and without the dot (`swift`, `m`, `storyboard`).
    var fileExtensions: Set<String> { get }

    /// The largest file this reader reads (``admit(_:)``): ``InputLimits/codeFileBytes`` unless the reader says
    /// otherwise.
    var maximumFileBytes: Int { get }

    /// Returns what `files` say, in file order and then source order.
    ///
    /// A file that cannot be read is a diagnostic at its position; the other files are still read.
    func strings(in files: [CodeFile], diagnostics: inout Diagnostics) -> [ExtractedString]
}

/// The strings of every file, each file read by `read` on the threads `parallelism` allows (files side by side),
/// joined in file order with each file's diagnostics: the same result as reading the files one after the other.
///
/// A file that `reader` does not admit (``CodeReader/admit(_:)``) is skipped with its warning.
package func stringsOfEachFile(
    _ files: [CodeFile], reader: some CodeReader, parallelism: Parallelism, diagnostics: inout Diagnostics,
    _ read: @Sendable (CodeFile, inout Diagnostics) -> [ExtractedString]
) -> [ExtractedString] {
    let results = parallelism.map(files) { file -> ([ExtractedString], Diagnostics) in
        var fileDiagnostics = Diagnostics()
        if let refusal = reader.admit(file) {
            fileDiagnostics.append(refusal)
            return ([], fileDiagnostics)
        }
        let strings = read(file, &fileDiagnostics)
        return (strings, fileDiagnostics)
    }
    var strings: [ExtractedString] = []
    for (found, fileDiagnostics) in results {
        strings += found
        diagnostics.append(contentsOf: fileDiagnostics)
    }
    return strings
}
