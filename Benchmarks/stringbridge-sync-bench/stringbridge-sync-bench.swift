// stringbridge-sync-bench — release-mode benchmark of reading code and syncing catalogs.
// Door: `swift run -c release stringbridge-sync-bench` (Benchmarks/README.md).
// Never part of the library product or the tests.
