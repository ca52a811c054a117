import Foundation

// Replaced by the accessor generator (H6) at merge.
func runAccessors(_ arguments: [String]) -> Int32 {
    FileHandle.standardError.write(Data("stringbridge-generate: accessors is not built in this version\n".utf8))
    return 2
}
