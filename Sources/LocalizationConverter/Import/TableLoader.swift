import Foundation
import LocalizationCatalog

/// Reads each table once, on whichever thread first asks for it, while other threads go on parsing.
final class TableLoader: @unchecked Sendable {
    private let lockTimeout: Double
    private let lock = NSLock()
    private var claimed = Set<String>()
    private var loaded: [String: Swift.Result<(table: WorkingTable, diagnostics: Diagnostics), any Error>] = [:]

    init(lockTimeout: Double) {
        self.lockTimeout = lockTimeout
    }

    /// Reads the table unless another thread has claimed it.
    func load(_ request: Import.TableRequest, using importer: Import) {
        lock.lock()
        let isNew = claimed.insert(request.key).inserted
        lock.unlock()
        guard isNew else { return }
        var diagnostics = Diagnostics()
        let result = Swift.Result {
            (
                table: try importer.readTable(request, lockTimeout: lockTimeout, diagnostics: &diagnostics),
                diagnostics: diagnostics
            )
        }
        lock.lock()
        loaded[request.key] = result
        lock.unlock()
    }

    /// The table read for `key`, handed over: the loader keeps no reference to it, so that the import changes
    /// the table in place (no copy) and frees it with the rest.
    ///
    /// Call once per key, after every load has finished.
    func take(_ key: String) throws -> (table: WorkingTable, diagnostics: Diagnostics) {
        lock.lock()
        defer { lock.unlock() }
        guard let result = loaded.removeValue(forKey: key) else {
            preconditionFailure("a table was named but never read, or taken twice")
        }
        return try result.get()
    }
}
