// CodeSync — `extract` and `sync`: which catalog a string of code belongs to, and the sync as a merge in the model.
// Door: `SyncWorkflow` (sync and extract), `ExportExtraction`, `MigrationExtraction`, `ProjectLayout` (docs/sync.md).
// Reads project files through XcodeProjectSupport and code through CodeExtraction and SwiftCodeReader.
