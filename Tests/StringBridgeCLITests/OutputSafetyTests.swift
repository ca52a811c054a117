import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// How the commands write and read files, run as processes in temporary folders: symbolic links, permissions,
/// special files, standard output, read-only files, concurrent imports, interruption, and what a failure leaves.
@Suite("Writing and reading files safely")
struct OutputSafetyTests {
    let folder: URL

    init() throws {
        folder = try StringBridgeProcess.temporaryFolder()
    }

    private func path(_ relative: String) -> String { folder.appendingPathComponent(relative).path }

    private func write(_ text: String, to relative: String, mode: Int? = nil) throws {
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        if let mode { try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path) }
    }

    private func copyFixture(_ relative: String, as name: String) throws {
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.url(relative), to: folder.appendingPathComponent(name))
    }

    private func bytes(_ relative: String) -> [UInt8]? {
        (try? Data(contentsOf: folder.appendingPathComponent(relative))).map { [UInt8]($0) }
    }

    private func mode(_ relative: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path(relative)))?[.posixPermissions] as? Int
    }

    private func kind(_ relative: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path(relative)))?[.type] as? FileAttributeType
    }

    /// Every file and folder below the test folder, hidden ones included.
    private func listing(_ relative: String = ".") -> [String] {
        Fixtures.files(inFolderAt: path(relative)) + folders(relative)
    }

    private func folders(_ relative: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: path(relative)) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path(relative) + "/" + $0, isDirectory: &isDirectory)
            return isDirectory.boolValue
        }.map { $0 + "/" }.sorted()
    }

    private var temporaryLeftovers: [String] {
        listing().filter { $0.contains(".stringbridge-") }
    }

    // MARK: - Symbolic links, permissions, special files

    @Test("A symbolic link to a catalog is written through: the link stays, the shared file gets the output")
    func writesThroughSymbolicLinks() throws {
        try copyFixture("xcstrings/write/foreign-layout.input.json", as: "in.xcstrings")
        try write("old", to: "shared/Localizable.xcstrings", mode: 0o600)
        try FileManager.default.createDirectory(atPath: path("app"), withIntermediateDirectories: true)
        // A relative link to a relative link.
        try FileManager.default.createSymbolicLink(
            atPath: path("app/Localizable.xcstrings"), withDestinationPath: "../link.xcstrings")
        try FileManager.default.createSymbolicLink(
            atPath: path("link.xcstrings"), withDestinationPath: "shared/Localizable.xcstrings")
        let result = try StringBridgeProcess.run(
            ["convert", "in.xcstrings", "-o", "app/Localizable.xcstrings"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(kind("app/Localizable.xcstrings") == .typeSymbolicLink)
        #expect(kind("link.xcstrings") == .typeSymbolicLink)
        #expect(
            bytes("shared/Localizable.xcstrings")
                == (try Fixtures.bytes("xcstrings/write/foreign-layout.xcstrings")))
        #expect(mode("shared/Localizable.xcstrings") == 0o600)
        #expect(temporaryLeftovers.isEmpty)
    }

    @Test("A replaced file keeps its permissions", arguments: [0o600, 0o664, 0o640])
    func keepsPermissions(_ permissions: Int) throws {
        try copyFixture("xcstrings/read/features.xcstrings", as: "in.xcstrings")
        try write("old", to: "out.xcstrings", mode: permissions)
        let result = try StringBridgeProcess.run(["convert", "in.xcstrings", "-o", "out.xcstrings"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(bytes("out.xcstrings") == (try Fixtures.bytes("xcstrings/read/features.xcstrings")))
        #expect(mode("out.xcstrings") == permissions)
    }

    @Test("A link to a special file, or a FIFO, is refused and left as it was")
    func refusesSpecialFiles() throws {
        try copyFixture("xcstrings/read/features.xcstrings", as: "in.xcstrings")
        try FileManager.default.createSymbolicLink(atPath: path("null.xcstrings"), withDestinationPath: "/dev/null")
        let device = try StringBridgeProcess.run(["convert", "in.xcstrings", "-o", "null.xcstrings"], in: folder)
        #expect(device.status == 1)
        #expect(
            device.error
                == "null.xcstrings:1:1: error: is a character device, not a regular file; outputs are written only to "
                + "regular files (-o - writes to standard output)\n")
        #expect(kind("null.xcstrings") == .typeSymbolicLink)

        #expect(mkfifo(path("fifo.xcstrings"), 0o644) == 0)
        let fifo = try StringBridgeProcess.run(["convert", "in.xcstrings", "-o", "fifo.xcstrings"], in: folder)
        #expect(fifo.status == 1)
        #expect(fifo.error.hasPrefix("fifo.xcstrings:1:1: error: is a FIFO, not a regular file"))
        var info = stat()
        #expect(lstat(path("fifo.xcstrings"), &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(temporaryLeftovers.isEmpty)
    }

    @Test("-o - writes to standard output, and /dev/stdout on a pipe is refused rather than replaced")
    func standardOutput() throws {
        try copyFixture("xcstrings/write/foreign-layout.input.json", as: "in.xcstrings")
        let result = try StringBridgeProcess.run(
            ["convert", "in.xcstrings", "-o", "-", "--to", "xcstrings"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(Array(result.output.utf8) == (try Fixtures.bytes("xcstrings/write/foreign-layout.xcstrings")))
        #expect(listing() == ["in.xcstrings"])
        let legacy = try StringBridgeProcess.run(
            ["convert", "in.xcstrings", "-o", "-", "--to", "strings", "--language", "en"], in: folder)
        #expect(legacy.status == 0, "\(legacy.error)")
        #expect(legacy.output.hasPrefix("\"") && legacy.output.contains("\" = \""), "\(legacy.output)")
        let unnamed = try StringBridgeProcess.run(["convert", "in.xcstrings", "-o", "-"], in: folder)
        #expect(unnamed.status == 64)
        #expect(unnamed.error.contains("Name the format written to standard output with --to"))
        // The test's standard output is a pipe.
        let device = try StringBridgeProcess.run(
            ["convert", "in.xcstrings", "-o", "/dev/stdout", "--to", "xcstrings"], in: folder)
        #expect(device.status == 1)
        #expect(device.error.hasPrefix("/dev/stdout:1:1: error: is a FIFO, not a regular file"))
        let compile = try StringBridgeProcess.run(["compile", "in.xcstrings", "-o", "-"], in: folder)
        #expect(compile.status == 64)
        #expect(compile.error.contains("compile writes a folder; -o - (standard output) takes one file."))
    }

    // MARK: - Read-only files

    @Test("A read-only output is refused, and replaced (still read-only) with --force")
    func readOnlyFiles() throws {
        try copyFixture("xcstrings/read/features.xcstrings", as: "in.xcstrings")
        try write("old", to: "out.xcstrings", mode: 0o444)
        let refused = try StringBridgeProcess.run(["convert", "in.xcstrings", "-o", "out.xcstrings"], in: folder)
        #expect(refused.status == 1)
        #expect(
            refused.error
                == "out.xcstrings:1:1: error: the file is read-only; it is not replaced (--force replaces it)\n")
        #expect(bytes("out.xcstrings") == Array("old".utf8))
        let forced = try StringBridgeProcess.run(
            ["convert", "in.xcstrings", "-o", "out.xcstrings", "--force"], in: folder)
        #expect(forced.status == 0, "\(forced.error)")
        #expect(bytes("out.xcstrings") == (try Fixtures.bytes("xcstrings/read/features.xcstrings")))
        #expect(mode("out.xcstrings") == 0o444)
    }

    @Test("compile, export, import and migrate refuse a read-only file too, and take --force")
    func readOnlyEverywhere() throws {
        try copyFixture("xcstrings/read/features.xcstrings", as: "features.xcstrings")
        try write("old", to: "out/fr.lproj/features.strings", mode: 0o444)
        let compile = try StringBridgeProcess.run(["compile", "features.xcstrings", "-o", "out"], in: folder)
        #expect(compile.status == 1)
        #expect(
            compile.error.hasSuffix(
                "out/fr.lproj/features.strings:1:1: error: the file is read-only; it is not replaced (--force replaces it)\n"
            ))
        #expect(folders("out") == ["fr.lproj/"])
        let forcedCompile = try StringBridgeProcess.run(
            ["compile", "features.xcstrings", "-o", "out", "--force"], in: folder)
        #expect(forcedCompile.status == 0, "\(forcedCompile.error)")
        #expect(bytes("out/fr.lproj/features.strings") != Array("old".utf8))

        try write("old", to: "xliff/fr.xliff", mode: 0o444)
        let export = try StringBridgeProcess.run(
            ["export", "features.xcstrings", "--language", "fr", "-o", "xliff"], in: folder)
        #expect(export.status == 1)
        #expect(export.error.contains("xliff/fr.xliff:1:1: error: the file is read-only"))
        let forcedExport = try StringBridgeProcess.run(
            ["export", "features.xcstrings", "--language", "fr", "-o", "xliff", "--force"], in: folder)
        #expect(forcedExport.status == 0, "\(forcedExport.error)")

        let catalog = bytes("features.xcstrings")
        try makeImportable()
        chmod(path("Localizable.xcstrings"), 0o444)
        let before = bytes("Localizable.xcstrings")
        let imported = try StringBridgeProcess.run(["import", "fr.xliff"], in: folder)
        #expect(imported.status == 1)
        #expect(imported.error.contains("Localizable.xcstrings:1:1: error: the file is read-only"))
        #expect(bytes("Localizable.xcstrings") == before)
        let forcedImport = try StringBridgeProcess.run(["import", "fr.xliff", "--force"], in: folder)
        #expect(forcedImport.status == 0, "\(forcedImport.error)")
        #expect(bytes("Localizable.xcstrings") != before)
        #expect(catalog == bytes("features.xcstrings"))

        try write("\"a\" = \"b\";\n", to: "legacy/en.lproj/T.strings")
        let existing = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\n  },\n  \"version\" : \"1.0\"\n}\n"
        try write(existing, to: "legacy/T.xcstrings", mode: 0o444)
        let migrate = try StringBridgeProcess.run(["migrate", "legacy", "--force"], in: folder)
        #expect(migrate.status == 0, "\(migrate.error)")
        #expect(bytes("legacy/T.xcstrings") != Array(existing.utf8))
        #expect(mode("legacy/T.xcstrings") == 0o444)
    }

    // MARK: - Inputs that are not regular files

    @Test("A FIFO or a device as an input is refused at once, even inside an .xcloc")
    func refusesSpecialInputs() throws {
        #expect(mkfifo(path("fifo.xcstrings"), 0o644) == 0)
        let fifo = try runWithTimeout(["convert", "fifo.xcstrings", "-o", "out.xcstrings"])
        #expect(fifo.status == 1)
        #expect(fifo.error == "fifo.xcstrings:1:1: error: is a FIFO, not a regular file; only regular files are read\n")

        try FileManager.default.createDirectory(
            atPath: path("fr.xcloc/Localized Contents"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: path("fr.xcloc/Localized Contents/fr.xliff"), withDestinationPath: "/dev/zero")
        let zero = try runWithTimeout(["import", "fr.xcloc"])
        #expect(zero.status == 1)
        // Inside a bundle, a link is refused for what it is, whatever it leads to (AddressingTests).
        #expect(
            zero.error
                == "fr.xcloc/Localized Contents/fr.xliff:1:1: error: is a symbolic link, not a regular file; only regular "
                + "files of an .xcloc bundle are read (links are not followed)\n")

        try FileManager.default.removeItem(atPath: path("fr.xcloc/Localized Contents/fr.xliff"))
        #expect(mkfifo(path("fr.xcloc/Localized Contents/fr.xliff"), 0o644) == 0)
        let bundleFifo = try runWithTimeout(["import", "fr.xcloc"])
        #expect(bundleFifo.status == 1)
        #expect(bundleFifo.error.hasPrefix("fr.xcloc/Localized Contents/fr.xliff:1:1: error: is a FIFO"))

        // A link to a regular file is read.
        try copyFixture("xcstrings/read/features.xcstrings", as: "real.xcstrings")
        try FileManager.default.createSymbolicLink(
            atPath: path("link.xcstrings"), withDestinationPath: "real.xcstrings")
        let linked = try runWithTimeout(["convert", "link.xcstrings", "-o", "out.xcstrings"])
        #expect(linked.status == 0, "\(linked.error)")
        #expect(bytes("out.xcstrings") == (try Fixtures.bytes("xcstrings/read/features.xcstrings")))
    }

    // MARK: - Concurrent imports

    /// A catalog of `count` keys in English, and `fr.xliff` and `de.xliff` translating all of them.
    private func makeImportable(count: Int = 3) throws {
        var strings: [String] = []
        for index in 0..<count {
            strings.append(
                "    \"key \(index)\" : {\n      \"localizations\" : {\n        \"en\" : {\n          \"stringUnit\" : {\n"
                    + "            \"state\" : \"translated\",\n            \"value\" : \"Text \(index)\"\n          }\n"
                    + "        }\n      }\n    }")
        }
        try write(
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n" + strings.joined(separator: ",\n")
                + "\n  },\n  \"version\" : \"1.0\"\n}\n", to: "Localizable.xcstrings")
        for language in ["fr", "de"] {
            var units = ""
            for index in 0..<count {
                units += """
                          <trans-unit id="key \(index)" xml:space="preserve">
                            <source>Text \(index)</source>
                            <target state="translated">\(language) \(index)</target>
                          </trans-unit>

                    """
            }
            try write(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
                  <file original="Localizable.xcstrings" source-language="en" target-language="\(language)" datatype="plaintext">
                    <body>
                \(units)    </body>
                  </file>
                </xliff>

                """, to: "\(language).xliff")
        }
    }

    @Test("Two imports into one catalog at once never lose a language silently", .timeLimit(.minutes(5)))
    func concurrentImports() throws {
        for run in 0..<10 {
            try makeImportable(count: 3000)
            let french = try launch(["import", "fr.xliff"])
            let german = try launch(["import", "de.xliff"])
            let results = [french.wait(), german.wait()]
            let catalog = String(decoding: bytes("Localizable.xcstrings") ?? [], as: UTF8.self)
            for (language, result) in zip(["fr", "de"], results) {
                if result.status == 0 {
                    #expect(catalog.contains("\"value\" : \"\(language) 2999\""), "run \(run): \(language) lost")
                } else {
                    #expect(result.status == 1, "run \(run): \(result.error)")
                    #expect(result.error.contains("Localizable.xcstrings: error:"), "run \(run): \(result.error)")
                }
            }
            #expect(results.contains { $0.status == 0 }, "run \(run)")
            #expect(temporaryLeftovers.isEmpty)
        }
    }

    /// Runs `other` and `import fr.xliff` at once on a fresh catalog, `rounds` times, and checks that neither's
    /// change is lost: each shows in the catalog, or its command failed naming the catalog (never exit 0 and lost).
    ///
    /// Round by round: `other` is held after it has read the catalog and written its temporary file, just before
    /// its rename (`STRINGBRIDGE_TEST_PAUSE_BEFORE_RENAME`), and the import started then; the import held so and
    /// `other` started then; both started at once.
    private func raceWithImport(
        _ other: [String], rounds: Int, prepare: () throws -> Void = {}, otherChange: (String) -> Bool
    ) throws {
        let pause = ["STRINGBRIDGE_TEST_PAUSE_BEFORE_RENAME": "2"]
        for round in 0..<rounds {
            try makeImportable(count: 3000)
            try prepare()
            let results: (other: Finished, import: Finished)
            switch round % 3 {
            case 0, 1:
                let (first, second) =
                    round % 3 == 0 ? (other, ["import", "fr.xliff"]) : (["import", "fr.xliff"], other)
                let held = try launch(first, environment: pause)
                var waited = 0
                while temporaryLeftovers.isEmpty, waited < 600 {
                    usleep(10_000)
                    waited += 1
                }
                let started = try launch(second)
                let (heldResult, startedResult) = (held.wait(), started.wait())
                results = round % 3 == 0 ? (heldResult, startedResult) : (startedResult, heldResult)
            default:
                let running = try launch(other)
                let importing = try launch(["import", "fr.xliff"])
                results = (running.wait(), importing.wait())
            }
            let catalog = String(decoding: bytes("Localizable.xcstrings") ?? [], as: UTF8.self)
            for (name, result, kept) in [
                (other[0], results.other, otherChange(catalog)),
                ("import", results.import, catalog.contains("\"value\" : \"fr 2999\"")),
            ] {
                if result.status == 0 {
                    #expect(kept, "round \(round): \(name) exited 0 but its change is lost")
                } else {
                    #expect(result.status == 1, "round \(round): \(name): \(result.error)")
                    #expect(result.error.contains("Localizable.xcstrings"), "round \(round): \(name): \(result.error)")
                }
            }
            #expect(results.other.status == 0 || results.import.status == 0, "round \(round)")
            #expect(temporaryLeftovers.isEmpty)
        }
    }

    @Test("sync racing an import loses neither's change", .timeLimit(.minutes(5)))
    func syncRacingImport() throws {
        // The code names one new key: sync adds it and marks the catalog's 3000 keys stale.
        try raceWithImport(
            ["sync", "."], rounds: 5,
            prepare: {
                try write("let text = NSLocalizedString(\"Synced\", comment: \"From code\")\n", to: "App.swift")
            },
            otherChange: { $0.contains("\"Synced\" : {") && $0.contains("\"comment\" : \"From code\"") })
    }

    @Test("pseudo racing an import loses neither's change", .timeLimit(.minutes(5)))
    func pseudoRacingImport() throws {
        try raceWithImport(
            ["pseudo", "Localizable.xcstrings", "--language", "en-XA"], rounds: 5,
            otherChange: { $0.contains("\"en-XA\" : {") })
    }

    @Test(
        "Every command that rewrites a catalog takes its lock: past --lock-timeout it fails, writing nothing",
        arguments: ["sync", "pseudo", "check", "merge", "migrate"])
    func writersTakeTheLock(_ command: String) throws {
        try makeImportable()
        try write("let text = NSLocalizedString(\"Synced\", comment: \"From code\")\n", to: "App.swift")
        let arguments: [String]
        var status: Int32 = 1
        switch command {
        case "sync": arguments = ["sync", "."]
        case "pseudo": arguments = ["pseudo", "Localizable.xcstrings", "--language", "en-XA"]
        case "check": arguments = ["check", "Localizable.xcstrings", "--fix"]
        case "merge":
            try FileManager.default.copyItem(atPath: path("Localizable.xcstrings"), toPath: path("base.xcstrings"))
            try write(#"{ "sourceLanguage" : "en", "strings" : { }, "version" : "1.0" }"#, to: "theirs.xcstrings")
            arguments = [
                "merge", "base.xcstrings", "Localizable.xcstrings", "theirs.xcstrings", "-o", "Localizable.xcstrings",
            ]
            status = 2
        default:
            try write("\"key 0\" = \"Text 0\";\n\"Added\" = \"Added\";\n", to: "en.lproj/Localizable.strings")
            arguments = ["migrate", ".", "--force"]
        }
        let before = bytes("Localizable.xcstrings")
        let descriptor = open(path("Localizable.xcstrings"), O_RDONLY)
        defer { close(descriptor) }
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
        let refused = try runWithTimeout(arguments + ["--lock-timeout", "0.5"])
        #expect(refused.status == status, "\(refused.output)\(refused.error)")
        #expect(
            (refused.output + refused.error).contains(
                "Localizable.xcstrings:1:1: error: another process is writing this file (still locked after 0.5 s); "
                    + "nothing was written"), "\(refused.output)\(refused.error)")
        #expect(bytes("Localizable.xcstrings") == before)
        #expect(temporaryLeftovers.isEmpty)
    }

    @Test("convert onto its input waits for another process's lock, then writes; onto another file it does not wait")
    func convertOntoItselfWaits() throws {
        try makeImportable()
        let descriptor = open(path("Localizable.xcstrings"), O_RDONLY)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
        let waiting = try launch(["convert", "Localizable.xcstrings", "-o", "Localizable.xcstrings"])
        usleep(700_000)
        #expect(waiting.process.isRunning)
        close(descriptor)
        let result = waiting.wait()
        #expect(result.status == 0, "\(result.error)")

        // An output made from another file is replaced unread: not waited for.
        let locked = open(path("Localizable.xcstrings"), O_RDONLY)
        defer { close(locked) }
        #expect(locked >= 0 && flock(locked, LOCK_EX) == 0)
        try write(#"{ "sourceLanguage" : "en", "strings" : { }, "version" : "1.0" }"#, to: "other.xcstrings")
        let converted = try runWithTimeout(["convert", "other.xcstrings", "-o", "Localizable.xcstrings"])
        #expect(converted.status == 0, "\(converted.error)")
        #expect(!String(decoding: bytes("Localizable.xcstrings") ?? [], as: UTF8.self).contains("key 0"))
    }

    @Test("Two imports creating one new legacy language file: the second to write fails rather than replace the first")
    func importsCreatingOneNewFile() throws {
        try write("\"key 0\" = \"Text 0\";\n\"key 1\" = \"Text 1\";\n", to: "en.lproj/T.strings")
        for (name, index) in [("a", 0), ("b", 1)] {
            try write(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
                  <file original="en.lproj/T.strings" source-language="en" target-language="fr" datatype="plaintext">
                    <body>
                      <trans-unit id="key \(index)">
                        <source>Text \(index)</source>
                        <target state="translated">fr \(index)</target>
                      </trans-unit>
                    </body>
                  </file>
                </xliff>

                """, to: "\(name).xliff")
        }
        // `a` has read the table (fr.lproj/T.strings does not exist yet) and written its temporary file when `b`
        // starts and creates the file.
        let held = try launch(["import", "a.xliff"], environment: ["STRINGBRIDGE_TEST_PAUSE_BEFORE_RENAME": "2"])
        var waited = 0
        while temporaryLeftovers.isEmpty, waited < 600 {
            usleep(10_000)
            waited += 1
        }
        let second = try runWithTimeout(["import", "b.xliff"])
        let first = held.wait()
        #expect(second.status == 0, "\(second.error)")
        #expect(first.status == 1)
        #expect(
            first.error
                == "./fr.lproj/T.strings:1:1: error: the file exists but this command did not read it before replacing "
                + "it (another program may have created it meanwhile); nothing was written\n")
        #expect(String(decoding: bytes("fr.lproj/T.strings") ?? [], as: UTF8.self) == "\"key 1\" = \"fr 1\";\n")
        #expect(temporaryLeftovers.isEmpty)
    }

    @Test("An import waits for another process's lock, and gives up after --lock-timeout writing nothing")
    func importWaitsForTheLock() throws {
        try makeImportable()
        let before = bytes("Localizable.xcstrings")
        let descriptor = open(path("Localizable.xcstrings"), O_RDONLY)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
        let refused = try runWithTimeout(["import", "fr.xliff", "--lock-timeout", "0.5"])
        #expect(refused.status == 1)
        #expect(
            refused.error
                == "Localizable.xcstrings:1:1: error: another process is writing this file (still locked after 0.5 s); "
                + "nothing was written\n")
        #expect(bytes("Localizable.xcstrings") == before)

        // Released a moment later: the import waits and then runs.
        let waiting = try launch(["import", "fr.xliff"])
        usleep(700_000)
        close(descriptor)
        let result = waiting.wait()
        #expect(result.status == 0, "\(result.error)")
        #expect(String(decoding: bytes("Localizable.xcstrings") ?? [], as: UTF8.self).contains("\"value\" : \"fr 2\""))
    }

    // MARK: - Interruption and failures

    @Test("SIGTERM or SIGINT during a write leaves no temporary file nor created folder", arguments: [SIGTERM, SIGINT])
    func interruptedWrite(_ signal: Int32) throws {
        try copyFixture("xcstrings/read/features.xcstrings", as: "features.xcstrings")
        // Spawned with the signals' default actions: the test runner may ignore them, and a child inherits that.
        let compile = try spawnWithDefaultSignals(
            ["compile", path("features.xcstrings"), "-o", path("out/deep")],
            environment: ["STRINGBRIDGE_TEST_PAUSE_BEFORE_RENAME": "20"])
        // Wait until the temporary files are written (the command then pauses before renaming them).
        var waited = 0
        while temporaryLeftovers.count < 2, waited < 600 {
            usleep(50_000)
            waited += 1
        }
        #expect(temporaryLeftovers.count >= 2, "\(listing())")
        // The other files of the transaction are being written too.
        usleep(300_000)
        kill(compile, signal)
        var status: Int32 = 0
        #expect(waitpid(compile, &status, 0) == compile)
        // Ended by the signal itself (WIFSIGNALED, WTERMSIG).
        #expect(status & 0x7f == signal, "wait status \(status)")
        #expect(listing() == ["features.xcstrings"])
    }

    @Test("A compile or export that fails removes the folders it created")
    func failureRemovesCreatedFolders() throws {
        try copyFixture("xcstrings/read/features.xcstrings", as: "features.xcstrings")
        // fr.lproj is a file: en.lproj is created first, then writing into fr.lproj fails.
        try write("", to: "out/fr.lproj")
        let compile = try StringBridgeProcess.run(["compile", "features.xcstrings", "-o", "out"], in: folder)
        #expect(compile.status == 1)
        #expect(
            compile.error.hasSuffix(
                "\nout/fr.lproj/features.strings:1:1: error: cannot write the file: Not a directory\n"))
        #expect(listing("out") == ["fr.lproj"])

        try write("", to: "exports/de.xcloc")
        let export = try StringBridgeProcess.run(
            ["export", "features.xcstrings", "--language", "fr", "--language", "de", "-o", "exports", "--xcloc"],
            in: folder)
        #expect(export.status == 1)
        #expect(listing("exports") == ["de.xcloc"])
        #expect(export.error.contains("exports/de.xcloc/"))
    }

    @Test("A stale temporary file left by kill -9 is not taken for a table")
    func staleTemporaryFilesAreSkipped() throws {
        try write("\"a\" = \"b\";\n", to: "legacy/en.lproj/T.strings")
        try write("garbage", to: "legacy/en.lproj/.T.strings.stringbridge-Ab12Cd")
        try write("garbage", to: "legacy/.T.xcstrings.stringbridge-Zz99Yy")
        let result = try StringBridgeProcess.run(["migrate", "legacy", "--keep-legacy-files"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "wrote legacy/T.xcstrings: 1 key, 1 language (en) from 1 file\n")
    }

    // MARK: - Processes

    private struct Finished {
        var status: Int32
        var reason: Process.TerminationReason
        var output: String
        var error: String
    }

    private final class Running {
        let process: Process
        let outputURL: URL
        let errorURL: URL

        init(process: Process, outputURL: URL, errorURL: URL) {
            self.process = process
            self.outputURL = outputURL
            self.errorURL = errorURL
        }

        /// Waits for the end, at most a minute (then the process is killed).
        func wait() -> Finished {
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning, Date() < deadline { usleep(10_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return Finished(status: -1, reason: .uncaughtSignal, output: "", error: "did not finish in a minute")
            }
            process.waitUntilExit()
            let output = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
            let error = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorURL)
            return Finished(
                status: process.terminationStatus, reason: process.terminationReason, output: output, error: error)
        }
    }

    /// Starts `stringbridge` in the test folder, its output going to files outside it.
    private func launch(_ arguments: [String], environment: [String: String] = [:]) throws -> Running {
        let process = Process()
        process.executableURL = StringBridgeProcess.productsFolder.appendingPathComponent("stringbridge")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent(
            "stringbridge-out-\(UUID().uuidString)")
        let errorURL = FileManager.default.temporaryDirectory.appendingPathComponent(
            "stringbridge-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        return Running(process: process, outputURL: outputURL, errorURL: errorURL)
    }

    /// Starts `stringbridge` with every signal at its default action and none blocked; its output is dropped.
    private func spawnWithDefaultSignals(_ arguments: [String], environment: [String: String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let executable = StringBridgeProcess.productsFolder.appendingPathComponent("stringbridge").path
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else { throw CocoaError(.executableLoad) }
        return pid
    }

    private func runWithTimeout(_ arguments: [String]) throws -> Finished {
        try launch(arguments).wait()
    }
}
