import LocalizationCatalog

extension SyncWorkflow {
    /// The error `--check` gives when it would check no catalog.
    ///
    /// A gate that checks nothing must not pass (a
    /// migration whose catalogs no target holds, a root without catalogs). `nil` when there are catalogs to check.
    package static func nothingToCheck(_ plan: Plan, root: String) -> Diagnostic? {
        guard plan.catalogs.isEmpty else { return nil }
        let reason =
            plan.leftOut.isEmpty
            ? "there is no .xcstrings catalog below this folder"
            : "none of the \(plan.leftOut.count) .xcstrings "
                + "\(plan.leftOut.count == 1 ? "catalog" : "catalogs") below this folder belongs to a target"
        return Diagnostic(
            .error, "no catalog to check: \(reason); --check passes only when it checks a catalog", path: root)
    }
}
