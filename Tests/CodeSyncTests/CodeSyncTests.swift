import Testing

@testable import CodeSync
