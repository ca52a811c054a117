import ArgumentParser

/// `--lock-timeout`: how long a command that rewrites a file it reads waits for another stringbridge process
/// rewriting the same file (docs/files.md, "Read, change, write").
struct LockOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "How long to wait for another stringbridge process writing the same file, in seconds.",
            valueName: "seconds"))
    var lockTimeout: Double = 120

    func validate() throws {
        guard lockTimeout.isFinite, lockTimeout >= 0 else {
            throw ValidationError("--lock-timeout must be a number of seconds, 0 or more.")
        }
    }
}

/// The options of a command that rewrites files it reads: `--lock-timeout`, and `--force`.
///
/// For import, sync, pseudo and merge, where `--force` replaces read-only files. `check --fix` has no `--force`, and
/// `migrate`'s means more: they take ``LockOptions`` alone.
struct WritingOptions: ParsableArguments {
    @OptionGroup var lock: LockOptions

    @Flag(help: "Replace files even when they are read-only (they stay read-only).")
    var force = false

    /// ``LockOptions/lockTimeout``.
    var lockTimeout: Double { lock.lockTimeout }
}
