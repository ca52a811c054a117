// What SwiftPM generates for a target with resources, declared for type-checking generated code alone.
import Foundation

extension Foundation.Bundle {
    static let module = Bundle.main
}
