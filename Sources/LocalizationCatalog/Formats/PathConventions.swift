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
    let folder = components[components.count - 2]
    let suffix = ".lproj"
    guard folder.count > suffix.count, folder.suffix(suffix.count).lowercased() == suffix else { return nil }
    return String(folder.dropLast(suffix.count))
}
