import LocalizationCatalog
import StringBridgeSupport
@_spi(XLIFFDocuments) import XLIFFFormat

/// Reading an import's documents: which files the inputs name, and parsing them side by side.
extension Import {
    /// The XLIFF documents named by `inputs`: `.xliff`/`.xlf` files, and the `Localized Contents/*.xliff` of
    /// `.xcloc` bundles.
    /// - Throws: ``ConversionError`` for an input that is missing or holds no XLIFF.
    package func documents(for inputs: [String]) throws -> [String] {
        var result: [String] = []
        for input in inputs {
            if isDirectory(input) {
                let folder = input.hasSuffix("/") ? String(input.dropLast()) : input
                let localized = "\(folder)/Localized Contents"
                let found =
                    isDirectory(localized)
                    ? ProjectPaths.files(below: localized, extensions: registry.fileExtensions(of: [.xliff])) : []
                if found.isEmpty {
                    throw ConversionError(
                        "no Localized Contents/*.xliff in this folder; is it an .xcloc bundle?", path: input)
                }
                // A bundle comes from elsewhere: what it holds is read only when it is a regular file of the bundle
                // (a symbolic link could name any file, a FIFO or a device would never end).
                for entry in [localized] + found {
                    if let kind = ProjectPaths.irregularKind(entry, folderAllowed: entry == localized) {
                        throw ConversionError(
                            "is \(kind), not a regular file; only regular files of an .xcloc bundle are read (links "
                                + "are not followed)", path: entry)
                    }
                }
                result += found
            } else if fileExists(input) {
                guard registry.format(forPath: input)?.id == .xliff else {
                    throw ConversionError("not an .xliff, .xlf file or .xcloc bundle", path: input)
                }
                result.append(input)
            } else {
                throw ConversionError("cannot read the file: No such file or directory", path: input)
            }
        }
        return result
    }

    /// One XLIFF document as parsed, with the table each of its `<file>` elements goes to.
    struct ParsedDocument: Sendable {
        /// The document's path.
        var path: String
        /// The document; its `<file>` elements are let go once applied (``withoutFiles()``).
        var document: XLIFFDocument
        /// The diagnostics of reading it.
        var diagnostics: Diagnostics
        /// One per `<file>`, in order.
        var targets: [FileTarget]
        /// The root the targets were found against when the document's own (``Import/projectRoot(of:)``) holds none
        /// of them (``Import/fallbackRoots(for:)``).
        var foundRoot: ProjectRoot?
        /// Whether every `<file>` names a table that exists under no root tried: the import would apply nothing.
        var namesNoTable = false
        /// The projects below the current folder that each hold some of the document's tables when its own root holds
        /// none (the import cannot choose between them).
        var ambiguousRoots: [ProjectRoot] = []
        /// The number of `<file>` elements.
        var fileCount = 0
        /// The first `<file>`, without its units (where ``Import/noTableError(_:root:)`` is placed).
        var firstFile: XLIFFFile?

        /// Whether a `<file>` is refused (``FileTarget/refuse(_:)``): the import fails.
        var refuses: Bool {
            targets.contains { if case .refuse = $0 { true } else { false } }
        }

        /// The document without its `<file>` elements: what is kept of it once it is applied.
        func withoutFiles() -> ParsedDocument {
            var kept = self
            kept.document.files = []
            return kept
        }
    }

    /// The write boundary of each root the documents at `paths` are read against (finding one may ask git).
    func writeBoundaries(for paths: [String], options: Options) -> [String: WriteBoundary] {
        var found: [String: WriteBoundary] = [:]
        let roots = paths.map(options.root(of:)) + (options.findsProjectRoots ? ["."] : [])
        for root in roots where found[root] == nil {
            found[root] = WriteBoundary(root: root, extra: options.boundaries)
        }
        return found
    }

    /// Parses the documents at `paths` side by side, in the order of `paths`.
    ///
    /// Each table a document names is read
    /// by `loader` as soon as it is named, on the thread that parsed the document.
    /// - Throws: The first document's error, in the order of `paths`.
    func parseDocuments(
        _ paths: [String], options: Options, boundaries: [String: WriteBoundary], loader: TableLoader
    ) throws -> [ParsedDocument] {
        let parsed = parallelMap(paths) { path in
            Swift.Result { try parseDocument(path, options: options, boundaries: boundaries, loader: loader) }
        }
        return try parsed.map { try $0.get() }
    }

    /// Parses one document and finds its tables against its root (``Options/root(of:)``).
    ///
    /// A root that was found (``Options/findsProjectRoots``) and holds none of the document's tables gives way to the
    /// first of ``fallbackRoots(for:)`` that holds some: a document exported from a folder above its project and
    /// imported from there.
    private func parseDocument(
        _ path: String, options: Options, boundaries: [String: WriteBoundary], loader: TableLoader
    ) throws -> ParsedDocument {
        func boundary(_ root: String) -> WriteBoundary {
            boundaries[root] ?? WriteBoundary(root: root, extra: options.boundaries)
        }
        var local = Diagnostics()
        let file = try readSourceFile(path)
        // Notes are read only where an import uses them: a legacy table's (or Interface Builder file's) units
        // create the keys the table lacks, with their notes as comments; a catalog's never do.
        var reader = XLIFFDocumentReader(keepsNotes: false)
        reader.keepsNotesOutsideCatalogs = true
        let document = try reader.read(file, diagnostics: &local)
        let root = options.root(of: path)
        var targets = document.files.map { target(of: $0, in: path, options: options, boundary: boundary(root)) }
        func unknown(_ target: FileTarget) -> Bool {
            if case .skip(.unknownTable) = target { return true }
            return false
        }
        var foundRoot: ProjectRoot?
        var ambiguous: [ProjectRoot] = []
        if options.findsProjectRoots, !targets.isEmpty, targets.allSatisfy(unknown) {
            search: for group in Self.fallbackRoots(for: root) {
                var holding: [(ProjectRoot, [FileTarget])] = []
                for candidate in group {
                    var here = options
                    here.documentRoots[path] = candidate.path
                    let retry = document.files.map {
                        target(of: $0, in: path, options: here, boundary: boundary(candidate.path))
                    }
                    if retry.contains(where: { if case .table = $0 { true } else { false } }) {
                        holding.append((candidate, retry))
                    }
                }
                switch holding.count {
                case 0: continue
                case 1:
                    (foundRoot, targets) = (holding[0].0, holding[0].1)
                default: ambiguous = holding.map(\.0)
                }
                break search
            }
        }
        for case .table(let request) in targets { loader.load(request, using: self) }
        var parsed = ParsedDocument(
            path: path, document: document, diagnostics: local, targets: targets, foundRoot: foundRoot)
        parsed.namesNoTable = !targets.isEmpty && targets.allSatisfy(unknown)
        parsed.ambiguousRoots = ambiguous
        parsed.fileCount = document.files.count
        parsed.firstFile = document.files.first
        parsed.firstFile?.units = []
        return parsed
    }

    /// The error that ends an import in which the document `read` would apply nothing.
    ///
    /// None of the tables it names exists under `root` (nor, when the root was found, under
    /// ``fallbackRoots(for:)``): its original paths are relative to a project the import did not find. It is at the
    /// document's first `<file>`.
    func noTableError(_ read: ParsedDocument, root: String) -> Diagnostic {
        let first = read.firstFile.map {
            Diagnostic.quoted($0.original) + (read.fileCount > 1 ? " and \(read.fileCount - 1) more" : "")
        }
        let message: String
        if !read.ambiguousRoots.isEmpty {
            message =
                "the tables this document names (\(first ?? "")) are in more than one project below the current "
                + "folder (\(read.ambiguousRoots.map(\.path).joined(separator: ", "))): nothing was imported; pass "
                + "--root DIR to name the one it was exported from"
        } else {
            let place =
                ProjectPaths.normalized(root) == "."
                ? "the current folder" : "the project root \(ProjectPaths.normalized(root))"
            message =
                "none of the tables this document names (\(first ?? "")) exists under \(place): nothing was "
                + "imported; run import in the project it was exported from, or pass --root DIR, the folder its "
                + "original paths are relative to"
        }
        return Diagnostic(.error, message, at: read.firstFile?.location, orPath: read.path)
    }

    /// Ends the import, before any table is written, when a file names a language that is no identifier or a
    /// table outside the boundary; the documents' diagnostics are reported then.
    func refuseForbiddenFiles(in parsed: [ParsedDocument], diagnostics: inout Diagnostics) throws {
        var refusals: [Diagnostic] = []
        for read in parsed {
            for case .refuse(let refusal) in read.targets { refusals.append(refusal) }
        }
        guard !refusals.isEmpty else { return }
        for read in parsed { diagnostics.append(contentsOf: read.diagnostics) }
        throw ConversionError(refusals)
    }
}
