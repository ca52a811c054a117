import LocalizationCatalog
import StringBridgeSupport
@_spi(XLIFFDocuments) import XLIFFFormat

/// Applying the files: planned side by side in rounds, applied in document order.
extension Import {
    /// Applies `pending` to `tables` as applying them one by one in document order would, and records each
    /// file's report.
    func apply(_ pending: [PendingFile], to work: inout WorkingTables, result: inout Result, options: Options) {
        let languages = pending.map { (table: $0.table, language: $0.file.targetLanguage ?? "") }
        for round in Self.planningRounds(languages, tables: work.tables) {
            let plans = Self.plans(for: round.map { pending[$0] }, tables: work.tables, options: options)
            for (position, plan) in zip(round, plans) {
                let item = pending[position]
                result.files[item.result].report = plan.report
                plan.apply(to: &work.tables[item.table].merged)
                if plan.report.applied > 0 { work.tables[item.table].changed = true }
            }
        }
    }

    /// Consecutive runs of files (by position in `files`, each a table index and a language) whose plans do not
    /// depend on each other, so that planning them side by side against the same tables gives what applying them
    /// one by one gives.
    ///
    /// A plan reads its table's entries in its own language and in the source language: a round
    /// takes at most one file per table and language, and ends after a file into a table's source language (the
    /// files before it in the round do not see its changes, and the files after it must).
    static func planningRounds(_ files: [(table: Int, language: String)], tables: [WorkingTable]) -> [[Int]] {
        var rounds: [[Int]] = []
        var current: [Int] = []
        var inCurrent = Set<String>()
        for (position, file) in files.enumerated() {
            let key = "\(file.table)\u{0}\(file.language)"
            if inCurrent.contains(key) {
                rounds.append(current)
                current = []
                inCurrent = []
            }
            current.append(position)
            inCurrent.insert(key)
            if file.language == tables[file.table].merged.sourceLanguage {
                rounds.append(current)
                current = []
                inCurrent = []
            }
        }
        if !current.isEmpty { rounds.append(current) }
        return rounds
    }

    /// The plans of one round, made side by side.
    ///
    /// The tables are only read, and no reference to them is kept
    /// once this returns, so applying the plans afterwards changes them in place.
    static func plans(
        for round: [PendingFile], tables: [WorkingTable],
        options: Options
    ) -> [XLIFFImportPlan] {
        parallelMap(round) { item in
            XLIFFImport.plan(item.file, for: tables[item.table].merged, kind: item.kind, options: options.mapping)
        }
    }
}
