import Foundation
import StringBridgeRuntime

// Prints the catalog's strings in the reader's language: `STRINGBRIDGE_LANGUAGES=ru swift run`.
let table = LocalizedTable(name: "Localizable", bundle: .module)
if let error = table.loadError {
    FileHandle.standardError.write(Data("Greeter: \(error)\n".utf8))
    exit(1)
}

// Typed accessors the plugin generates for the catalog's keys (GeneratedStringSymbols_Localizable.swift).
print(Localizable.hello("Anna"))
for count in [0, 1, 2, 3, 5, 11, 21, 22, 100, 101] {
    print(Localizable.files(count))
}
for distance in [0.0, 1.0, 1.5, 2.0, 5.0] {
    print(Localizable.km(distance))
}
for apples in [1, 3, 5] {
    print(Localizable.hasApples("Anna", apples: apples))
}
print(Localizable.pressAKey)
// The same lookup by key, through the table.
print(table.string("Only in English"))

// A legacy table (en.lproj and ru.lproj: Legacy.strings, Legacy.stringsdict) compiled by the same plugin.
let legacy = LocalizedTable(name: "Legacy", bundle: .module)
print(legacy.string("Hello"))
for count in [0, 1, 5] {
    print(legacy.string("%d files", count, "Documents"))
}
