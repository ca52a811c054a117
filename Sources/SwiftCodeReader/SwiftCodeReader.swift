// SwiftCodeReader — the Swift reader: the keys Xcode's compiler extracts, read with swift-syntax.
// Door: `SwiftCodeReader` (a `CodeReader`), `DeclarationCache` (the declarations of other modules).
// The only module that needs swift-syntax; nesting is checked before parsing (`SwiftNestingScan`).

import CodeExtraction
import LocalizationCatalog
import StringBridgeSupport
import SwiftParser
import SwiftSyntax

/// Reads the localizable strings of Swift code as Xcode's "Use Compiler to Extract Swift Strings" does.
///
/// There is no compiler: swift-syntax parses every file, a first pass collects the project's declarations (parameters and
/// properties typed `LocalizedStringKey`/`LocalizedStringResource`, declared types of names), and a second pass
/// finds the literals in key positions; calls of `NSLocalizedString`-like functions inside comments are read as
/// genstrings reads them (``CommentCalls``). See docs/extraction.md ("Swift").
package struct SwiftCodeReader: CodeReader {
    /// Names of `NSLocalizedString`-like functions besides `NSLocalizedString` (Xcode's
    /// `LOCALIZED_STRING_MACRO_NAMES`): their first, unlabelled literal argument is a key.
    package var localizedStringMacroNames: Set<String>
    /// The platforms the code is compiled for, as `os(…)` names (`iOS`, `macOS`, `watchOS`, `tvOS`, `visionOS`);
    /// `nil` when not known, and then every `#if os(…)` clause is read.
    package var platforms: Set<String>?
    /// Which key positions are read: the compiler's by default; a localization export of a target without
    /// `SWIFT_EMIT_LOC_STRINGS` reads fewer (``SwiftExtraction``).
    package var extraction = SwiftExtraction.compiler
    /// Whether the SDK's overloads taking a `LocalizedStringResource` exist for the code's deployment targets (macOS
    /// 13, iOS 16 and later): without them `UndoManager.setActionName(_:)` takes a `String` (``KnownAPIs``).
    package var resourceOverloads = true

    /// Which threads read the files: all cores by default (files side by side).
    ///
    /// ``Parallelism/sequential`` reads them one after the other on the calling thread; the result is the same.
    package var parallelism = Parallelism.automatic
    /// Every statement of a block is asked for a name's declaration, in order (the exact rule of
    /// ``ScopeDeclarations``), instead of those its index names: for the test that holds the two equal.
    var scansEveryDeclaration = false

    /// Files of the modules the code depends on (local packages, other targets of the repository): read in the first
    /// pass only, so their declarations are known; their strings are not returned, and a file refused for its size
    /// or nesting is left out without a message (it is reported where its own module is read).
    package var declarationFiles: [CodeFile] = []
    /// Declarations learnt by earlier reads of the same run (``DeclarationCache``); `nil`: none kept.
    package var declarationCache: DeclarationCache?

    /// Creates a reader.
    package init(localizedStringMacroNames: Set<String> = [], platforms: Set<String>? = nil) {
        self.localizedStringMacroNames = localizedStringMacroNames
        self.platforms = platforms
    }

    /// `swift`.
    package var fileExtensions: Set<String> { ["swift"] }

    /// Returns the strings of `files`, in file order and then source order.
    ///
    /// A file beyond the limits (``CodeReader/admit(_:)``, then what it nests: ``SwiftNestingScan``) is skipped with
    /// a warning at its position, before swift-syntax sees it; the other files are still read.
    package func strings(in files: [CodeFile], diagnostics: inout Diagnostics) -> [ExtractedString] {
        let parsed = parallelism.map(files) { file -> ParsedFile in
            if let refusal = admit(file) { return ParsedFile(refusal: refusal) }
            if let (offset, excess) = SwiftNestingScan.firstExcess(Array(file.text.utf8)) {
                let location = SourceLines(path: file.path, text: file.text).location(of: offset)
                return ParsedFile(refusal: Diagnostic(.warning, excess.message, at: location))
            }
            var parser = Parser(file.text, maximumNestingLevel: InputLimits.swiftParserNesting)
            let tree = SourceFileSyntax.parse(from: &parser)
            if let deep = SyntaxDepth.firstBeyond(InputLimits.swiftTreeDepth, in: tree) {
                let location = SourceLines(path: file.path, text: file.text)
                    .location(of: deep.positionAfterSkippingLeadingTrivia.utf8Offset)
                return ParsedFile(
                    refusal: Diagnostic(
                        .warning,
                        "the syntax tree is more than \(InputLimits.swiftTreeDepth) levels deep here (a chain such as "
                            + "a.b.c… or f()()…); the file is not read",
                        at: location))
            }
            let collector = DeclarationCollector()
            collector.walk(tree)
            let members = MemberTypeCollector()
            members.walk(tree)
            return ParsedFile(tree: tree, index: collector.index, members: members.result)
        }
        let index = parsed.reduce(into: ProjectIndex()) { $0.merge($1.index) }
            .merging(declarationIndex(besides: files, indexes: parsed.map(\.index)))
        let members = parsed.reduce(into: MemberTypes()) { $0.merge($1.members) }
        let macroNames = localizedStringMacroNames
        let platforms = platforms
        let extraction = extraction
        let resourceOverloads = resourceOverloads
        let scansEveryDeclaration = scansEveryDeclaration
        let results = parallelism.map(Array(zip(files, parsed))) { pair -> ([ExtractedString], Diagnostics) in
            guard let tree = pair.1.tree else {
                var refused = Diagnostics()
                if let refusal = pair.1.refusal { refused.append(refusal) }
                return ([], refused)
            }
            let finder = StringFinder(
                path: pair.0.path, text: pair.0.text, index: index, macroNames: macroNames, platforms: platforms,
                extraction: extraction, members: members,
                declarations: ScopeDeclarations(scansEverything: scansEveryDeclaration))
            finder.resourceOverloads = resourceOverloads
            finder.walk(tree)
            let commented = CommentCalls.strings(in: tree, file: pair.0, macroNames: macroNames)
            return (finder.found.merged(byPlace: commented), finder.diagnostics)
        }
        var strings: [ExtractedString] = []
        for (found, fileDiagnostics) in results {
            strings += found
            diagnostics.append(contentsOf: fileDiagnostics)
        }
        return strings
    }
}

/// A parsed file and what the first pass learnt from it, or why it was not parsed.
private struct ParsedFile: Sendable {
    var tree: SourceFileSyntax?
    var index = ProjectIndex()
    var members = MemberTypes()
    var refusal: Diagnostic?

    init(tree: SourceFileSyntax, index: ProjectIndex, members: MemberTypes) {
        self.tree = tree
        self.index = index
        self.members = members
    }

    init(refusal: Diagnostic) {
        self.refusal = refusal
    }
}
