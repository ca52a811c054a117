// swift-tools-version: 5.9
import PackageDescription

let package = Package(name: "Plugins", targets: [.target(name: "Plugins", path: ".")])
