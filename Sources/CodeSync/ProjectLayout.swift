import CodeExtraction
import Foundation
import LocalizationCatalog
import StringBridgeSupport
import XcodeProjectSupport

/// Path helpers and the walk over a project folder.
enum ProjectWalk {
    /// The folder holding `path` (`.` for a bare name).
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of a path.
    static func name(of path: String) -> String {
        // What `path.split(separator: "/").last` gives, from the end without splitting the rest of the path.
        guard let last = path.lastIndex(where: { $0 != "/" }) else { return path }
        let end = path.index(after: last)
        let start = path[..<end].lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        return String(path[start..<end])
    }

    /// `base/relative`, normalized; an absolute `relative` stays as it is.
    static func join(_ base: String, _ relative: String) -> String { ProjectPath.join(base, relative) }

    /// `a/./b/../c` → `a/c`; leading `..` of a relative path are kept.
    static func normalized(_ path: String) -> String { ProjectPath.normalized(path) }

    /// Whether `path` is `folder` or lies below it (both normalized).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        if folder == "." { return !path.hasPrefix("/") && !path.hasPrefix("../") }
        return path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// The lowercased extension of a path's last component, without the dot.
    static func fileExtension(_ path: String) -> String {
        let name = name(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// The regular files below `folder` (normalized, sorted), never entering hidden folders, build folders
    /// (`.build`, `DerivedData`) or `.xcloc` bundles (their catalogs are export copies, never synced).
    static func files(below folder: String) -> [String] {
        let root = normalized(folder)
        var result: [String] = []
        var pending = [root]
        let manager = FileManager.default
        while let current = pending.popLast() {
            guard let names = try? manager.contentsOfDirectory(atPath: current) else { continue }
            for name in names where !name.hasPrefix(".") {
                let path = current == "." ? name : "\(current)/\(name)"
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    if name.lowercased().hasSuffix(".xcloc") || name == "DerivedData" { continue }
                    pending.append(path)
                case S_IFREG: result.append(path)
                case S_IFLNK:
                    // A link to a file counts; links to folders are not followed (no loops, no escapes).
                    var target = stat()
                    if stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFREG { result.append(path) }
                default: continue
                }
            }
        }
        return result.sorted()
    }
}

/// Which code files feed which catalog below a root folder (see docs/sync.md, "Which catalog").
package struct ProjectLayout: Sendable {
    /// A catalog and the code files whose strings it receives.
    package struct CatalogScope: Sendable {
        /// The catalog's path.
        package var path: String
        /// The table: the catalog's file name without extension.
        package var table: String
        /// The code files of every target that contains the catalog, sorted.
        package var codeFiles: [String]
        /// How the targets were found (`Xcode project X, target Y`, `package P, target T`, `folder F`).
        package var owners: [String]
        /// The build settings of each owning Xcode target; empty when a package or folder owns the catalog.
        var builds: [TargetBuild] = []
        /// What the owning targets' settings tell the code readers (platforms, macro names, commented-out code).
        var readerSettings = ReaderSettings()
        /// The Swift files of the targets the owning targets depend on: declarations only, no strings
        /// (``ProjectLayout/declarationFiles(of:)``).
        package var declarationFiles: [String] = []
    }

    /// An Xcode target's build settings, and where they are written.
    struct TargetBuild: Sendable {
        /// The `project.pbxproj` file.
        var projectFile: String
        /// The Debug configuration's settings (see ``XcodeProject/Target/settings``).
        var settings: [String: String]
        /// The target's Info.plist files.
        var infoPlists: [String]
        /// Where its settings are written (see ``XcodeProject/Target/settingLocations``).
        var settingLocations: [String: FileLocation] = [:]
    }

    /// The catalogs that are synced.
    package var catalogs: [CatalogScope]
    /// Catalogs left alone, with the reason.
    package var leftOut: [(path: String, reason: String)]
    /// The code files below the root, sorted (found once: catalogs × files calls of the extension test took
    /// seconds on large trees).
    private var codeFiles: [String]
    /// The code files of each target folder, found once however many catalogs share the folder.
    private var codeInFolder: [String: [String]]
    /// The targets found: who owns them, their files, synchronized folders and the files those leave out.
    var units: [Unit]
    /// The folders of the Xcode projects and packages found.
    private var projectFolders: [String]
    /// The folders of Tuist manifests with targets that could not be read by syntax.
    private var partialFolders: [String] = []
    /// The root folder.
    private var root: String
    /// Whether a path is code for the readers given.
    let codeExtensions: Set<String>

    /// A target found: who owns it, its files, synchronized folders, the files those leave out, and for an Xcode
    /// target its build settings.
    struct Unit {
        var owner: String
        var files: Set<String>
        var folders: [String]
        var excluded: Set<String>
        var build: TargetBuild?
        /// Its name, and the folder of the project or package that declares it (to resolve dependencies).
        var name = ""
        var container = ""
        /// What it depends on, as its manifest or project says.
        var dependencyNames: [ModuleDependency] = []
        /// The units whose declarations its code sees (resolved from `dependencyNames`).
        var dependencies: [Int] = []
        /// Whether a `Package.swift` declares it, and whether as a `.testTarget`.
        var isPackage = false
        var isTest = false
    }

    /// The targets that contain `resource`.
    private func owningUnits(of resource: String) -> [Unit] {
        units.filter { unit in
            unit.files.contains(resource)
                || (!Self.isExcluded(resource, unit.excluded)
                    && unit.folders.contains { ProjectWalk.isInside(resource, $0) })
        }
    }

    /// Whether `path` or a folder above it is in `excluded` (an exception set lists files and folders).
    private static func isExcluded(_ path: String, _ excluded: Set<String>) -> Bool {
        guard !excluded.isEmpty else { return false }
        var current = path
        while true {
            if excluded.contains(current) { return true }
            let parent = ProjectWalk.parent(of: current)
            if parent == current || parent == "." || parent == "/" { return false }
            current = parent
        }
    }

    /// The build settings of the Xcode targets that contain `resource`, and what they tell the code readers; none
    /// (the readers' defaults) when a package or folder owns it.
    func buildContext(of resource: String) -> (builds: [TargetBuild], readerSettings: ReaderSettings) {
        let owning = owningUnits(of: resource)
        guard !owning.isEmpty else { return ([], ReaderSettings()) }
        return (owning.compactMap(\.build), ReaderSettings(owning.map(\.build)))
    }

    /// The code files of one target.
    func code(of unit: Unit, isCode: (String) -> Bool) -> Set<String> {
        var code = Set<String>()
        // A property list is read as the target's Info.plist only when it is one (`INFOPLIST_FILE`); other plists a
        // target copies are resources, and packages have none.
        let infoPlists = Set(unit.build?.infoPlists ?? [])
        let isRead = { (path: String) in !Self.isPropertyList(path) || infoPlists.contains(path) }
        // Files a target lists are its own even when an exception set leaves them out of its folder (Xcode lists the
        // Info.plist of a synchronized folder there).
        code.formUnion(unit.files.filter { isCode($0) && isRead($0) })
        // A Core Data model in a build phase is its `.xcdatamodeld` folder: the versions' `contents` below it.
        for model in unit.files where ProjectWalk.fileExtension(model) == "xcdatamodeld" {
            code.formUnion(Self.files(below: model, in: codeFiles).filter(CoreDataModel.isModelContents))
        }
        for folder in unit.folders {
            let inside = codeInFolder[folder] ?? codeFiles.filter { ProjectWalk.isInside($0, folder) }
            code.formUnion(inside.lazy.filter { !Self.isExcluded($0, unit.excluded) && isRead($0) })
        }
        return code
    }

    /// The Swift files of the targets that the targets containing `resource` depend on (local packages, other
    /// targets of the repository), less the resource's own code: their declarations are known when the resource's
    /// code is read, and their strings are not the resource's (docs/sync.md, "Which catalog").
    package func declarationFiles(of resource: String) -> [String] {
        let owning = owningUnits(of: resource)
        let isSwift = { (path: String) in ProjectWalk.fileExtension(path) == "swift" }
        var own = Set<String>()
        var result = Set<String>()
        for unit in owning {
            own.formUnion(code(of: unit, isCode: isSwift))
            for dependency in unit.dependencies { result.formUnion(code(of: units[dependency], isCode: isSwift)) }
        }
        return result.subtracting(own).sorted()
    }

    /// The code a resource (a catalog, a legacy table, a storyboard) is built with.
    package enum Scope {
        /// The code files of every target that contains the resource, sorted, and how the targets were found.
        case code(files: [String], owners: [String])
        /// No target contains it, and why.
        case leftOut(reason: String)
    }

    /// The code `resource` (a path below the root, as the walk gives it) belongs to: that of every target that
    /// contains it, else with no project or package around it the nearest folder above it that holds code.
    package func scope(of resource: String) -> Scope {
        let isCode = { (path: String) in codeExtensions.contains(ProjectWalk.fileExtension(path)) }
        let owning = owningUnits(of: resource)
        if !owning.isEmpty {
            var code = Set<String>()
            for unit in owning { code.formUnion(self.code(of: unit, isCode: isCode)) }
            return .code(files: code.sorted(), owners: owning.map(\.owner))
        }
        // A Tuist project with targets not read: its catalogs that no read target contains take their folder's code.
        let partial = partialFolders.filter { ProjectWalk.isInside(resource, $0) }.max { $0.count < $1.count }
        let enclosing = projectFolders.filter { ProjectWalk.isInside(resource, $0) }.max { $0.count < $1.count }
        if let enclosing, partial != enclosing {
            return .leftOut(reason: "no target of the enclosing Xcode project or package contains it")
        }
        // No project: the nearest enclosing folder that holds code, without the projects nested in it.
        var folder = ProjectWalk.parent(of: resource)
        var code: [String] = []
        while true {
            code = codeFiles.filter { path in
                (!Self.isPropertyList(path) || Self.isInfoPlistName(path))
                    && ProjectWalk.isInside(path, folder)
                    && !projectFolders.contains {
                        $0 != partial && ProjectWalk.isInside(path, $0) && ProjectWalk.isInside($0, folder)
                    }
            }
            if !code.isEmpty || folder == ProjectWalk.normalized(root) || folder == "." || folder == "/" { break }
            folder = ProjectWalk.parent(of: folder)
        }
        return .code(files: code, owners: ["folder \(folder)"])
    }

    /// Resolves each unit's `dependencyNames` to the units that declare them.
    ///
    /// A dependency whose folder is known
    /// (this project or package, `.project(path:)`, a local package reference, `.package(path:)` of the manifest)
    /// is a target of that folder, or the targets of a library product declared there; one whose folder is not known
    /// (a product of a package named by no path) is the nearest such target or product of the tree — the one whose
    /// folder shares the longest path with the depending unit's. Test targets are never dependencies.
    private static func resolveDependencies(_ units: inout [Unit], packageLinks: [String: PackageManifest.Links]) {
        var byContainer: [String: [String: Int]] = [:]
        var candidates: [String: [(container: String, units: [Int])]] = [:]
        for (index, unit) in units.enumerated() where !unit.isTest && !unit.name.isEmpty {
            byContainer[unit.container, default: [:]][unit.name] = index
            candidates[unit.name, default: []].append((unit.container, [index]))
        }
        for (folder, links) in packageLinks {
            for (product, targets) in links.products {
                let found = targets.compactMap { byContainer[folder]?[$0] }
                if !found.isEmpty { candidates[product, default: []].append((folder, found)) }
            }
        }
        func declared(_ name: String, in folder: String) -> [Int] {
            if let target = byContainer[folder]?[name] { return [target] }
            return (packageLinks[folder]?.products[name] ?? []).compactMap { byContainer[folder]?[$0] }
        }
        for index in units.indices {
            let container = units[index].container
            var found: [Int] = []
            for dependency in units[index].dependencyNames {
                var folder = dependency.path.map { ProjectWalk.join(container, $0) }
                if folder == nil, let package = dependency.package,
                    let local = packageLinks[container]?.localPackages.first(where: { $0.name == package })
                {
                    folder = ProjectWalk.join(container, local.path)
                }
                if let folder {
                    let own = declared(dependency.name, in: folder)
                    // A name in a package's list may also be a product of another package of the tree.
                    if !own.isEmpty || dependency.path != "" || !units[index].isPackage {
                        found += own
                        continue
                    }
                }
                // A name that many targets of the tree declare is not resolved by nearness (bounded work).
                let options = candidates[dependency.name] ?? []
                guard options.count <= 64 else { continue }
                let best = options.map { commonLength(container, $0.container) }.max()
                for option in options where commonLength(container, option.container) == best { found += option.units }
            }
            var seen = Set<Int>()
            units[index].dependencies = found.filter { $0 != index && seen.insert($0).inserted }
        }
    }

    /// The number of leading path components `a` and `b` share.
    private static func commonLength(_ a: String, _ b: String) -> Int {
        zip(a.split(separator: "/"), b.split(separator: "/")).prefix { $0 == $1 }.count
    }

    /// The paths of `sorted` that lie below `folder`: a contiguous run (every path with the prefix `folder/`),
    /// found by binary search.
    static func files(below folder: String, in sorted: [String]) -> ArraySlice<String> {
        guard folder != "." else { return sorted[...].filter { !$0.hasPrefix("/") && !$0.hasPrefix("../") }[...] }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < prefix { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < sorted.count, sorted[end].hasPrefix(prefix) { end += 1 }
        return sorted[low..<end]
    }

    /// Whether `path` is a property list (`.plist`), which the Info.plist reader reads.
    static func isPropertyList(_ path: String) -> Bool { ProjectWalk.fileExtension(path) == "plist" }

    /// Whether a property list is named as an Info.plist (`Info.plist`, `App-Info.plist`): with no project, the
    /// plists read as Info.plist files.
    static func isInfoPlistName(_ path: String) -> Bool {
        let name = ProjectWalk.name(of: path).lowercased()
        return name == "info.plist" || name.hasSuffix("-info.plist")
    }

    /// Finds the catalogs below `root` and the code each belongs to; `codeExtensions` are the readers' extensions.
    package init(root: String, codeExtensions: Set<String>, diagnostics: inout Diagnostics) {
        let files = ProjectWalk.files(below: root)
        self.codeExtensions = codeExtensions
        var units: [Unit] = []
        var projectFolders: [String] = []
        var xcodeFolders = Set<String>()
        for path in files where ProjectWalk.name(of: path) == "project.pbxproj" {
            let bundle = ProjectWalk.parent(of: path)
            guard ProjectWalk.fileExtension(bundle) == "xcodeproj" else { continue }
            do {
                let source = try String(contentsOfFile: path, encoding: .utf8)
                let project = try XcodeProject(path: path, text: source)
                projectFolders.append(project.directory)
                xcodeFolders.insert(ProjectWalk.parent(of: bundle))
                for target in project.targets {
                    units.append(
                        Unit(
                            owner: "Xcode project \(bundle), target \(target.name)", files: Set(target.files),
                            folders: target.folders, excluded: Set(target.excludedFiles),
                            build: TargetBuild(
                                projectFile: path, settings: target.settings, infoPlists: target.infoPlists,
                                settingLocations: target.settingLocations),
                            name: target.name, container: project.directory,
                            dependencyNames: target.dependencies))
                }
            } catch let error as ConversionError {
                for diagnostic in error.diagnostics {
                    diagnostics.append(
                        Diagnostic(
                            .warning, diagnostic.message + "; its targets are not used",
                            at: FileLocation(path: path, line: diagnostic.line ?? 1, column: diagnostic.column ?? 1)))
                }
            } catch {
                diagnostics.append(Diagnostic(.warning, "cannot read the project file: \(error)", path: path))
            }
        }
        var packageFolders: [String] = []
        var packageLinks: [String: PackageManifest.Links] = [:]
        for path in files where ProjectWalk.name(of: path) == "Package.swift" {
            let folder = ProjectWalk.parent(of: path)
            projectFolders.append(folder)
            packageFolders.append(folder)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            packageLinks[folder] = PackageManifest.links(in: text)
            for target in PackageManifest.targets(in: text) {
                let targetFolder = ProjectWalk.join(folder, target.path ?? "Sources/\(target.name)")
                units.append(
                    Unit(
                        owner: "package \(folder), target \(target.name)", files: [], folders: [targetFolder],
                        excluded: [], build: nil, name: target.name, container: folder,
                        dependencyNames: target.dependencies, isPackage: true, isTest: target.isTest))
            }
        }
        // Tuist: a `Project.swift` beside no generated `.xcodeproj` (that one is read instead), whose targets' globs
        // say their files.
        // One budget for matching every manifest's globs against the files below it (hostile trees: many manifests,
        // nested ones, star-heavy globs).
        var budget = Glob.maximumSteps
        var isExhausted = false
        var partialFolders: [String] = []
        for path in files where ProjectWalk.name(of: path) == "Project.swift" {
            let folder = ProjectWalk.parent(of: path)
            guard !xcodeFolders.contains(folder) else { continue }
            var info = stat()
            if stat(path, &info) == 0, Int(info.st_size) > InputLimits.codeFileBytes {
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        "the manifest is larger than \(InputLimits.codeFileBytes) bytes; it is not read; its targets "
                            + "are not used", at: FileLocation(path: path, line: 1, column: 1)))
                continue
            }
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            let reading = TuistManifest.readAll(text)
            let targets = reading.targets
            if let problem = reading.problem {
                diagnostics.append(
                    Diagnostic(
                        .warning, problem + "; its targets are not used",
                        at: FileLocation(path: path, line: 1, column: 1)))
            }
            guard !targets.isEmpty else { continue }
            if reading.unreadable > 0 {
                // A target the manifest makes in a way syntax cannot follow: a catalog no read target contains takes
                // the code of its folder, as without a project.
                partialFolders.append(folder)
                diagnostics.append(
                    Diagnostic(
                        .note,
                        "\(reading.unreadable) of the project's targets cannot be read without running the manifest; "
                            + "a catalog that no other target contains takes the code of its folder",
                        at: FileLocation(path: path, line: 1, column: 1)))
            }
            projectFolders.append(folder)
            let below = Self.files(below: folder, in: files)
            for target in targets {
                let relative = { (path: String) in
                    folder == "." ? path : String(path.dropFirst(folder.count + 1))
                }
                let patterns = target.patterns.compactMap(Glob.init)
                let exclusions = target.exclusions.compactMap(Glob.init)
                var matched = Set<String>()
                if !patterns.isEmpty {
                    for file in below where budget > 0 {
                        budget -= 1
                        let name = relative(file)
                        if patterns.contains(where: { $0.matches(name, budget: &budget) }),
                            !exclusions.contains(where: { $0.matches(name, budget: &budget) })
                        {
                            matched.insert(file)
                        }
                    }
                }
                var build: TargetBuild?
                var settings = ["TARGET_NAME": target.name, "PRODUCT_NAME": target.productName ?? target.name]
                if let infoPlist = target.infoPlist {
                    let plist = ProjectWalk.join(folder, infoPlist)
                    matched.insert(plist)
                    build = TargetBuild(projectFile: path, settings: settings, infoPlists: [plist])
                } else if let generated = target.generatedInfoPlist {
                    // Tuist's generated Info.plist: its default `CFBundleName` and the keys the manifest adds, as
                    // Xcode's generated Info.plist gives them (`BuildSettings.generatedInfoPlistStrings`).
                    settings["GENERATE_INFOPLIST_FILE"] = "YES"
                    for (key, value) in generated { settings["INFOPLIST_KEY_" + key] = value }
                    build = TargetBuild(projectFile: path, settings: settings, infoPlists: [])
                }
                if budget <= 0, !isExhausted {
                    isExhausted = true
                    diagnostics.append(
                        Diagnostic(
                            .warning,
                            "matching the globs of the Tuist manifests takes more than \(Glob.maximumSteps) steps; "
                                + "from target \(quoted(target.name)) on, the files not matched by then belong to none",
                            at: FileLocation(path: path, line: 1, column: 1)))
                }
                units.append(
                    Unit(
                        owner: "Tuist project \(path), target \(target.name)", files: matched,
                        folders: target.folders.map { ProjectWalk.join(folder, $0) }, excluded: [], build: build,
                        name: target.name, container: folder, dependencyNames: target.dependencies))
            }
        }
        // A package nested in a target's folder is not the target's: its files belong to its own targets.
        let sortedPackages = packageFolders.sorted()
        for index in units.indices {
            for folder in units[index].folders {
                for package in Self.files(below: folder, in: sortedPackages) where package != units[index].container {
                    units[index].excluded.insert(package)
                }
            }
        }
        Self.resolveDependencies(&units, packageLinks: packageLinks)
        // A Core Data model's `contents` is code for the Swift reader: the classes Xcode generates from it.
        let readsModels = codeExtensions.contains("swift")
        let codeFiles = files.filter {
            codeExtensions.contains(ProjectWalk.fileExtension($0)) || (readsModels && CoreDataModel.isModelContents($0))
        }
        var codeInFolder: [String: [String]] = [:]
        for unit in units {
            for folder in unit.folders where codeInFolder[folder] == nil {
                codeInFolder[folder] = codeFiles.filter { ProjectWalk.isInside($0, folder) }
            }
        }
        self.codeFiles = codeFiles
        self.codeInFolder = codeInFolder
        self.units = units
        self.projectFolders = projectFolders
        self.partialFolders = partialFolders
        self.root = root
        self.catalogs = []
        self.leftOut = []
        var catalogs: [CatalogScope] = []
        var leftOut: [(path: String, reason: String)] = []
        for catalog in files where ProjectWalk.fileExtension(catalog) == "xcstrings" {
            let table = String(ProjectWalk.name(of: catalog).dropLast(".xcstrings".count))
            switch scope(of: catalog) {
            case .code(let files, let owners):
                let build = buildContext(of: catalog)
                catalogs.append(
                    CatalogScope(
                        path: catalog, table: table, codeFiles: files, owners: owners, builds: build.builds,
                        readerSettings: build.readerSettings, declarationFiles: declarationFiles(of: catalog)))
            case .leftOut(let reason):
                leftOut.append((path: catalog, reason: reason))
            }
        }
        self.catalogs = catalogs
        self.leftOut = leftOut
    }
}

/// The targets a `Package.swift` declares, read from its text (the manifest is not run).
enum PackageManifest {
    struct Target {
        var name: String
        var path: String?
        /// Its `dependencies:`: `"Name"` and `.target(name:)`/`.byName(name:)` (this package, `path` `""`),
        /// `.product(name:package:)` (`package` set).
        var dependencies: [ModuleDependency] = []
        /// Whether it is a `.testTarget`.
        var isTest = false
    }

    /// What the manifest says beside its targets: its local packages (`.package(path:)`) and its library products
    /// (`.library(name:targets:)`).
    struct Links {
        /// `.package(path:)` (and `.package(name:path:)`): the path and the name the package is known by (the
        /// `name:`, else the path's last component).
        var localPackages: [(name: String, path: String)] = []
        var products: [String: [String]] = [:]
    }

    /// The local packages and products of the manifest `text`.
    static func links(in text: String) -> Links {
        let scan = ManifestTokens(text)
        let tokens = scan.tokens
        var links = Links()
        var index = 0
        while index + 1 < tokens.count {
            guard tokens[index].kind == .word, tokens[index + 1].text == "(", index > 0, tokens[index - 1].text == "."
            else {
                index += 1
                continue
            }
            let arguments = scan.arguments(ofCallAt: index + 1)
            func string(_ label: String) -> String? {
                arguments.first { $0.label == label }.flatMap { scan.firstString(in: $0.range) }
            }
            switch tokens[index].text {
            case "package":
                if let path = string("path") {
                    links.localPackages.append((string("name") ?? ProjectWalk.name(of: path), path))
                }
            case "library":
                if let name = string("name"), let targets = arguments.first(where: { $0.label == "targets" }) {
                    links.products[name, default: []] += scan.strings(in: targets.range).included
                }
            default: break
            }
            index += 2
        }
        return links
    }

    /// Every `.target(…)`, `.executableTarget(…)` and `.testTarget(…)`: its first `name:` and its `path:`.
    static func targets(in text: String) -> [Target] {
        let bytes = Array(text.utf8)
        var result: [Target] = []
        var index = 0
        let openers = [".target(", ".executableTarget(", ".testTarget("].map { Array($0.utf8) }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "."),
                let opener = openers.first(where: { bytes[index...].starts(with: $0) })
            else {
                index += 1
                continue
            }
            var cursor = index + opener.count
            var depth = 1
            var inString = false
            let start = cursor
            while cursor < bytes.count, depth > 0 {
                let byte = bytes[cursor]
                if inString {
                    if byte == UInt8(ascii: "\\") {
                        cursor += 1
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                } else if byte == UInt8(ascii: "\"") {
                    inString = true
                } else if byte == UInt8(ascii: "(") {
                    depth += 1
                } else if byte == UInt8(ascii: ")") {
                    depth -= 1
                }
                cursor += 1
            }
            let body = String(decoding: bytes[start..<max(start, cursor - 1)], as: UTF8.self)
            if let name = firstString(after: "name:", in: body) {
                let scan = ManifestTokens("(" + body + ")")
                let dependencies =
                    scan.tokens.isEmpty
                    ? []
                    : scan.arguments(ofCallAt: 0).first { $0.label == "dependencies" }.map {
                        Self.dependencies(in: $0.range, of: scan)
                    } ?? []
                result.append(
                    Target(
                        name: name, path: firstString(after: "path:", in: body), dependencies: dependencies,
                        isTest: opener == openers[2]))
            }
            index = cursor
        }
        return result
    }

    /// The elements of a target's `dependencies:` list.
    private static func dependencies(in range: Range<Int>, of scan: ManifestTokens) -> [ModuleDependency] {
        var result: [ModuleDependency] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let token = scan.tokens[index]
            if token.kind == .string {
                result.append(ModuleDependency(name: token.text, path: ""))
            } else if token.kind == .word, index + 1 < range.upperBound, scan.tokens[index + 1].text == "(" {
                let arguments = scan.arguments(ofCallAt: index + 1)
                func string(_ label: String) -> String? {
                    arguments.first { $0.label == label }.flatMap { scan.firstString(in: $0.range) }
                }
                switch token.text {
                case "target", "byName":
                    if let name = string("name") { result.append(ModuleDependency(name: name, path: "")) }
                case "product":
                    if let name = string("name"), let package = string("package") {
                        result.append(ModuleDependency(name: name, package: package))
                    }
                default: break
                }
                index = max(scan.tokens[index + 1].match, index + 2)
                continue
            }
            index += 1
        }
        return result
    }

    /// The string literal after the first `label` in `text`.
    private static func firstString(after label: String, in text: String) -> String? {
        guard let range = text.range(of: label) else { return nil }
        let rest = text[range.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\t" }
        guard rest.first == "\"" else { return nil }
        let literal = rest.dropFirst().prefix { $0 != "\"" }
        return String(literal)
    }
}
