import LocalizationCatalog
import StringBridgeSupport

/// Reads each table once, on whichever thread first asks for it, while other threads go on parsing.
final class TableLoader: Sendable {
    /// The tables claimed, and those read.
    private struct State {
        var claimed = Set<String>()
        var loaded: [String: Swift.Result<(table: WorkingTable, diagnostics: Diagnostics), any Error>] = [:]
    }

    private let lockTimeout: Double
    private let state = LockedValue(State())

    init(lockTimeout: Double) {
        self.lockTimeout = lockTimeout
    }

    /// Reads the table unless another thread has claimed it.
    func load(_ request: Import.TableRequest, using importer: Import) {
        let isNew = state.withLock { $0.claimed.insert(request.key).inserted }
        guard isNew else { return }
        var diagnostics = Diagnostics()
        let result = Swift.Result {
            (
                table: try importer.readTable(request, lockTimeout: lockTimeout, diagnostics: &diagnostics),
                diagnostics: diagnostics
            )
        }
        state.withLock { $0.loaded[request.key] = result }
    }

    /// The table read for `key`, handed over: the loader keeps no reference to it, so that the import changes
    /// the table in place (no copy) and frees it with the rest.
    ///
    /// Call once per key, after every load has finished.
    func take(_ key: String) throws -> (table: WorkingTable, diagnostics: Diagnostics) {
        guard let result = state.withLock({ $0.loaded.removeValue(forKey: key) }) else {
            preconditionFailure("a table was named but never read, or taken twice")
        }
        return try result.get()
    }
}
