// CodeExtraction — what code says: the Objective-C/C, Interface Builder, Info.plist and genstrings-Swift readers.
// Door: `CodeReader` (with `admit`), `ExtractedString`, `TableNames`, each reader type (docs/extraction.md).
// Reads code as hostile input: every file goes through `CodeFileAdmission` first.
