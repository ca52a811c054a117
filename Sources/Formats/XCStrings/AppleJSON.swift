import LocalizationCatalog

/// JSON as Apple's tools write it (String Catalogs, `.xcloc` `contents.json`): Foundation's pretty printer with
/// sorted keys, `" : "`, two-space indent and no final newline.
package enum AppleJSON {
    /// The bytes of `value`.
    package static func encode(_ value: JSONValue) -> [UInt8] {
        OutputBuffer.bytes(capacity: 4096) { out in
            var emitter = JSONEmitter(out: out)
            emitter.value(value)
            out = emitter.out
        }
    }
}
