import Foundation
import StringBridgeSupport
import Testing

@testable import CodeSync

/// The `.xcconfig` include walk: bounded depth, each file read once.
@Suite("xcconfig includes")
struct XCConfigTests {
    @Test("A file that includes itself many times is read once: no exponential walk, no endless one")
    func includeCycle() throws {
        let folder = try ProjectFolder()
        let includes = String(repeating: "#include \"Base.xcconfig\"\n", count: 30)
        try folder.write(includes + "SDKROOT = iphoneos\n#include \"Other.xcconfig\"\n", to: "Base.xcconfig")
        try folder.write("#include \"Base.xcconfig\"\nOTHER = yes\n", to: "Other.xcconfig")
        var settings: [(String, String)] = []
        var visited = Set<String>()
        let start = Date()
        XCConfig.read(folder.path + "/Base.xcconfig", into: &settings, depth: 0, visited: &visited)
        #expect(Date().timeIntervalSince(start) < 2)
        #expect(settings.map(\.0) == ["SDKROOT", "OTHER"])
    }

    @Test("Includes are followed 8 deep")
    func includeDepth() throws {
        let folder = try ProjectFolder()
        for level in 0..<12 {
            try folder.write(
                "#include \"L\(level + 1).xcconfig\"\nLEVEL\(level) = \(level)\n", to: "L\(level).xcconfig")
        }
        var settings: [(String, String)] = []
        var visited = Set<String>()
        XCConfig.read(folder.path + "/L0.xcconfig", into: &settings, depth: 0, visited: &visited)
        #expect(settings.count == InputLimits.includeDepth)
        #expect(settings.first?.0 == "LEVEL7")
    }
}
