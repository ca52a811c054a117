// The Apple API that Xcode's generated symbols use, declared for type-checking them where Foundation lacks it
// (Linux): only the signatures, nothing runs.
import Foundation

public struct LocalizationValueStub: ExpressibleByStringInterpolation, Sendable {
    public struct StringInterpolation: StringInterpolationProtocol {
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) {}
        public mutating func appendInterpolation(_ string: String) {}
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T, specifier: String) {}
        public mutating func appendInterpolation<T: BinaryFloatingPoint>(_ value: T, specifier: String) {}
    }

    public init(stringLiteral value: String) {}
    public init(stringInterpolation: StringInterpolation) {}
}

extension String {
    public typealias LocalizationValue = LocalizationValueStub
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct LocalizedStringResource: Sendable {
    public struct BundleDescription: Sendable {
        public static let main = BundleDescription()
        public static func atURL(_ url: URL) -> BundleDescription { BundleDescription() }
        public static func forClass(_ anyClass: AnyClass) -> BundleDescription { BundleDescription() }
    }

    public init(
        _ keyAndValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current,
        bundle: BundleDescription = .main, comment: StaticString? = nil
    ) {}

    public init(
        _ key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current,
        bundle: BundleDescription = .main, comment: StaticString? = nil
    ) {}
}
