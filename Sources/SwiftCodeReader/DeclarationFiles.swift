import CodeExtraction
import LocalizationCatalog
import StringBridgeSupport
import SwiftParser
import SwiftSyntax

/// What the first pass learnt from each Swift file, shared by the reads of one sync: the files of a module that
/// other targets depend on are parsed once for their declarations, however many targets see them.
///
/// Keyed by path; an entry is used only for the same text (a file read twice in one run is the same file).
package final class DeclarationCache: Sendable {
    private let entries = LockedValue<[String: (text: String, index: ProjectIndex)]>([:])

    package init() {}

    func index(of file: CodeFile) -> ProjectIndex? {
        entries.withLock { entries in
            // The same bytes (not `==`, which compares canonical equivalence, more slowly).
            guard let entry = entries[file.path], entry.text.utf8.count == file.text.utf8.count,
                entry.text.utf8.elementsEqual(file.text.utf8)
            else { return nil }
            return entry.index
        }
    }

    func store(_ index: ProjectIndex, of file: CodeFile) {
        entries.withLock { $0[file.path] = (file.text, index) }
    }
}

extension SwiftCodeReader {
    /// The declarations of ``declarationFiles``, from ``declarationCache`` when it has them.
    ///
    /// First stores in the cache what the first pass learnt from `files` (`indexes`, in order). A declaration file
    /// beyond the limits gives nothing, without a message: it is reported where its own module is read.
    func declarationIndex(besides files: [CodeFile], indexes: [ProjectIndex]) -> ProjectIndex {
        if let declarationCache {
            for (file, index) in zip(files, indexes) { declarationCache.store(index, of: file) }
        }
        guard !declarationFiles.isEmpty else { return ProjectIndex() }
        let cache = declarationCache
        let found = parallelism.map(declarationFiles) { file -> ProjectIndex in
            if let cached = cache?.index(of: file) { return cached }
            guard admit(file) == nil, SwiftNestingScan.firstExcess(Array(file.text.utf8)) == nil else {
                return ProjectIndex()
            }
            var parser = Parser(file.text, maximumNestingLevel: InputLimits.swiftParserNesting)
            let tree = SourceFileSyntax.parse(from: &parser)
            guard SyntaxDepth.firstBeyond(InputLimits.swiftTreeDepth, in: tree) == nil else { return ProjectIndex() }
            let collector = DeclarationCollector()
            collector.walk(tree)
            cache?.store(collector.index, of: file)
            return collector.index
        }
        return found.reduce(into: ProjectIndex()) { $0.merge($1) }
    }
}

extension ProjectIndex {
    /// This index and `other` merged.
    func merging(_ other: ProjectIndex) -> ProjectIndex {
        var result = self
        result.merge(other)
        return result
    }
}
