import CodeExtraction
import Foundation
import LocalizationCatalog
import SwiftCodeReader
import TestSupport
import Testing

@testable import CodeSync

/// A temporary project folder.
struct ProjectFolder {
    let url: URL

    init() throws {
        url = try StringBridgeProcess.temporaryFolder()
    }

    var path: String { url.path }

    func write(_ text: String, to relative: String) throws {
        let target = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target)
    }

    func read(_ relative: String) throws -> String {
        String(decoding: try Data(contentsOf: url.appendingPathComponent(relative)), as: UTF8.self)
    }

    static let emptyCatalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {

          },
          "version" : "1.0"
        }

        """
}

/// A project file with a group-based target (files in its Sources and Resources phases, a storyboard's variant
/// group, an Info.plist) and a target of a synchronized folder (Xcode 16).
let projectFile = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tclasses = {
    \t};
    \tobjectVersion = 77;
    \tobjects = {
    \t\tA1 /* App.swift in Sources */ = {isa = PBXBuildFile; fileRef = F1 /* App.swift */; };
    \t\tA2 /* Localizable.xcstrings in Resources */ = {isa = PBXBuildFile; fileRef = F2 /* Localizable.xcstrings */; };
    \t\tA3 /* Main.storyboard in Resources */ = {isa = PBXBuildFile; fileRef = V1 /* Main.storyboard */; };
    \t\tA4 /* Shared.swift in Sources */ = {isa = PBXBuildFile; fileRef = F5 /* Shared.swift */; };
    \t\tF1 /* App.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = App.swift; sourceTree = "<group>"; };
    \t\tF2 /* Localizable.xcstrings */ = {isa = PBXFileReference; path = Localizable.xcstrings; sourceTree = "<group>"; };
    \t\tF3 /* Base */ = {isa = PBXFileReference; name = Base; path = Base.lproj/Main.storyboard; sourceTree = "<group>"; };
    \t\tF4 /* mul */ = {isa = PBXFileReference; name = mul; path = mul.lproj/Main.xcstrings; sourceTree = "<group>"; };
    \t\tF5 /* Shared.swift */ = {isa = PBXFileReference; path = "Shared Code/Shared.swift"; sourceTree = SOURCE_ROOT; };
    \t\tV1 /* Main.storyboard */ = {isa = PBXVariantGroup; children = (F3, F4); name = Main.storyboard; sourceTree = "<group>"; };
    \t\tG0 = {isa = PBXGroup; children = (G1, S1); sourceTree = "<group>"; };
    \t\tG1 /* App */ = {isa = PBXGroup; children = (F1, F2, V1); path = App; sourceTree = "<group>"; };
    \t\tS1 /* Widgets */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E1, E2, ); path = Widgets; sourceTree = "<group>"; };
    \t\tE1 /* Exceptions for "Widgets" folder in "Widgets" target */ = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Deep/Excluded.swift, ); target = T2 /* Widgets */; };
    \t\tE2 /* Exceptions for "Widgets" folder in "App" target */ = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Widget.swift, ); target = T1 /* App */; };
    \t\tP1 = {isa = PBXSourcesBuildPhase; files = (A1 /* App.swift in Sources */, A4, ); };
    \t\tP2 = {isa = PBXResourcesBuildPhase; files = (A2, A3, ); };
    \t\tC1 = {isa = XCConfigurationList; buildConfigurations = (C2, ); };
    \t\tC2 /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = "$(SRCROOT)/App/Info.plist"; }; name = Debug; };
    \t\tT1 /* App */ = {isa = PBXNativeTarget; buildConfigurationList = C1; buildPhases = (P1, P2, ); name = App; };
    \t\tT2 /* Widgets */ = {isa = PBXNativeTarget; buildPhases = ( ); fileSystemSynchronizedGroups = (S1 /* Widgets */, ); name = Widgets; };
    \t\tR0 /* Project object */ = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = (T1, T2, ); };
    \t};
    \trootObject = R0 /* Project object */;
    }

    """

@Suite("sync: which catalog a string belongs to")
struct ProjectLayoutTests {
    func layout(_ folder: ProjectFolder) -> ProjectLayout {
        var diagnostics = Diagnostics()
        let layout = ProjectLayout(
            root: folder.path, codeExtensions: ["swift", "storyboard", "plist"], diagnostics: &diagnostics)
        #expect(diagnostics.all.isEmpty)
        return layout
    }

    /// The catalogs relative to the folder, each with its code files relative to the folder.
    func scopes(_ layout: ProjectLayout, _ folder: ProjectFolder) -> [String: [String]] {
        let prefix = folder.path + "/"
        var result: [String: [String]] = [:]
        for scope in layout.catalogs {
            result[String(scope.path.dropFirst(prefix.count))] = scope.codeFiles.map {
                String($0.dropFirst(prefix.count))
            }
        }
        return result
    }

    @Test("Xcode project: build phases, variant groups, SOURCE_ROOT, Info.plist, synchronized folders")
    func xcodeProject() throws {
        let folder = try ProjectFolder()
        try folder.write(projectFile, to: "App.xcodeproj/project.pbxproj")
        for file in [
            "App/App.swift", "App/NotInTarget.swift", "App/Info.plist", "App/Base.lproj/Main.storyboard",
            "Shared Code/Shared.swift", "Widgets/Widget.swift", "Widgets/Deep/Intent.swift",
            "Widgets/Deep/Excluded.swift",
        ] {
            try folder.write("", to: file)
        }
        for catalog in [
            "App/Localizable.xcstrings", "App/mul.lproj/Main.xcstrings", "Widgets/Localizable.xcstrings",
            "App/Stray.xcstrings", "Exports/de.xcloc/Source Contents/App/Localizable.xcstrings",
        ] {
            try folder.write(ProjectFolder.emptyCatalog, to: catalog)
        }
        let layout = layout(folder)
        // E2 lists Widget.swift of the Widgets folder for App, which does not have the folder: App builds it too.
        let appCode = [
            "App/App.swift", "App/Base.lproj/Main.storyboard", "App/Info.plist", "Shared Code/Shared.swift",
            "Widgets/Widget.swift",
        ]
        #expect(
            scopes(layout, folder) == [
                "App/Localizable.xcstrings": appCode, "App/mul.lproj/Main.xcstrings": appCode,
                "Widgets/Localizable.xcstrings": ["Widgets/Deep/Intent.swift", "Widgets/Widget.swift"],
            ])
        #expect(layout.leftOut.map { String($0.path.dropFirst(folder.path.count + 1)) } == ["App/Stray.xcstrings"])
    }

    @Test("Swift packages: Sources/<Target> or the target's path; a package's catalog outside targets is left out")
    func swiftPackage() throws {
        let folder = try ProjectFolder()
        try folder.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Kit",
                targets: [
                    .target(name: "Connect", dependencies: [.product(name: "X", package: "x")]),
                    .target(name: "Data", path: "Model"),
                    .testTarget(name: "ConnectTests", dependencies: [.target(name: "Connect")]),
                ]
            )
            """, to: "Kit/Package.swift")
        for file in ["Kit/Sources/Connect/View.swift", "Kit/Sources/Main/Main.swift", "Kit/Model/Bird.swift"] {
            try folder.write("", to: file)
        }
        for catalog in [
            "Kit/Sources/Connect/Resources/Localizable.xcstrings", "Kit/Model/Birds.xcstrings",
            "Kit/Sources/Main/Localizable.xcstrings",
        ] {
            try folder.write(ProjectFolder.emptyCatalog, to: catalog)
        }
        let layout = layout(folder)
        #expect(
            scopes(layout, folder) == [
                "Kit/Sources/Connect/Resources/Localizable.xcstrings": ["Kit/Sources/Connect/View.swift"],
                "Kit/Model/Birds.xcstrings": ["Kit/Model/Bird.swift"],
            ])
        #expect(layout.leftOut.count == 1)
    }

    @Test("no project: the nearest folder above the catalog that holds code, without nested packages")
    func folderFallback() throws {
        let folder = try ProjectFolder()
        for file in [
            "App/Views/Home.swift", "App/Model.swift", "Other/Other.swift", "App/Kit/Package.swift",
            "App/Kit/Sources/Kit/Kit.swift",
        ] {
            try folder.write("", to: file)
        }
        try folder.write(ProjectFolder.emptyCatalog, to: "App/Resources/Localizable.xcstrings")
        #expect(
            scopes(layout(folder), folder) == [
                "App/Resources/Localizable.xcstrings": ["App/Model.swift", "App/Views/Home.swift"]
            ])
    }

    @Test("a malformed project file is a warning at its place")
    func malformedProject() throws {
        let folder = try ProjectFolder()
        try folder.write("// !$*UTF8*$!\n{\n\tobjects = {\n", to: "App.xcodeproj/project.pbxproj")
        var diagnostics = Diagnostics()
        _ = ProjectLayout(root: folder.path, codeExtensions: ["swift"], diagnostics: &diagnostics)
        #expect(
            diagnostics.all.map(\.description) == [
                "\(folder.path)/App.xcodeproj/project.pbxproj:4:1: warning: unexpected end of project file; its targets are not used"
            ])
    }
}

@Suite("sync: end to end with the real Swift reader")
struct EndToEndTests {
    @Test("a Swift package's catalog receives its target's strings")
    func swiftPackage() throws {
        let folder = try ProjectFolder()
        try folder.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [.target(name: "Kit")])
            """, to: "Package.swift")
        try folder.write(
            """
            import SwiftUI

            struct Greeting: View {
                var body: some View {
                    Text("Hello", comment: "Greeting")
                    Text("The \\(bird) loved the \\(food)!", comment: "Bird food")
                    Text("Hello", comment: "Second site")
                    Text(verbatim: "Not extracted")
                }
                let about = String(localized: "Settings tab: About", defaultValue: "About")
                let table = String(localized: "Foxglove", table: "Plants", comment: "Plant name")
            }
            """, to: "Sources/Kit/Greeting.swift")
        try folder.write(ProjectFolder.emptyCatalog, to: "Sources/Kit/Resources/Localizable.xcstrings")
        var diagnostics = Diagnostics()
        let workflow = SyncWorkflow()
        let plan = try workflow.plan(root: folder.path, diagnostics: &diagnostics)
        try workflow.write(plan)
        #expect(diagnostics.all.isEmpty)
        // What an Xcode 15/16 build writes (bird and food are Strings: %@).
        #expect(
            try folder.read("Sources/Kit/Resources/Localizable.xcstrings") == """
                {
                  "sourceLanguage" : "en",
                  "strings" : {
                    "Hello" : {
                      "comment" : "Greeting\\nSecond site"
                    },
                    "Settings tab: About" : {
                      "extractionState" : "extracted_with_value",
                      "localizations" : {
                        "en" : {
                          "stringUnit" : {
                            "state" : "new",
                            "value" : "About"
                          }
                        }
                      }
                    },
                    "The %@ loved the %@!" : {
                      "comment" : "Bird food",
                      "localizations" : {
                        "en" : {
                          "stringUnit" : {
                            "state" : "new",
                            "value" : "The %1$@ loved the %2$@!"
                          }
                        }
                      }
                    }
                  },
                  "version" : "1.0"
                }

                """)
    }
}

/// A test reader: each line `key|comment|table` of a `.fake` file is a string at that line.
struct LineReader: CodeReader {
    var fileExtensions: Set<String> { ["fake"] }

    func strings(in files: [CodeFile], diagnostics: inout Diagnostics) -> [ExtractedString] {
        files.flatMap { file in
            file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
                number, line -> ExtractedString? in
                let parts = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
                guard parts.count == 3 else { return nil }
                return ExtractedString(
                    key: parts[0], comment: parts[1].isEmpty ? nil : parts[1], table: parts[2],
                    location: FileLocation(path: file.path, line: number + 1, column: 1), origin: .swift)
            }
        }
    }
}

@Suite("sync: a project through the workflow, with a test reader")
struct WorkflowTests {
    @Test("each catalog gets its target's strings of its table; --check messages at the code and the catalog")
    func project() throws {
        let folder = try ProjectFolder()
        try folder.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Kit", targets: [.target(name: "A"), .target(name: "B")])
            """, to: "Package.swift")
        try folder.write("Hello|Greeting|Localizable\nFoxglove|Plant|Plants\n", to: "Sources/A/a.fake")
        try folder.write("Only in B||Localizable\n", to: "Sources/B/b.fake")
        try folder.write(ProjectFolder.emptyCatalog, to: "Sources/A/Localizable.xcstrings")
        try folder.write(
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Gone" : {

                },
                "Foxglove" : {
                  "comment" : "Plant"
                }
              },
              "version" : "1.0"
            }

            """, to: "Sources/A/Plants.xcstrings")
        try folder.write(ProjectFolder.emptyCatalog, to: "Sources/B/Localizable.xcstrings")
        var diagnostics = Diagnostics()
        let workflow = SyncWorkflow(readers: [LineReader()])
        let plan = try workflow.plan(root: folder.path, diagnostics: &diagnostics)
        #expect(diagnostics.all.isEmpty)
        let base = folder.path + "/"
        let messages = plan.changed.flatMap(SyncWorkflow.checkDiagnostics).map {
            $0.description.replacingOccurrences(of: base, with: "")
        }
        #expect(
            messages
                == [
                    #"Sources/A/a.fake:1:1: error: "Hello" is not in \#(base)Sources/A/Localizable.xcstrings"#,
                    #"Sources/A/Plants.xcstrings:4:5: error: "Gone" is no longer in the code (sync removes it)"#,
                    #"Sources/B/b.fake:1:1: error: "Only in B" is not in \#(base)Sources/B/Localizable.xcstrings"#,
                ].map { $0.replacingOccurrences(of: base, with: "") })
        try workflow.write(plan)
        #expect(try folder.read("Sources/A/Localizable.xcstrings").contains(#""Hello" : {"#))
        #expect(!(try folder.read("Sources/A/Localizable.xcstrings").contains("Only in B")))
        #expect(try workflow.plan(root: folder.path, diagnostics: &diagnostics).changed.isEmpty)
    }
}
