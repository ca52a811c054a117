/// What Apple's project layout says through a file's path: the table a file belongs to and the language of the
/// `xx.lproj` folder it is in.
///
/// Every reader and workflow asks these two questions the same way, with one case rule: `.lproj` is matched
/// without regard to case (`fr.LPROJ` is French, as on the case-insensitive file systems Xcode projects live on),
/// and the language keeps the folder's spelling.

/// The table name for a file path: the file's base name without its last extension (`Localizable` for
/// `en.lproj/Localizable.strings`); a name that only has an extension (`.strings`) is kept whole.
package func tableName(ofPath path: String) -> String {
    let base = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base }
    return String(base[..<dot])
}

/// The language of the `xx.lproj` folder a file is directly in (`zh-Hans` for `zh-Hans.lproj/Main.strings`,
/// `Base` for `Base.lproj/…`), or `nil` when its folder is not one.
package func lprojLanguage(ofPath path: String) -> String? {
    let components = path.split(separator: "/")
    guard components.count >= 2 else { return nil }
    return lprojLanguage(ofFolderNamed: components[components.count - 2])
}

/// The language of a folder named `xx.lproj` (`zh-Hans` for `zh-Hans.lproj`, `fr` for `fr.LPROJ`), or `nil` when
/// the name is not one: the one place that tells an `.lproj` folder by its name.
package func lprojLanguage(ofFolderNamed name: some StringProtocol) -> String? {
    let suffix = ".lproj"
    guard name.count > suffix.count, name.suffix(suffix.count).lowercased() == suffix else { return nil }
    return String(name.dropLast(suffix.count))
}
