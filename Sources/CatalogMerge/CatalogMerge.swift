// CatalogMerge — the three-way merge of tables and the git merge driver.
// Door: `TableMerge`, `FileMerge` (docs/merge.md).
// A conflict is never resolved silently: what is not merged is reported by key.
