// LocalizationCatalog — the hub: the one in-memory catalog model every reader fills and every writer empties.
// Door: `StringTable` and its parts, `CatalogReader`/`CatalogWriter`/`CatalogEditor`, `FormatDescriptor`, diagnostics.
// No I/O, no XML; depends on StringBridgeSupport and CLDRSupport only.
