// TestSupport — what the tests share: fixtures, catalog generators, the CLI runner.
// Door: `Fixtures`, `CatalogGenerator`, `CommandTestCase` (runs the CLI).
// Used by test targets only.
