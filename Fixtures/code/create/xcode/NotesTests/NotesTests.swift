import XCTest

final class NotesTests: XCTestCase {
    func testTitle() {
        XCTAssertEqual(String(localized: "Only in a test"), "Only in a test")
    }
}
