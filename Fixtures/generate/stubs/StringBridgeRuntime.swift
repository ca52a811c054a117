// The API contract of StringBridgeRuntime's LocalizedTable, declared for type-checking generated code alone: built
// as a module named StringBridgeRuntime (`swiftc -emit-module`) that the generated file imports.
import Foundation

public struct LocalizedTable: Sendable {
    public init(name: String, bundle: Bundle) {}
    public init(name: String, directory: URL) {}
    public func string(_ key: String, _ arguments: any CVarArg..., languages: [String]? = nil) -> String { key }
    public func string(_ key: String, arguments: [any CVarArg], languages: [String]? = nil) -> String { key }
}
