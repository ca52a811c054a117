import Foundation

/// The set-up the command-line tests share: a new temporary folder holding copies of fixtures, for the built
/// `stringbridge` to run in (``StringBridgeProcess``).
public enum CommandTestCase {
    /// A new temporary folder with each fixture (a path below `Fixtures/`) copied in under the name it maps to.
    public static func folder(copying fixtures: KeyValuePairs<String, String>) throws -> URL {
        let folder = try StringBridgeProcess.temporaryFolder()
        for (fixture, name) in fixtures {
            try FileManager.default.copyItem(at: Fixtures.url(fixture), to: folder.appendingPathComponent(name))
        }
        return folder
    }
}
