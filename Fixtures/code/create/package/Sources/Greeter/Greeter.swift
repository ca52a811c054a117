import Foundation

public func greeting(for name: String) -> String {
    String(localized: "Hello, \(name)!", bundle: .module, comment: "A greeting")
}
