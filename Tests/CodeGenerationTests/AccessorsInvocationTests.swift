import CodeGeneration
import LocalizationCatalog
import TestSupport
import Testing

/// The plugin tool's `accessors` mode: its hand-parsed arguments and what it generates.
@Suite("stringbridge-generate accessors")
struct AccessorsInvocationTests {
    @Test("arguments: catalog, output, flavour (runtime unless xcode) and the Xcode version's preamble")
    func parse() throws {
        let plain = try AccessorsInvocation.parse(["accessors", "Localizable.xcstrings", "--output", "out.swift"])
        #expect(
            plain
                == AccessorsInvocation(
                    catalog: "Localizable.xcstrings", output: "out.swift", flavor: .runtime, preamble: .nonisolated))
        let xcode = try AccessorsInvocation.parse([
            "--flavor", "xcode", "--xcode-version", "26.1.1", "-o", "out.swift", "Shop.xcstrings",
        ])
        #expect(xcode.flavor == .xcode)
        #expect(xcode.preamble == .legacy)
        #expect(
            try AccessorsInvocation.parse(["a.xcstrings", "-o", "b", "--xcode-version", "26.2"]).preamble
                == .nonisolated)
    }

    @Test(
        "usage errors name the problem",
        arguments: [
            (["Localizable.xcstrings"], "name the output file with --output"),
            (["-o", "x.swift"], "name a String Catalog"),
            (["a.xcstrings", "b.xcstrings", "-o", "x"], "name one String Catalog"),
            (["a.xcstrings", "-o", "x", "--flavor", "legacy"], "--flavor is runtime or xcode, not \"legacy\""),
            (
                ["a.xcstrings", "-o", "x", "--xcode-version", "15.4"],
                "--xcode-version is a version of Xcode 26 or later, not \"15.4\""
            ),
            (["a.xcstrings", "-o"], "-o needs a value"),
            (["a.xcstrings", "-o", "x", "--verbose"], "unknown option \"--verbose\""),
        ])
    func usage(arguments: [String], message: String) {
        #expect(throws: AccessorsInvocation.UsageError(message: message)) { try AccessorsInvocation.parse(arguments) }
    }

    @Test("Xcode versions: 26.0 and 26.1 take the older preamble, 26.2 and later the newer one")
    func versions() {
        #expect(AccessorGenerator.preamble(forXcodeVersion: "26.0") == .legacy)
        #expect(AccessorGenerator.preamble(forXcodeVersion: "26.0.1") == .legacy)
        #expect(AccessorGenerator.preamble(forXcodeVersion: "26.1.1") == .legacy)
        #expect(AccessorGenerator.preamble(forXcodeVersion: "26") == .legacy)
        #expect(AccessorGenerator.preamble(forXcodeVersion: "26.2") == .nonisolated)
        #expect(AccessorGenerator.preamble(forXcodeVersion: "27.0") == .nonisolated)
        for bad in ["25.4", "26.x", "", "26..1", "26.1.1.1", "٢٦"] {
            #expect(AccessorGenerator.preamble(forXcodeVersion: bad) == nil, "\(bad)")
        }
    }

    @Test("it generates the same file as generate does, and an invalid catalog is an error")
    func generates() throws {
        let path = "generate/catalogs/Shop.xcstrings"
        let invocation = try AccessorsInvocation.parse([path, "--flavor", "runtime", "-o", "x.swift"])
        var diagnostics = Diagnostics()
        let file = try invocation.generate(try Fixtures.bytes(path), diagnostics: &diagnostics)
        #expect(file.name == "GeneratedStringSymbols_Shop.swift")
        #expect(
            Fixtures.compareGolden(file.bytes, "generate/expected/runtime/GeneratedStringSymbols_Shop.swift") == nil)
        #expect(throws: ConversionError.self) {
            try invocation.generate(Array("{\"strings\": ".utf8), diagnostics: &diagnostics)
        }
    }
}
