import Foundation
import StringBridgeRuntime
import Testing

/// The runtime formats as `String(format:)` does, compared on the same format strings and arguments.
@Suite struct FormattingTests {
    /// A table whose keys are their own values, so `string(_:)` only formats; numbers as C writes them (the
    /// reader's locale is `AppleReadingTests`').
    func formatted(_ format: String, _ arguments: [any CVarArg]) -> String {
        var table = LocalizedTable(
            RuntimeTable(
                table: "T", developmentLanguage: "en",
                localizations: [
                    RuntimeLocalization(
                        language: "en", entries: [RuntimeEntry(key: format, value: RuntimeValue(text: format))])
                ]))
        table.numberFormatting = .posix
        return table.string(format, arguments: arguments, languages: ["en"])
    }

    /// Format strings and arguments compared with `String(format:)`.
    static var cases: [(String, [any CVarArg])] {
        [
            ("%d", [42] as [any CVarArg]), ("%i", [-7]), ("%u", [3]), ("%ld", [Int.max]), ("%lld", [Int.min]),
            ("%llu", [UInt64.max]), ("%d", [Int.max]), ("%u", [-1]), ("%lu", [-1]), ("%hd", [70_000]), ("%hhd", [300]),
            ("%x", [255]), ("%X", [255]), ("%o", [8]), ("%#x", [255]), ("%05d", [42]), ("%-5d|", [42]), ("%+d", [5]),
            ("%f", [3.14159]), ("%lf", [2.5]), ("%.2f", [3.14159]), ("%e", [12345.678]), ("%g", [0.0001]),
            ("%10.3f|", [3.14159]), ("%a", [1.0]), ("%%", []), ("100%% sure", []), ("%@ and %@", ["a", "b"]),
            ("%2$@ %1$@", ["world", "hello"]), ("%1$@ %1$@", ["echo"]), ("%2$d-%1$d", [1, 2]),
            ("%@: %d items at %.1f%%", ["Cart", 3, 99.5]), ("%c", [65]), ("%C", [0x416]), ("%10@|", ["right"]),
            ("%3c|", [65]), ("%-3c|", [66]),
            ("%-10@|", ["left"]), ("no specifiers", []), ("ünï %@ cödé", ["ü"]), ("%@", ["%d"]),
        ]
    }

    @Test func matchesStringFormat() {
        for (format, arguments) in Self.cases {
            #expect(formatted(format, arguments) == String(format: format, arguments: arguments), "\(format)")
        }
    }

    /// Where `String(format:)` would read memory that is not there, the runtime keeps the specifier or prints the
    /// argument (and never crashes).
    @Test func badArgumentsNeverCrash() {
        #expect(formatted("%d and %d", [1]) == "1 and %d")
        #expect(formatted("%@", []) == "%@")
        #expect(formatted("%5$d", [1]) == "%5$d")
        #expect(formatted("%0$d", [1]) == "%0$d")
        #expect(formatted("%d", ["text"]) == "text")
        #expect(formatted("%f", ["text"]) == "text")
        #expect(formatted("%n", [1]) == "%n")
        #expect(formatted("%p", [1]) == "%p")
        #expect(formatted("%", [1]) == "%")
        #expect(formatted("abc%", []) == "abc%")
        #expect(formatted("%k", [1]) == "%k")
        #expect(formatted("%1000000d", [1]) == "%1000000d")
        #expect(formatted("%.99999999f", [1.0]) == "%.99999999f")
        #expect(formatted("%*d", [1, 2]) == "%*d")
        #expect(formatted("%#@missing@", [1]) == "%#@missing@")
        #expect(formatted("%#@@", [1]) == "%#@@")
        #expect(formatted("%d", [2.9]) == "2")
        #expect(formatted("%@", [1.5]) == "1.5")
    }
}
