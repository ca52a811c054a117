import Testing

@testable import SwiftCodeReader
