import CodeExtraction
import Foundation
import LocalizationCatalog
import SwiftCodeReader
import TestSupport
import Testing

@testable import CodeSync

/// Which code belongs to which catalog, round three: library targets linked only in a Frameworks phase, and Tuist
/// targets made by the manifest's functions.
@Suite("sync: implicit dependencies and Tuist targets made by functions")
struct RoundThreeLayoutTests {
    /// An app target linking the framework target Core in its Frameworks phase only (no target dependency).
    static let linkedFramework = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjectVersion = 77;
        \tobjects = {
        \t\tB1 /* Core.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = P2 /* Core.framework */; };
        \t\tP1 /* App.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
        \t\tP2 /* Core.framework */ = {isa = PBXFileReference; explicitFileType = wrapper.framework; path = Core.framework; sourceTree = BUILT_PRODUCTS_DIR; };
        \t\tG0 = {isa = PBXGroup; children = (S1, S2, ); sourceTree = "<group>"; };
        \t\tS1 /* App */ = {isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
        \t\tS2 /* Core */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Core; sourceTree = "<group>"; };
        \t\tF1 /* Frameworks */ = {isa = PBXFrameworksBuildPhase; files = (B1 /* Core.framework in Frameworks */, ); };
        \t\tT1 /* App */ = {isa = PBXNativeTarget; buildPhases = (F1, ); fileSystemSynchronizedGroups = (S1 /* App */, ); name = App; productReference = P1 /* App.app */; };
        \t\tT2 /* Core */ = {isa = PBXNativeTarget; buildPhases = ( ); fileSystemSynchronizedGroups = (S2 /* Core */, ); name = Core; productReference = P2 /* Core.framework */; };
        \t\tR0 /* Project object */ = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = (T1, T2, ); };
        \t};
        \trootObject = R0 /* Project object */;
        }

        """

    @Test("a library target linked only in the Frameworks phase is a dependency: its declarations make keys")
    func implicitDependency() throws {
        let folder = try ProjectFolder()
        try folder.write(Self.linkedFramework, to: "App.xcodeproj/project.pbxproj")
        try folder.write(
            "public struct Card: View { public init(title: LocalizedStringKey) {} }\n", to: "Core/Card.swift")
        try folder.write(
            "struct Home: View { var body: some View { Card(title: \"Welcome\") } }\n", to: "App/Home.swift")
        try folder.write(ProjectFolder.emptyCatalog, to: "App/Localizable.xcstrings")
        var diagnostics = Diagnostics()
        let layout = ProjectLayout(root: folder.path, codeExtensions: ["swift"], diagnostics: &diagnostics)
        #expect(diagnostics.all.isEmpty)
        let prefix = folder.path + "/"
        let scope = layout.catalogs.first { $0.path.hasSuffix("App/Localizable.xcstrings") }
        #expect(scope?.declarationFiles.map { String($0.dropFirst(prefix.count)) } == ["Core/Card.swift"])
        let result = try StringBridgeProcess.run(["sync", "."], in: folder.url)
        #expect(result.output == "synced App/Localizable.xcstrings: 1 added\n")
        #expect(try folder.read("App/Localizable.xcstrings").contains("\"Welcome\""))
    }

    static let functionManifest = """
        import ProjectDescription

        let appSources = "App"
        let shared = ["Shared/**"]

        func appTarget(selfCompiled: Bool) -> Target {
            .target(
                name: selfCompiled ? "Self-Compiled" : "App",
                destinations: .macOS,
                product: .app,
                bundleId: "org.example.app" + (selfCompiled ? ".self" : ""),
                sources: ["\\(appSources)/**/*.swift"] + shared,
                resources: ["App/**/*.xcstrings"],
                dependencies: selfCompiled ? [] : [.target(name: "Kit")]
            )
        }

        func framework(_ name: String, legacy: Bool = false) -> Target {
            let folder = "Frameworks/\\(name)"
            if legacy {
                return .target(name: name, product: .framework, sources: ["\\(folder)/Old/**"])
            } else {
                return .target(name: name, product: .framework, sources: ["\\(folder)/**"])
            }
        }

        let project = Project(
            name: "Tool",
            targets: [appTarget(selfCompiled: false), framework("Kit"), makeWidget(), .target(name: undefined, product: .app)]
        )
        """

    @Test("Tuist targets made by the manifest's functions and lets: ?:, if, interpolation, arrays and + evaluated")
    func tuistFunctions() {
        let reading = TuistManifest.readAll(Self.functionManifest)
        #expect(reading.problem == nil)
        #expect(reading.unreadable == 2)
        #expect(
            reading.targets == [
                TuistManifest.Target(
                    name: "App", patterns: ["App/**/*.swift", "Shared/**", "App/**/*.xcstrings"],
                    dependencies: [ModuleDependency(name: "Kit", path: "")]),
                TuistManifest.Target(name: "Kit", patterns: ["Frameworks/Kit/**"]),
            ])
    }

    @Test("hostile manifests: recursion, doubling and cycles end within the bounds and give no target")
    func tuistBounds() {
        let recursive = """
            import ProjectDescription
            func t(_ n: String) -> Target { t(n + n) }
            func wide() -> [Target] { [wide(), wide(), wide()] }
            let a = b
            let b = a
            let project = Project(name: "P", targets: [t("x"), a] + wide())
            """
        let reading = TuistManifest.readAll(recursive)
        #expect(reading.targets == [])
        #expect(reading.problem == nil)
    }

    @Test("a catalog of a Tuist target that cannot be read takes its folder's code, with a note at the manifest")
    func tuistFallback() throws {
        let folder = try ProjectFolder()
        try folder.write(Self.functionManifest, to: "Project.swift")
        try folder.write("struct A: View { var body: some View { Text(\"In the app\") } }\n", to: "App/A.swift")
        try folder.write(ProjectFolder.emptyCatalog, to: "App/Localizable.xcstrings")
        try folder.write("struct W: View { var body: some View { Text(\"In the widget\") } }\n", to: "Widget/W.swift")
        try folder.write(ProjectFolder.emptyCatalog, to: "Widget/Localizable.xcstrings")
        let result = try StringBridgeProcess.run(["sync", "."], in: folder.url)
        #expect(result.status == 0)
        #expect(
            result.error
                == "Project.swift:1:1: note: 2 of the project's targets cannot be read without running the manifest; "
                + "a catalog that no other target contains takes the code of its folder\n")
        #expect(
            result.output == """
                synced App/Localizable.xcstrings: 1 added
                synced Widget/Localizable.xcstrings: 1 added

                """)
        #expect(try folder.read("Widget/Localizable.xcstrings").contains("\"In the widget\""))
    }

    static let model = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" systemVersion="22G" minimumToolsVersion="Automatic" sourceLanguage="Swift" userDefinedModelVersionIdentifier="">
            <entity name="Item" representedClassName="Item" syncable="YES" codeGenerationType="class">
                <attribute name="count" attributeType="Integer 16" defaultValueString="0" usesScalarValueType="YES"/>
                <attribute name="total" optional="YES" attributeType="Integer 64" usesScalarValueType="NO"/>
                <attribute name="title" optional="YES" attributeType="String"/>
                <relationship name="box" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Box"/>
            </entity>
            <entity name="Box" representedClassName="Box" syncable="YES">
                <attribute name="size" attributeType="Integer 32" usesScalarValueType="YES"/>
            </entity>
        </model>
        """

    @Test("Core Data: the classes Xcode generates from a model (codeGenerationType class) type interpolations")
    func coreDataModel() throws {
        let declarations = CoreDataModel.swiftDeclarations(
            of: Array(Self.model.utf8), path: "App/Model.xcdatamodeld/Model.xcdatamodel/contents")
        #expect(
            declarations == """
                // Generated by Xcode from App/Model.xcdatamodeld/Model.xcdatamodel/contents (codeGenerationType class \
                or category).
                extension Item {
                    @NSManaged var count: Int16
                    @NSManaged var total: NSNumber?
                    @NSManaged var title: String?
                    @NSManaged var box: Box?
                }

                """)
        let folder = try ProjectFolder()
        try folder.write(Self.model, to: "App/Model.xcdatamodeld/Model.xcdatamodel/contents")
        try folder.write(
            """
            struct Row: View {
                let item: Item
                var body: some View { Text("Count \\(item.count) of \\(item.total) in \\(item.title ?? "")") }
            }

            """, to: "App/Row.swift")
        try folder.write(ProjectFolder.emptyCatalog, to: "App/Localizable.xcstrings")
        let result = try StringBridgeProcess.run(["sync", "."], in: folder.url)
        #expect(result.error == "")
        #expect(result.output == "synced App/Localizable.xcstrings: 1 added\n")
        #expect(try folder.read("App/Localizable.xcstrings").contains("\"Count %d of %@ in %@\""))
    }
}
