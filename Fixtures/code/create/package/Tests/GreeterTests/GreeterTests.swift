import XCTest

final class GreeterTests: XCTestCase {
    func testGreeting() {
        XCTAssertEqual(String(localized: "Only in a test"), "Only in a test")
    }
}
