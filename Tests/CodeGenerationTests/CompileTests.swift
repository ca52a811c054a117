import CodeGeneration
import Foundation
import LocalizationCatalog
import TestSupport
import Testing

/// The generated goldens compile: `swiftc -typecheck` on each, with the stubs of `Fixtures/generate/stubs` for the
/// API they call (Apple's `LocalizedStringResource`, which Linux Foundation lacks; SwiftPM's `Bundle.module`;
/// StringBridgeRuntime's `LocalizedTable`, built as a module of that name).
@Suite("generate: the generated code compiles")
struct CompileTests {
    /// `swiftc`: on the PATH, else beside the toolchain's usual place.
    static let swiftc: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = path.split(separator: ":").map(String.init) + ["/opt/swift/usr/bin", "/usr/bin"]
        for folder in folders {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    static func stub(_ name: String) -> String { Fixtures.url("generate/stubs/\(name)").path }

    /// Runs `swiftc -typecheck` on `files`; the compiler's errors, or `nil` when it accepts them.
    static func typecheck(_ files: [String], _ options: [String] = []) throws -> String? {
        guard let swiftc else { return "no swiftc on the PATH" }
        let result = try StringBridgeProcess.runExecutable(
            swiftc, ["-typecheck", "-swift-version", "6"] + options + files)
        return result.status == 0 ? nil : result.error + result.output
    }

    /// A folder holding a `StringBridgeRuntime` module built from the runtime's API stub.
    static func runtimeModule() throws -> String {
        let folder = try StringBridgeProcess.temporaryFolder()
        guard let swiftc else { return folder.path }
        let result = try StringBridgeProcess.runExecutable(
            swiftc,
            [
                "-emit-module", "-parse-as-library", "-module-name", "StringBridgeRuntime", "-emit-module-path",
                folder.appendingPathComponent("StringBridgeRuntime.swiftmodule").path,
                stub("StringBridgeRuntime.swift"),
            ])
        #expect(result.status == 0, "\(result.error)")
        return folder.path
    }

    @Test(
        "the Xcode flavour compiles in an app and in a package (-D SWIFT_PACKAGE)",
        arguments: [
            "xcode/GeneratedStringSymbols_Localizable.swift", "xcode/GeneratedStringSymbols_Shop.swift",
            "xcode-26.1/GeneratedStringSymbols_Shop.swift",
        ])
    func xcode(golden: String) throws {
        let files = [stubPath("AppleLocalization.swift"), stubPath("BundleModule.swift"), expected(golden)]
        #expect(try Self.typecheck(files) == nil)
        #expect(try Self.typecheck(files, ["-D", "SWIFT_PACKAGE"]) == nil)
    }

    @Test(
        "the runtime flavour compiles against StringBridgeRuntime's API",
        arguments: ["runtime/GeneratedStringSymbols_Localizable.swift", "runtime/GeneratedStringSymbols_Shop.swift"])
    func runtime(golden: String) throws {
        let module = try Self.runtimeModule()
        defer { try? FileManager.default.removeItem(atPath: module) }
        #expect(try Self.typecheck([stubPath("BundleModule.swift"), expected(golden)], ["-I", module]) == nil)
    }

    @Test("the legacy flavour compiles in an app and in a package")
    func legacy() throws {
        let files = [stubPath("BundleModule.swift"), expected("legacy/L10n.swift")]
        #expect(try Self.typecheck(files) == nil)
        #expect(try Self.typecheck(files, ["-D", "SWIFT_PACKAGE"]) == nil)
    }

    @Test("the check can fail: a symbol whose argument type does not fit its specifier is refused")
    func negativeControl() throws {
        let folder = try StringBridgeProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(
            contentsOfFile: expected("xcode/GeneratedStringSymbols_Localizable.swift"), encoding: .utf8)
        let broken = text.replacingOccurrences(
            of: "static func files(_ arg1: Int)", with: "static func files(_ arg1: String)")
        #expect(broken != text)
        let path = folder.appendingPathComponent("Broken.swift").path
        try Data(broken.utf8).write(to: URL(fileURLWithPath: path))
        let errors = try Self.typecheck([stubPath("AppleLocalization.swift"), stubPath("BundleModule.swift"), path])
        #expect(errors?.contains("error:") == true)
    }

    func stubPath(_ name: String) -> String { Self.stub(name) }
    func expected(_ relative: String) -> String { Fixtures.url("generate/expected/\(relative)").path }
}
