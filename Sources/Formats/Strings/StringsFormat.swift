// StringsFormat — legacy `.strings` tables: the OpenStep and property-list forms, and editing a file in place.
// Door: `StringsReader`, `StringsWriter`, `StringsEditor`, `FormatDescriptor.strings` (docs/formats/strings.md).
// Imports no other format; property lists come from PropertyListSupport.
