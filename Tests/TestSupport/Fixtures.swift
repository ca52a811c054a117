import Foundation
import LocalizationCatalog

/// Locates the repository's `Fixtures/` folder and compares outputs with golden files.
public enum Fixtures {
    /// The repository root, found from this file's path.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `Fixtures/<relative>`.
    public static func url(_ relative: String) -> URL {
        root.appendingPathComponent("Fixtures").appendingPathComponent(relative)
    }

    /// The bytes of `Fixtures/<relative>`.
    public static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(relative)))
    }

    /// A source file whose path is `relative` (diagnostics then print the short path).
    public static func source(_ relative: String) throws -> SourceFile {
        SourceFile(path: relative, bytes: try bytes(relative))
    }

    /// The paths of all files below `Fixtures/<folder>`, relative to it, sorted.
    public static func files(below folder: String) -> [String] {
        files(inFolderAt: url(folder).path)
    }

    /// The paths of all files (not folders) below the folder at `root`, relative to it, sorted.
    public static func files(inFolderAt root: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root + "/" + $0, isDirectory: &isDirectory)
            return !isDirectory.boolValue
        }.sorted()
    }

    /// The names of the files in `Fixtures/<folder>` with the extension `ext`, without the extension, sorted.
    public static func names(in folder: String, withExtension ext: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: url(folder).path)) ?? []
        return files.filter { $0.hasSuffix("." + ext) }.map { String($0.dropLast(ext.count + 1)) }.sorted()
    }

    /// Whether goldens should be re-recorded (`RECORD_GOLDENS=1`); a recording run fails on purpose.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    /// Compares `actual` with the golden file `Fixtures/<relative>` byte for byte.
    ///
    /// - Returns: `nil` when equal, or a description of the first difference. When recording, writes the golden
    ///   and returns a message saying so, so that the recording run fails.
    public static func compareGolden(_ actual: [UInt8], _ relative: String) -> String? {
        let goldenURL = url(relative)
        if isRecording {
            try? FileManager.default.createDirectory(
                at: goldenURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(actual).write(to: goldenURL)
            return "recorded \(relative); run again without RECORD_GOLDENS"
        }
        guard let expected = try? bytes(relative) else { return "missing golden \(relative)" }
        return firstDifference(expected: expected, actual: actual)
    }

    /// The length of the first proper prefix of `bytes` (shortest first) for which `check` fails.
    ///
    /// `nil` when it holds for all of them: the readers' "every prefix of a valid file is read or refused, never a
    /// crash" test.
    public static func firstPrefixFailing(_ bytes: [UInt8], _ check: ([UInt8]) -> Bool) -> Int? {
        (0..<bytes.count).first { !check(Array(bytes[..<$0])) }
    }

    /// A readable description of where two byte strings first differ, or `nil` when they are equal.
    public static func firstDifference(expected: [UInt8], actual: [UInt8]) -> String? {
        guard expected != actual else { return nil }
        let common = zip(expected, actual).prefix { $0 == $1 }.count
        let location = FileLocation(path: "golden", bytes: expected, offset: common)
        func excerpt(_ bytes: [UInt8]) -> String {
            let slice = bytes[min(common, bytes.count)..<min(common + 60, bytes.count)]
            return String(decoding: slice, as: UTF8.self).debugDescription
        }
        return "differs at line \(location.line), column \(location.column) "
            + "(expected \(expected.count) bytes, got \(actual.count)): expected \(excerpt(expected)), got \(excerpt(actual))"
    }
}
