import Testing

@testable import StringBridgeSupport
