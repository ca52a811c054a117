import Testing

@testable import PropertyListSupport
