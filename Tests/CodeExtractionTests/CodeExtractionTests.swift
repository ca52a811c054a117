import Testing

@testable import CodeExtraction
