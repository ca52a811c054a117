// LocalizationConverter — the workflows: convert, migrate, compile, export, import, roundtrip, and file transactions.
// Door: `FormatRegistry`, `Converter`, `Migration`, `Compilation`, `Export`, `Import`, `RoundTrip`, `FileTransaction`.
// Decides by `FormatID` and capabilities, never by format names; writes only through `FileTransaction`.
