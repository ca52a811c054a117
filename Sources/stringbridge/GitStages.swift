import Foundation
import LocalizationCatalog

/// The three versions git keeps of a file whose merge is not resolved: its index stages 1 (the common ancestor),
/// 2 (ours) and 3 (theirs), read with `git show :N:./PATH` (`merge --list`).
enum GitStages {
    /// The versions of `path` (relative to the current folder), each named `path (base)`, `path (ours)`,
    /// `path (theirs)` in diagnostics.
    /// - Throws: ``ConversionError`` at `path` when git is missing, the folder is no repository, or the file is not
    ///   in conflict (a version is missing).
    static func read(_ path: String) throws -> (base: SourceFile, ours: SourceFile, theirs: SourceFile) {
        var versions: [SourceFile] = []
        for (stage, side) in [(1, "base"), (2, "ours"), (3, "theirs")] {
            let relative = path.hasPrefix("/") ? path : "./" + path
            let (status, output, error) = try run(["git", "show", ":\(stage):\(relative)"], at: path)
            guard status == 0 else {
                let reason = String(decoding: error, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                throw ConversionError(
                    "no \(side) version in git's index: the file's merge is not in conflict (or was resolved)"
                        + (reason.isEmpty ? "" : " (git: \(reason))"), path: path)
            }
            versions.append(SourceFile(path: "\(path) (\(side))", bytes: output))
        }
        return (versions[0], versions[1], versions[2])
    }

    /// Runs `arguments` and returns its exit status, standard output and standard error.
    private static func run(_ arguments: [String], at path: String) throws -> (Int32, [UInt8], [UInt8]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw ConversionError("cannot run git: \(error)", path: path)
        }
        // git show writes the file to standard output and at most a line to standard error: reading them in turn
        // cannot stall it.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, Array(outputData), Array(errorData))
    }
}
