import CodeExtraction
import Foundation
import LocalizationCatalog
import SwiftCodeReader
import TestSupport
import Testing

@testable import CodeSync

/// Which catalog a string goes to, beyond one target per folder (`Fixtures/code/sync/layout/`): Tuist manifests,
/// exception sets that add a file to a target, packages nested in a target's folder, the declarations of the modules
/// a target depends on, and the target's own Info.plist.
@Suite("sync: targets of Tuist manifests, exception sets, packages and dependencies")
struct LayoutRulesTests {
    static let fixture = "code/sync/layout"

    /// A copy of `Fixtures/code/sync/layout/<name>` in a temporary folder.
    func copy(_ name: String) throws -> ProjectFolder {
        let folder = try ProjectFolder()
        let source = Fixtures.url("\(Self.fixture)/\(name)")
        for file in Fixtures.files(below: "\(Self.fixture)/\(name)") {
            try folder.write(
                String(decoding: try Data(contentsOf: source.appendingPathComponent(file)), as: UTF8.self), to: file)
        }
        return folder
    }

    /// Runs `stringbridge sync .` over the copy and compares every catalog with its golden, byte for byte.
    func syncAndCompare(_ name: String, output: String) throws {
        let folder = try copy(name)
        let result = try StringBridgeProcess.run(["sync", "."], in: folder.url)
        #expect(result.status == 0)
        #expect(result.error == "")
        #expect(result.output == output)
        for catalog in Fixtures.files(below: "\(Self.fixture)/expected/\(name)") {
            let difference = Fixtures.compareGolden(
                Array(try folder.read(catalog).utf8), "\(Self.fixture)/expected/\(name)/\(catalog)")
            #expect(difference == nil, "\(catalog): \(difference ?? "")")
        }
        let check = try StringBridgeProcess.run(["sync", ".", "--check"], in: folder.url)
        #expect(check.status == 0)
    }

    @Test(
        "Xcode: an exception set of another target's folder adds the file; a nested package is not the target's; a local package's declarations are known, its strings are not the app's; INFOPLIST_FILE from an .xcconfig, no other plist"
    )
    func xcodeProject() throws {
        try syncAndCompare(
            "xcode",
            output: """
                synced App/InfoPlist.xcstrings: 2 added
                synced App/Localizable.xcstrings: 4 added
                synced Packages/Kit/Sources/Kit/Resources/Localizable.xcstrings: 1 added
                synced Widget/Localizable.xcstrings: 2 added

                """)
    }

    @Test(
        "Tuist: targets' sources and resources globs (a catalog of two targets gets both), excluding:, a dependency's declarations, infoPlist: a file or extendingDefault, helpers not read"
    )
    func tuistProject() throws {
        try syncAndCompare(
            "tuist",
            output: """
                synced App/Resources/InfoPlist.xcstrings: 1 added
                synced Core/Resources/Localizable.xcstrings: 1 added
                synced Shared/Resources/Localizable.xcstrings: 3 added
                synced Widget/Resources/InfoPlist.xcstrings: 3 added

                """)
    }

    @Test("the layout of the Xcode fixture: code files and declaration files of each catalog")
    func xcodeLayout() throws {
        let folder = try copy("xcode")
        var diagnostics = Diagnostics()
        let layout = ProjectLayout(
            root: folder.path, codeExtensions: ["swift", "plist"], diagnostics: &diagnostics)
        #expect(diagnostics.all.isEmpty)
        let prefix = folder.path + "/"
        let relative = { (paths: [String]) in paths.map { String($0.dropFirst(prefix.count)) } }
        var scopes: [String: (code: [String], declarations: [String])] = [:]
        for scope in layout.catalogs {
            scopes[String(scope.path.dropFirst(prefix.count))] = (
                relative(scope.codeFiles), relative(scope.declarationFiles)
            )
        }
        let app = ["App/AppView.swift", "App/Info.plist", "Shared/Extra.swift", "Shared/Shared.swift"]
        #expect(scopes["App/Localizable.xcstrings"]?.code == app)
        #expect(scopes["App/Localizable.xcstrings"]?.declarations == ["Packages/Kit/Sources/Kit/Headline.swift"])
        #expect(scopes["Widget/Localizable.xcstrings"]?.code == ["Shared/Extra.swift", "Widget/Widget.swift"])
        #expect(scopes["Widget/Localizable.xcstrings"]?.declarations == [])
        #expect(
            scopes["Packages/Kit/Sources/Kit/Resources/Localizable.xcstrings"]?.code == [
                "Packages/Kit/Sources/Kit/Headline.swift"
            ])
    }

    @Test("Tuist targets read by syntax: labels, string sources, exclusions, dependencies are not targets")
    func tuistManifest() {
        let targets = TuistManifest.targets(
            in: """
                import ProjectDescription
                let name = "Dynamic"
                let project = Project(name: "P", targets: [
                    .target(name: "App", product: .app, infoPlist: .file(path: "App/Info.plist"),
                            sources: ["App/**"], resources: [.glob(pattern: "Res/**", excluding: ["Res/Old/**"])],
                            dependencies: [.target(name: "Kit"), .project(target: "Net", path: "../Net"),
                                           .external(name: "Remote")]),
                    Target(name: "Kit", platform: .iOS, sources: "Kit/**",
                           infoPlist: .extendingDefault(with: ["CFBundleDisplayName": "Kit", "A": .string("B"),
                                                               "C": ["D"], "E": .boolean(true)])),
                    .target(name: "\\(name)", product: .app, sources: ["\\(name)/**"]),
                    .target(name: "Helper"),  // no label of a target: a dependency
                ])
                """)
        #expect(
            targets == [
                TuistManifest.Target(
                    name: "App", patterns: ["App/**", "Res/**"], exclusions: ["Res/Old/**"],
                    infoPlist: "App/Info.plist",
                    dependencies: [
                        ModuleDependency(name: "Kit", path: ""), ModuleDependency(name: "Net", path: "../Net"),
                    ]),
                TuistManifest.Target(
                    name: "Kit", patterns: ["Kit/**"], generatedInfoPlist: [("CFBundleDisplayName", "Kit"), ("A", "B")]),
                // The manifest's `let name` is evaluated (round three: what syntax can evaluate is read).
                TuistManifest.Target(name: "Dynamic", patterns: ["Dynamic/**"]),
            ])
    }

    @Test("Tuist manifests nested 70,000 deep give no target, at once")
    func deepManifest() {
        let text =
            "import ProjectDescription\n.target(name: \"A\", sources: [" + String(repeating: "(", count: 70_000)
            + String(repeating: ")", count: 70_000) + "])"
        #expect(TuistManifest.read(text).targets.isEmpty)
        #expect(TuistManifest.read(text).problem != nil)
        // 20,000 targets in a row are read in one pass.
        let many =
            "import ProjectDescription\n"
            + String(repeating: ".target(name: \"T\", sources: [\"S/**\"]),\n", count: 20_000)
        #expect(TuistManifest.targets(in: many).count == 20_000)
        // A Swift file named Project.swift that does not import ProjectDescription is no manifest.
        #expect(TuistManifest.targets(in: ".target(name: \"T\", sources: [\"S/**\"])").isEmpty)
    }

    @Test("a Tuist manifest too large, nested too deep or with a glob beyond bounds is a warning at it; not read")
    func hostileTuistManifests() throws {
        let folder = try ProjectFolder()
        try folder.write(
            "import ProjectDescription\n.target(name: \"A\", sources: [" + String(repeating: "(", count: 70_000) + "])",
            to: "Deep/Project.swift")
        try folder.write(
            "import ProjectDescription\nlet t = .target(name: \"B\", sources: [\""
                + String(repeating: "{a,b}", count: 7)
                + "\"])",
            to: "Wide/Project.swift")
        try folder.write(
            "import ProjectDescription\n" + String(repeating: " ", count: 4 << 20), to: "Big/Project.swift")
        try folder.write("let x = 1\n", to: "Deep/Code.swift")
        try folder.write(ProjectFolder.emptyCatalog, to: "Deep/Localizable.xcstrings")
        var diagnostics = Diagnostics()
        let layout = ProjectLayout(root: folder.path, codeExtensions: ["swift"], diagnostics: &diagnostics)
        #expect(
            diagnostics.all.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") } == [
                "Big/Project.swift:1:1: warning: the manifest is larger than 4194304 bytes; it is not read; its "
                    + "targets are not used",
                "Deep/Project.swift:1:1: warning: the manifest nests brackets deeper than 512 levels; it is not read; "
                    + "its targets are not used",
                "Wide/Project.swift:1:1: warning: the glob \"" + String(repeating: "{a,b}", count: 7)
                    + "\" of target \"B\" is longer than 1024 bytes or has more than 64 alternatives; the manifest is "
                    + "not read; its targets are not used",
            ])
        // Its folder is read as a folder with no project.
        #expect(layout.catalogs.first?.owners == ["folder \(folder.path)/Deep"])
    }

    @Test("globs: ** for any folders, * and ? in one component, braces, plain paths as folders; bounded")
    func globs() throws {
        let sources = try #require(Glob("App/**/*.{swift,m}"))
        #expect(sources.matches("App/View.swift"))
        #expect(sources.matches("App/Deep/Deeper/Legacy.m"))
        #expect(!sources.matches("App/Info.plist"))
        #expect(!sources.matches("Other/View.swift"))
        let single = try #require(Glob("Res/?ain.*"))
        #expect(single.matches("Res/Main.storyboard"))
        #expect(!single.matches("Res/Sub/Main.storyboard"))
        let folder = try #require(Glob("Shared/Resources"))
        #expect(folder.matches("Shared/Resources/Localizable.xcstrings"))
        #expect(!folder.matches("Shared/ResourcesOld/Localizable.xcstrings"))
        #expect(Glob("") == nil)
        #expect(Glob(String(repeating: "{a,b}", count: 10)) == nil)
        #expect(Glob(String(repeating: "a", count: 2000)) == nil)
        // A pattern of many stars against a long name answers at once (no backtracking blow-up).
        let stars = try #require(Glob(String(repeating: "*a", count: 200) + "b"))
        #expect(!stars.matches(String(repeating: "a", count: 1000)))
        // The steps are counted: a spent budget matches nothing more.
        var budget = 100
        #expect(!stars.matches(String(repeating: "a", count: 1000) + "b", budget: &budget))
        #expect(budget <= 0)
    }

    @Test("declaration files: their declarations make keys of the code's literals; their own strings are not read")
    func declarationFiles() {
        let kit = CodeFile(
            path: "Kit/Headline.swift",
            text: """
                import SwiftUI
                public func headline(_ key: LocalizedStringKey) -> Text { Text(key) }
                let kitTitle = Text("Kit text")
                """)
        let app = CodeFile(path: "App/View.swift", text: "let view = headline(\"Hello\")\n")
        var reader = SwiftCodeReader(platforms: nil)
        reader.parallelism = .sequential
        var diagnostics = Diagnostics()
        #expect(reader.strings(in: [app], diagnostics: &diagnostics).map(\.key) == [])
        reader.declarationFiles = [kit]
        let cache = DeclarationCache()
        reader.declarationCache = cache
        #expect(reader.strings(in: [app], diagnostics: &diagnostics).map(\.key) == ["Hello"])
        // Learnt once: a read that finds the file in the cache gives the same.
        #expect(reader.strings(in: [app], diagnostics: &diagnostics).map(\.key) == ["Hello"])
        #expect(diagnostics.all.isEmpty)
    }

    @Test("Package.swift: dependencies, test targets, local packages and library products")
    func packageManifest() {
        let text = """
            let package = Package(
                name: "Kit",
                products: [.library(name: "KitProduct", targets: ["Kit", "KitUI"])],
                dependencies: [.package(path: "../Base"), .package(url: "https://example.org/x", from: "1.0.0")],
                targets: [
                    .target(name: "Kit", dependencies: ["KitUI", .product(name: "Base", package: "Base")]),
                    .target(name: "KitUI"),
                    .testTarget(name: "KitTests", dependencies: ["Kit"]),
                ]
            )
            """
        let targets = PackageManifest.targets(in: text)
        #expect(targets.map(\.name) == ["Kit", "KitUI", "KitTests"])
        #expect(
            targets[0].dependencies == [
                ModuleDependency(name: "KitUI", path: ""), ModuleDependency(name: "Base", package: "Base"),
            ])
        #expect(targets.map(\.isTest) == [false, false, true])
        let links = PackageManifest.links(in: text)
        #expect(links.localPackages.map(\.path) == ["../Base"])
        #expect(links.localPackages.map(\.name) == ["Base"])
        #expect(links.products == ["KitProduct": ["Kit", "KitUI"]])
    }
}
