// StringBridgeSupport — shared machinery: parallel map, lock boxes, UTF-8 checks, quoting, limits, unsafe spans.
// Door: `parallelMap`, `LockedValue`, `quoted(_:)`, `InputLimits`, `ByteSplice`, `UnsafeAccess.swift`'s byte spans.
// No dependencies; the only home of threads and unsafe code outside the readers that document theirs.
