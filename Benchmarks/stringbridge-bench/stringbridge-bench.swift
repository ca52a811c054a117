// stringbridge-bench — release-mode benchmarks of the readers, writers and workflows.
// Door: `swift run -c release stringbridge-bench` (Benchmarks/README.md).
// Never part of the library product or the tests.
