// XCStringsFormat — String Catalogs (`.xcstrings`): JSON read and written as Xcode writes it, byte for byte.
// Door: `XCStringsReader`, `XCStringsWriter`, `FormatDescriptor.xcstrings` (docs/formats/xcstrings.md).
// Imports no other format; the JSON scanner and emitter are its own, tuned and checked against an exact fallback.
