// StringBridgeRuntime — String Catalogs at run time on any platform: lookup, plurals, formatting.
// Door: `LocalizedTable`, `RuntimeTable`, `RuntimeError` (docs/runtime.md).
// Foundation and CLDRSupport only: never the hub, a format, XMLSupport or swift-syntax.
