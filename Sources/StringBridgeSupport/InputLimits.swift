/// The limits every reader keeps on what it is given, in one place (docs/security.md, "Limits").
///
/// Readers that recurse check their depth against these before they go deeper, and code readers check a file
/// against them before they parse it, so that no input can exhaust the stack, the memory or the time.
package enum InputLimits {
    /// How deeply values may nest in data formats: JSON (`.xcstrings`), binary property lists,
    /// `project.pbxproj`.
    package static let nesting = 512
    /// How deeply XML elements may nest (libxml2's own default without `XML_PARSE_HUGE`).
    package static let markup = 256
    /// How deeply included files may include others (`.xcconfig` `#include`).
    package static let includeDepth = 8
    /// How deeply a build setting's `$(NAME)` references are followed.
    package static let settingExpansionDepth = 8
    /// How many bytes one build setting's expansion may produce, its references counted.
    ///
    /// A setting that refers to itself several times (`A = $(A)$(A)`) would otherwise take time and memory
    /// exponential in the depth. Past it the rest of the value is kept as written.
    package static let settingExpansionBytes = 1 << 16
    /// The largest code file (Swift, Objective-C/C) a code reader reads: 4 MiB.
    ///
    /// Larger files are skipped with a warning; hand-written source files are far below it. swift-syntax holds
    /// 160–230 bytes of memory per byte of Swift while a file is read (Benchmarks/README.md, "Hostile code"), so a
    /// file at the limit stays under 1 GB.
    package static let codeFileBytes = 4 << 20
    /// The largest storyboard, xib or Info.plist a code reader reads: 32 MiB (XML, read by libxml2 into a small
    /// tree: a 32 MiB storyboard of 220,000 labels takes 0.6 GB; large storyboards are common).
    package static let markupFileBytes = 32 << 20
    /// How deeply brackets (`(`, `[`, `{`) and string interpolations (`\(`) may nest in a Swift file: swift-syntax
    /// recurses once per level (2,000 nested `[` overflowed the stack; 6,000 nested interpolations took 1.7 GB).
    package static let swiftNesting = 128
    /// How many brackets may open in a row (`[[[`, `[(`, with only white space and comments between) from a `[` in
    /// a Swift file: swift-syntax tries such a run both as a type and as an expression, in time doubling with each
    /// bracket (Benchmarks/README.md, "Hostile code").
    package static let swiftBracketRun = 8
    /// How many `<` right after a name (`Array<Set<Int>>`, or `a<b<c…`) may be open at once in a Swift file:
    /// swift-syntax's time grows with their square.
    package static let swiftGenericNesting = 16
    /// How many prefix words (`try`, `await`, `some`, …) may follow one another in a Swift file: swift-syntax
    /// recurses once for each (10,000 `try` overflowed the stack).
    package static let swiftWordRun = 16
    /// How many `else if` one chain, and how many `->` one type, may hold in a Swift file: swift-syntax recurses
    /// once for each (10,000 overflowed the stack).
    package static let swiftChain = 256
    /// How deep a Swift syntax tree may be before the reader walks it (its walks recurse once per level): long
    /// chains the parser builds without recursing (`a.b.c…`, `f()()…`, `A.B.C…`, `T???…`) still make deep trees.
    package static let swiftTreeDepth = 10_000
    /// swift-syntax's own nesting limit (`maximumNestingLevel`, its default), a backstop behind ``swiftNesting``:
    /// the parser counts some levels more than once.
    package static let swiftParserNesting = 256
    /// The types the Swift reader follows through declarations to find one expression's type.
    package static let typeResolution = 8
    /// The most declarations of one name an interpolation's type is looked up in (enum cases bound by a pattern),
    /// and the most catalog keys of one shape an interpolation of unknown type is matched against in a sync.
    package static let typeCandidates = 256
}

/// Counts how deeply a recursive reader has nested, against a limit.
///
/// `enter()` returns `false` once the depth passes the limit; the reader then stops with a diagnostic instead of
/// going deeper.
package struct NestingCounter: Sendable {
    /// The deepest nesting allowed.
    package let limit: Int
    /// The current depth.
    package private(set) var depth = 0
    /// The deepest level reached so far.
    package private(set) var deepest = 0

    /// A counter allowing `limit` levels.
    package init(limit: Int) {
        self.limit = limit
    }

    /// Goes one level deeper; `false` when that passes the limit.
    package mutating func enter() -> Bool {
        depth += 1
        if depth > deepest { deepest = depth }
        return depth <= limit
    }

    /// Goes one level back up (never below zero).
    package mutating func leave() {
        if depth > 0 { depth -= 1 }
    }
}
