// CatalogChecks — `check`, `stats` and `pseudo`: the quality rules, progress figures and pseudo-languages.
// Door: `CatalogCheck`, `TableStatistics`, `Pseudolocalization`, the text/JSON/SARIF renderers (docs/check.md).
// Reads tables through LocalizationConverter; never writes a file outside a `FileTransaction`.
