// stringbridge-runtime-bench — release-mode benchmark of run-time lookups against `String(format:)`.
// Door: `swift run -c release stringbridge-runtime-bench` (Benchmarks/README.md).
// Never part of the library product or the tests.
