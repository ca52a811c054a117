import Foundation

/// Runs the built `stringbridge` executable, as a user would.
public struct CommandResult: Sendable {
    /// The exit status.
    public var status: Int32
    /// Standard output.
    public var output: String
    /// Standard error.
    public var error: String
}

/// Runs the built `stringbridge` executable.
public enum StringBridgeProcess {
    /// The folder SwiftPM put the built products in (the test bundle sits next to them).
    public static var productsFolder: URL {
        #if os(macOS)
            for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
                return bundle.bundleURL.deletingLastPathComponent()
            }
        #endif
        return Bundle.main.bundleURL
    }

    /// Runs `stringbridge` with `arguments` in `folder`.
    public static func run(_ arguments: [String], in folder: URL? = nil) throws -> CommandResult {
        try runExecutable(productsFolder.appendingPathComponent("stringbridge"), arguments, in: folder)
    }

    /// Runs `executable` with `arguments` in `folder` (and `environment`, or this process's), collecting its
    /// status and both outputs.
    public static func runExecutable(
        _ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        if let environment { process.environment = environment }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus,
            output: String(decoding: outputData, as: UTF8.self),
            error: String(decoding: errorData, as: UTF8.self))
    }

    /// A new empty temporary folder.
    public static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "stringbridge-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
