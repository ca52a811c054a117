import Foundation
import LocalizationCatalog
import LocalizationConverter
import Testing

/// What the file tests share.
enum FileTests {
    static func listing(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    static func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as ConversionError {
            return error.description
        } catch {
            return "\(error)"
        }
    }

    static func freshFolder(_ name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "stringbridge-\(name)-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
