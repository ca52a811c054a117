import CodeExtraction
import Foundation
import LocalizationCatalog
import LocalizationConverter
import StringBridgeSupport
import SwiftCodeReader
import XcodeProjectSupport

/// The first catalogs of a project (`sync --create`), as Xcode's File ▸ New ▸ String Catalog and the build after it
/// make them (docs/sync.md, "Start localizing").
///
/// Each target whose code (Swift, Objective-C, App Shortcuts) names a table that no catalog of the target holds gets
/// `<Table>.xcstrings` in the folder of its code — `Localizable.xcstrings`, and one per other table the code names —
/// filled as a build fills a new catalog (``CatalogSync/extractedTable(named:sourceLanguage:strings:options:)``).
/// An Xcode target's catalog is registered in its project as Xcode registers a new file (a file reference in the
/// group of its folder, a build file in the target's Resources phase); a synchronized folder (Xcode 16) takes it as
/// it is. A Swift package's target needs the package's `defaultLocalization`, which is said when it is missing.
/// Test targets get none, and neither do Tuist targets (their manifest lists their resources).
package struct CatalogCreation: Sendable {
    /// One catalog to create.
    package struct NewCatalog: Sendable {
        /// Where it is written.
        package var path: String
        /// Its table, filled from the target's code.
        package var table: StringTable
        /// Its bytes, as Xcode writes the catalog.
        package var bytes: [UInt8]
        /// The target that owns it (`Xcode project App.xcodeproj, target App`).
        package var owner: String
        /// How the project takes it: `registered in …`, or why nothing is registered.
        package var registration: String
    }

    /// An edited `project.pbxproj`.
    package struct ProjectEdit: Sendable {
        package var path: String
        package var bytes: [UInt8]
        /// The project file read for update: written only if nobody changed it since.
        var transaction: FileTransaction
    }

    /// What `sync --create` would do.
    package struct Plan: Sendable {
        package var catalogs: [NewCatalog] = []
        package var projectEdits: [ProjectEdit] = []
    }

    /// Works out the catalogs the targets below `root` lack, and the edits of their projects.
    /// - Parameters:
    ///   - root: The folder whose projects and packages are read.
    ///   - workflow: The code readers and sync options.
    ///   - forUpdate: Whether the projects are read for update (the plan is to be written).
    ///   - diagnostics: Receives what reading code and projects reported, and the notes about targets left alone.
    /// - Returns: The catalogs to create and the edited project files.
    /// - Throws: ``ConversionError`` when a project to register a catalog in cannot be read or edited safely.
    package static func plan(
        root: String, workflow: SyncWorkflow, forUpdate: Bool = true, diagnostics: inout Diagnostics
    ) throws -> Plan {
        let extensions = workflow.readers.reduce(into: Set<String>()) { $0.formUnion($1.fileExtensions) }
        var read = Diagnostics()
        let layout = ProjectLayout(root: root, codeExtensions: extensions, diagnostics: &read)
        // Tables each target has a catalog of already.
        var owned: [String: Set<String>] = [:]
        for scope in layout.catalogs {
            for owner in scope.owners { owned[owner, default: []].insert(scope.table) }
        }
        let leftOut = Set(layout.leftOut.map(\.path))
        let isCode = { (path: String) in
            ["swift", "m", "mm", "c", "cc", "cpp", "cxx", "h", "hh", "hpp"].contains(ProjectWalk.fileExtension(path))
        }
        var projects: [String: (file: ProjectFile, tree: ProjectGroupTree)] = [:]
        var plan = Plan()
        var editors: [String: ProjectFileEditor] = [:]
        var transactions: [String: FileTransaction] = [:]
        var planned = Set<String>()
        var warnedPackages = Set<String>()
        for unit in layout.units where !unit.isTest {
            let code = layout.code(of: unit, isCode: isCode).sorted()
            guard !code.isEmpty else { continue }
            if unit.owner.hasPrefix("Tuist project") {
                diagnostics.append(
                    Diagnostic(
                        .note,
                        "sync --create does not add catalogs to Tuist targets (\(unit.owner)): list a "
                            + "Localizable.xcstrings among the target's resources in the manifest, then run sync",
                        path: unit.build?.projectFile))
                continue
            }
            // The project file, and the target in it, of an Xcode target.
            var targetID: String?
            // The manifest of a package that declares no defaultLocalization, said once a catalog is created for it.
            var lacksDefaultLocalization: String?
            var sourceLanguage = "en"
            if let projectFile = unit.build?.projectFile {
                if projects[projectFile] == nil {
                    let bytes: [UInt8]
                    if forUpdate {
                        var transaction = FileTransaction()
                        transaction.lockTimeout = workflow.lockTimeout
                        bytes = Array(try transaction.readForUpdate(projectFile).bytes)
                        transactions[projectFile] = transaction
                    } else {
                        bytes = Array(try readSourceFile(projectFile).bytes)
                    }
                    let file = try ProjectFile(path: projectFile, bytes: bytes)
                    projects[projectFile] = (file, ProjectGroupTree(file: file))
                }
                guard let project = projects[projectFile] else { continue }
                let target = project.file.objects.first {
                    $0.isa == "PBXNativeTarget" && $0["name"]?.string == unit.name
                }
                // Test bundles are not localized.
                if let type = target?["productType"]?.string, type.contains("unit-test") || type.contains("ui-testing")
                {
                    continue
                }
                targetID = target?.id
                sourceLanguage = project.file.rootObject?["developmentRegion"]?.string ?? "en"
            } else if unit.isPackage {
                let manifest = ProjectWalk.join(unit.container, "Package.swift")
                let text = (try? String(contentsOfFile: manifest, encoding: .utf8)) ?? ""
                if let language = defaultLocalization(in: text) {
                    sourceLanguage = language
                } else {
                    lacksDefaultLocalization = manifest
                }
            }
            // The folder of the code: a synchronized folder or a package target's own, else the folder that holds
            // every code file the target lists.
            let folder: String
            if let synchronized = unit.folders.first(where: { folder in
                code.contains { ProjectWalk.isInside($0, folder) }
            }) {
                folder = synchronized
            } else {
                folder = commonFolder(of: code)
            }
            // The tables its code names, in the order first met, Localizable first.
            let settings = ReaderSettings([unit.build])
            var found = Diagnostics()
            var strings = workflow.extract(
                code, settings: settings, declarations: declarationFiles(of: unit, in: layout), diagnostics: &found)
            SyncWorkflow.appendSkipping(found, to: &read)
            strings = SyncWorkflow.applyingBuildSettings(unit.build.map { [$0] } ?? [], to: strings).filter {
                $0.origin == .swift || $0.origin == .objectiveC || $0.origin == .appShortcut
            }
            var named: [String] = []
            for string in strings where !named.contains(string.table) { named.append(string.table) }
            let tables = named.filter { $0 == "Localizable" } + named.filter { $0 != "Localizable" }
            for table in tables where owned[unit.owner]?.contains(table) != true {
                let path = ProjectWalk.join(folder, table + ".xcstrings")
                guard planned.insert(path).inserted else { continue }
                if fileExists(path) {
                    let reason = leftOut.contains(path) ? "; no target holds it" : ""
                    diagnostics.append(
                        Diagnostic(
                            .note, "a file is here already\(reason); sync --create leaves it alone", path: path))
                    continue
                }
                let filled = CatalogSync.extractedTable(
                    named: table, sourceLanguage: sourceLanguage, strings: strings.filter { $0.table == table },
                    options: workflow.options)
                guard let writer = FormatRegistry.standard.format(named: "xcstrings")?.writer else { continue }
                var written = Diagnostics()
                let bytes = try writer.write(filled, options: WriteOptions(), diagnostics: &written).first?.bytes ?? []
                var registration: String
                if unit.folders.contains(where: { ProjectWalk.isInside(path, $0) }) {
                    registration = "in the synchronized folder \(folder): the project takes it as it is"
                } else if unit.isPackage {
                    registration = "in the target's folder: SwiftPM takes it as a resource"
                } else if let projectFile = unit.build?.projectFile, let targetID, var project = projects[projectFile] {
                    var editor = editors[projectFile] ?? ProjectFileEditor(file: project.file)
                    let done = try editor.addCatalog(at: path, toTarget: targetID, tree: &project.tree)
                    projects[projectFile] = project
                    editors[projectFile] = editor
                    registration = "registered in \(projectFile): \(done)"
                } else {
                    registration = "not registered: no project target was found for it"
                }
                if let build = unit.build, build.settings["SWIFT_EMIT_LOC_STRINGS"] != "YES",
                    code.contains(where: { ProjectWalk.fileExtension($0) == "swift" })
                {
                    registration +=
                        "; the target does not set SWIFT_EMIT_LOC_STRINGS = YES (Use Compiler to Extract Swift "
                        + "Strings), without which Xcode's build does not fill the catalog from Swift"
                }
                plan.catalogs.append(
                    NewCatalog(path: path, table: filled, bytes: bytes, owner: unit.owner, registration: registration))
                if let manifest = lacksDefaultLocalization, warnedPackages.insert(manifest).inserted {
                    diagnostics.append(
                        Diagnostic(
                            .warning,
                            "the package declares no defaultLocalization: SwiftPM builds no String Catalog without "
                                + "it; add defaultLocalization: \"en\" to Package(…)", path: manifest))
                }
            }
        }
        for (path, editor) in editors.sorted(by: { $0.key < $1.key }) {
            let transaction = transactions.removeValue(forKey: path) ?? FileTransaction()
            plan.projectEdits.append(ProjectEdit(path: path, bytes: try editor.result(), transaction: transaction))
        }
        // The projects read for update that get no edit are released at once.
        for (_, transaction) in transactions { transaction.discard() }
        SyncWorkflow.appendSkipping(read, to: &diagnostics)
        return plan
    }

    /// Writes the new catalogs and the edited projects, all or nothing; read-only project files only when
    /// `replacingReadOnlyFiles`.
    package static func write(_ plan: Plan, replacingReadOnlyFiles: Bool = false) throws {
        var transaction = FileTransaction()
        transaction.replacesReadOnlyFiles = replacingReadOnlyFiles
        for catalog in plan.catalogs { transaction.stage(catalog.bytes, at: catalog.path) }
        for edit in plan.projectEdits {
            transaction.include(edit.transaction)
            transaction.stage(edit.bytes, at: edit.path)
        }
        try transaction.commit()
    }

    /// The folder holding every one of `paths` (files).
    static func commonFolder(of paths: [String]) -> String {
        guard var common = paths.first.map(ProjectWalk.parent) else { return "." }
        for path in paths.dropFirst() {
            while !ProjectWalk.isInside(path, common) {
                let parent = ProjectWalk.parent(of: common)
                if parent == common { return common }
                common = parent
            }
        }
        return common
    }

    /// The Swift files of the units `unit` depends on, less its own (as ``ProjectLayout/declarationFiles(of:)``).
    static func declarationFiles(of unit: ProjectLayout.Unit, in layout: ProjectLayout) -> [String] {
        let isSwift = { (path: String) in ProjectWalk.fileExtension(path) == "swift" }
        let own = layout.code(of: unit, isCode: isSwift)
        var result = Set<String>()
        for dependency in unit.dependencies {
            result.formUnion(layout.code(of: layout.units[dependency], isCode: isSwift))
        }
        return result.subtracting(own).sorted()
    }

    /// The `defaultLocalization: "xx"` of a package manifest.
    static func defaultLocalization(in manifest: String) -> String? {
        guard let range = manifest.range(of: "defaultLocalization:") else { return nil }
        let rest = manifest[range.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\t" }
        guard rest.first == "\"" else { return nil }
        let value = String(rest.dropFirst().prefix { $0 != "\"" })
        return LanguageIdentifier.isValid(value) ? value : nil
    }
}
