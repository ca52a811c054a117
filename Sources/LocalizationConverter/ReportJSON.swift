import LocalizationCatalog
import XCStringsFormat

/// The JSON of the commands' machine-readable reports (`--report json`), written as Xcode writes JSON (members
/// sorted, two-space indentation), as import's report is.
package enum ReportJSON {
    /// `value` as UTF-8 JSON.
    package static func encode(_ value: JSONValue) -> [UInt8] {
        AppleJSON.encode(value)
    }

    /// `value` as a JSON number.
    package static func number(_ value: Int) -> JSONValue {
        .number(String(value))
    }
}
