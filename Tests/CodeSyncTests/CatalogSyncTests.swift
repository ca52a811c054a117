import CodeExtraction
import LocalizationCatalog
import TestSupport
import Testing

@testable import CodeSync

/// A call site in a made-up file `Code.swift` at `line`.
func site(
    _ key: String, value: String? = nil, comment: String? = nil, table: String = "Localizable", line: Int,
    origin: ExtractedString.Origin = .swift, path: String = "Code.swift"
) -> ExtractedString {
    ExtractedString(
        key: key, value: value, comment: comment, table: table,
        location: FileLocation(path: path, line: line, column: 5), origin: origin)
}

/// Each sync rule: a catalog before, the strings the code says, the catalog after (byte for byte, through the
/// project's XCStrings writer) and the changes reported.
@Suite("sync: the merge of code into a catalog")
struct CatalogSyncTests {
    /// Syncs `Fixtures/code/sync/<name>.before.xcstrings` and compares with `<name>.after.xcstrings`.
    func sync(_ name: String, _ strings: [ExtractedString]) throws -> [String] {
        let path = Fixtures.url("code/sync/\(name).before.xcstrings").path
        let planned = try SyncWorkflow(readers: []).plan(catalog: path, strings: strings)
        let bytes = try #require(planned.bytes, "the catalog should change")
        #expect(Fixtures.compareGolden(bytes, "code/sync/\(name).after.xcstrings") == nil)
        return planned.result.changes.map { "\($0.kind.rawValue) \($0.key)" }
    }

    @Test("new keys: no value, defaultValue → extracted_with_value, positional value for two arguments")
    func newKeys() throws {
        let changes = try sync(
            "new-keys",
            [
                site("Hello", line: 1),
                site("Settings tab: About", value: "About", comment: "Tab title", line: 2),
                site("The %@ loved the %@!", comment: "Bird food", line: 3),
                site("%lld items", line: 4),
                site("Same as key", value: "Same as key", line: 5),
                site("", line: 6),
                site("Existing", line: 7),
                site("%1$@ of %2$lld", line: 8),
            ])
        #expect(
            changes == [
                "added Hello", "added Settings tab: About", "added The %@ loved the %@!", "added %lld items",
                "added Same as key", "added ", "added %1$@ of %2$lld",
            ])
    }

    @Test("comments: sorted, distinct, joined; code replaces generated comments; a catalog comment survives")
    func comments() throws {
        let changes = try sync(
            "comments",
            [
                site("Auto", comment: "From code", line: 1),
                site("Kept", line: 2),
                site("Kept", comment: "", line: 3),
                site("Changed", comment: "New comment", line: 4),
                site("Joined", comment: "Zebra site", line: 5),
                site("Joined", comment: "Apple site", line: 6),
                site("Joined", comment: "Zebra site", line: 7),
                site("Joined", comment: "", line: 8),
            ])
        #expect(changes == ["updated Auto", "updated Changed", "updated Joined"])
    }

    @Test("stale: marked when a localization exists, removed otherwise, unmarked when found again")
    func stale() throws {
        let changes = try sync(
            "stale",
            [
                site("Found", line: 1),
                site("Back again", line: 2),
                site("Back with value", value: "Value", line: 3),
            ])
        #expect(
            changes == [
                "no longer stale Back again", "no longer stale Back with value", "removed Gone bare",
                "stale Gone source only", "stale Gone translated",
            ])
    }

    @Test("manual, migrated and unknown extraction states are never touched")
    func manual() throws {
        let path = Fixtures.url("code/sync/manual.before.xcstrings").path
        let planned = try SyncWorkflow(readers: []).plan(
            catalog: path,
            strings: [
                site("Manual used", comment: "Code comment", line: 1),
                site("Migrated used", value: "Other", comment: "Code comment", line: 2),
                site("Other tool", comment: "Code comment", line: 3),
            ])
        #expect(planned.result.changes.isEmpty)
        #expect(planned.bytes == nil)
    }

    @Test("Interface Builder table: values and comments from the storyboard, a developer's source text kept")
    func interfaceBuilder() throws {
        let changes = try sync(
            "interface-builder",
            [
                site(
                    "0cE-0y-BcT.title", value: "Replace All",
                    comment: #"Class = "NSMenuItem"; title = "Replace All"; ObjectID = "0cE-0y-BcT";"#,
                    table: "Main", line: 10, origin: .interfaceBuilder, path: "Base.lproj/Main.storyboard"),
                site(
                    "1dS-BH-DIv.title", value: "Pointer",
                    comment: #"Class = "NSTabViewItem"; label = "Pointer"; ObjectID = "1dS-BH-DIv"; Note = "Tab";"#,
                    table: "Main", line: 20, origin: .interfaceBuilder, path: "Base.lproj/Main.storyboard"),
                site(
                    "2xY-zz-NEW.text", value: "New label",
                    comment: #"Class = "UILabel"; text = "New label"; ObjectID = "2xY-zz-NEW";"#,
                    table: "Main", line: 30, origin: .interfaceBuilder, path: "Base.lproj/Main.storyboard"),
            ])
        #expect(
            changes == [
                "updated 0cE-0y-BcT.title", "updated 1dS-BH-DIv.title", "stale 9aa-00-old.title",
                "added 2xY-zz-NEW.text",
            ])
    }

    @Test("Info.plist table: values with comments, document type names as keys of their own")
    func infoPlist() throws {
        let changes = try sync(
            "info-plist",
            [
                site(
                    "CFBundleName", value: "Backyard Birds", comment: "Bundle name", table: "InfoPlist", line: 4,
                    origin: .infoPlist, path: "Info.plist"),
                site(
                    "CFBundleDisplayName", value: "New Name", comment: "Bundle display name", table: "InfoPlist",
                    line: 6, origin: .infoPlist, path: "Info.plist"),
                site("EAP Config", table: "InfoPlist", line: 11, origin: .infoPlist, path: "Info.plist"),
            ])
        #expect(changes == ["updated CFBundleDisplayName", "added CFBundleName", "added EAP Config"])
    }

    @Test("App Shortcut phrases: extracted_with_value, the phrase as a string set with state new")
    func appShortcuts() throws {
        let changes = try sync(
            "app-shortcuts",
            [
                site("Create a document in ${applicationName}", table: "AppShortcuts", line: 35, origin: .appShortcut),
                site("Open ${applicationName}", table: "AppShortcuts", line: 36, origin: .appShortcut),
            ])
        // The phrase already in the catalog is in sync: nothing changes for it.
        #expect(changes == ["added Create a document in ${applicationName}"])
    }

    @Test("a version 1.1 catalog (Xcode 26) gets no positional source value")
    func version11() throws {
        let changes = try sync("version-1.1", [site("%lld app%@", line: 1)])
        #expect(changes == ["added %lld app%@"])
    }

    @Test("a catalog already in sync is not rewritten")
    func inSync() throws {
        let path = Fixtures.url("code/sync/stale.after.xcstrings").path
        let planned = try SyncWorkflow(readers: []).plan(
            catalog: path,
            strings: [
                site("Found", line: 1), site("Back again", line: 2), site("Back with value", value: "Value", line: 3),
            ])
        #expect(planned.result.changes.isEmpty)
        #expect(planned.bytes == nil)
    }

    @Test("positional values: sequential specifiers numbered, %% and positional keys left alone")
    func positional() {
        #expect(CatalogSync.positionalValue(of: "The %@ loved the %@!") == "The %1$@ loved the %2$@!")
        #expect(CatalogSync.positionalValue(of: "%lld%% of %.1lf") == "%1$lld%% of %2$.1lf")
        #expect(CatalogSync.positionalValue(of: "%lld items") == nil)
        #expect(CatalogSync.positionalValue(of: "%1$@ of %2$lld") == nil)
    }

    @Test("extract: a new catalog holds what the code says")
    func extractedTable() {
        let table = CatalogSync.extractedTable(
            named: "Localizable", sourceLanguage: "de",
            strings: [site("Hallo", comment: "b", line: 1), site("Hallo", comment: "a", line: 2)])
        #expect(table.version == "1.0")
        #expect(table.sourceLanguage == "de")
        #expect(table.entries.keys == ["Hallo"])
        #expect(table.entries["Hallo"]?.comment == "a\nb")
    }
}
