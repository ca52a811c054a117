import LocalizationCatalog
import LocalizationConverter
import XCStringsFormat
@_spi(XLIFFDocuments) import XLIFFFormat

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Times `stringbridge export` and `import` as the commands run them (library calls, output written to a
/// temporary folder), next to `xmllint --stream --noout` over the XLIFF files written or read, and the phases
/// of each one by one on a single thread.
///
///     stringbridge-bench export CATALOG.xcstrings   every language of the catalog
///     stringbridge-bench import CATALOG.xcstrings FOLDER   the .xliff files of FOLDER into a copy of the catalog
struct TransferBenchmark {
    let catalog: String
    let iterations: Int

    /// A fresh temporary folder.
    func temporaryFolder(_ name: String) -> String {
        var template = Array("/tmp/stringbridge-bench-\(name)-XXXXXX".utf8CString)
        _ = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkdtemp($0) } }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func copy(_ source: String, to destination: String) throws {
        let file = try readSourceFile(source)
        guard let handle = fopen(destination, "w") else { fatalError("cannot write \(destination)") }
        _ = file.bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, handle) }
        fclose(handle)
    }

    func exportRun() throws {
        let root = parentFolder(catalog)
        var diagnostics = Diagnostics()
        let table = try XCStringsReader().read(
            try readSourceFile(catalog), options: ReadOptions(), diagnostics: &diagnostics)
        let languages = table.languages
        print("\(catalog): export of \(languages.count) languages")
        let export = Export()
        var ignored = Diagnostics()
        let sources = try export.sources(for: [catalog], root: root, sourceLanguage: "en", diagnostics: &ignored)
        var commandTimes: [Times] = []
        var lintTimes: [Times] = []
        var size = 0
        for _ in 0..<iterations {
            let output = temporaryFolder("export")
            let options = Export.Options(languages: languages, root: root, outputDirectory: output)
            var runDiagnostics = Diagnostics()
            var written: [String] = []
            commandTimes.append(
                try measure { written = try export.run(sources, options: options, diagnostics: &runDiagnostics) })
            size = try written.reduce(0) { $0 + (try readSourceFile($1).bytes.count) }
            if let lint = XLIFFBenchmark.xmllint(written) { lintTimes.append(lint) }
            for path in written { unlink(path) }
            rmdir(output)
        }
        report("export (whole command)", commandTimes)
        reportComparison(commandTimes, lintTimes, megabytes: Double(size) / 1_000_000)

        // Phases, on one thread.
        var phases: [(String, [Times])] = [("read catalog", []), ("prepare + XLIFF of every language", [])]
        for _ in 0..<iterations {
            var local = Diagnostics()
            var read = table
            phases[0].1.append(
                try measure {
                    read = try XCStringsReader().read(
                        try readSourceFile(catalog), options: ReadOptions(), diagnostics: &local)
                })
            phases[1].1.append(
                measure {
                    // As Export does: the catalog prepared once, then each language streamed.
                    let prepared = XLIFFCatalogExport(table: read, original: "Localizable.xcstrings")
                    for language in languages {
                        var document = XLIFFDocumentStream()
                        document.writeCatalog(
                            prepared, targetLanguage: language, tool: XLIFFExport.defaultTool, diagnostics: &local)
                        _ = document.finish()
                    }
                })
        }
        for (name, times) in phases { report("  \(name)", times) }
    }

    func importRun(folder: String) throws {
        let documents = XLIFFBenchmark(folder: folder, iterations: 1).paths()
        let megabytes = Double(try documents.reduce(0) { $0 + (try readSourceFile($1).bytes.count) }) / 1_000_000
        print("\(folder): import of \(documents.count) documents (\(format(megabytes)) MB) into \(catalog)")
        let name = catalog.split(separator: "/").last.map(String.init) ?? catalog
        var commandTimes: [Times] = []
        var lintTimes: [Times] = []
        var summary = ""
        for _ in 0..<iterations {
            let root = temporaryFolder("import")
            try copy(catalog, to: "\(root)/\(name)")
            var diagnostics = Diagnostics()
            var result: Import.Result?
            commandTimes.append(
                try measure {
                    result = try Import().run(documents, options: Import.Options(root: root), diagnostics: &diagnostics)
                })
            guard let total = result?.total else { continue }
            summary = "\(total.applied) applied, \(total.unchanged) unchanged, \(total.skipped.count) not applied"
            if let lint = XLIFFBenchmark.xmllint(documents) { lintTimes.append(lint) }
            unlink("\(root)/\(name)")
            rmdir(root)
        }
        print("  \(summary)")
        report("import (whole command)", commandTimes)
        reportComparison(commandTimes, lintTimes, megabytes: megabytes)

        // Phases, on one thread.
        var phases: [(String, [Times])] = [
            ("read XLIFF", []), ("read catalog", []), ("plan + apply", []), ("write catalog", []),
        ]
        for _ in 0..<iterations {
            var local = Diagnostics()
            var parsed: [XLIFFDocument] = []
            phases[0].1.append(
                try measure {
                    parsed = try documents.map {
                        try XLIFFDocumentReader(keepsNotes: false).read(
                            try readSourceFile($0).bytes, path: $0, diagnostics: &local)
                    }
                })
            var table = StringTable(name: "", sourceLanguage: "")
            phases[1].1.append(
                try measure {
                    table = try XCStringsReader().read(
                        try readSourceFile(catalog), options: ReadOptions(), diagnostics: &local)
                })
            phases[2].1.append(
                measure {
                    for document in parsed {
                        for file in document.files {
                            XLIFFImport.plan(file, for: table, kind: .catalog).apply(to: &table)
                        }
                    }
                })
            phases[3].1.append(measure { _ = XCStringsWriter().encode(table, diagnostics: &local) })
        }
        for (name, times) in phases { report("  \(name)", times) }
    }

    typealias Times = (wall: Double, user: Double)

    func measure(_ body: () throws -> Void) rethrows -> Times {
        let user = XLIFFBenchmark.userTime()
        let start = now()
        try body()
        return (now() - start, XLIFFBenchmark.userTime() - user)
    }

    func report(_ name: String, _ times: [Times]) {
        let walls = times.map(\.wall).sorted()
        let users = times.map(\.user).sorted()
        print(
            "  \(name): best \(format(walls[0] * 1000)) ms wall, median \(format(walls[walls.count / 2] * 1000)) ms wall "
                + "(CPU \(format(users[0] * 1000))–\(format(users[users.count - 1] * 1000)) ms)")
    }

    func reportComparison(_ command: [Times], _ lint: [Times], megabytes: Double) {
        guard !lint.isEmpty else {
            print("  xmllint --stream: not run (xmllint not found)")
            return
        }
        report("xmllint --stream over the same \(format(megabytes)) MB", lint)
        let best = command.map(\.wall).min() ?? 0
        let bestLint = lint.map(\.wall).min() ?? 1
        let medians = (command.map(\.wall).sorted()[command.count / 2], lint.map(\.wall).sorted()[lint.count / 2])
        print(
            "  ratio to xmllint --stream: best \(format(best / bestLint, 2))x, median \(format(medians.0 / medians.1, 2))x"
        )
    }

    func parentFolder(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}
