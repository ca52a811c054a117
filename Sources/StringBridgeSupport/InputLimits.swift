/// The limits every reader of untrusted input checks before it recurses or follows a reference.
///
/// See docs/security.md. One place for the numbers, so that readers do not carry their own.
package enum InputLimits {
    /// The deepest nesting of arrays and dictionaries a reader accepts (`project.pbxproj`'s `{ }` and `( )`).
    package static let nesting = 512
    /// How deep `#include` lines of `.xcconfig` files are followed.
    package static let includeDepth = 8
}
