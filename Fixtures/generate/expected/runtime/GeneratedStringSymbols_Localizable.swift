// 
// GeneratedStringSymbols_Localizable.swift
// Accessors for the localized strings defined in “Localizable.xcstrings”, read with StringBridgeRuntime.
// 

import Foundation
import StringBridgeRuntime

private let _localizedTable = LocalizedTable(name: "Localizable", bundle: .module)

/// The strings of table “Localizable.xcstrings”, in the language of the user's preferred languages.
enum Localizable {
    /**
     Localized string for key “%lld files” in table “Localizable.xcstrings”.
     */
    static func files(_ arg1: Int) -> String {
        _localizedTable.string("%lld files", arg1)
    }

    /**
     Localized string for key “Adults” in table “Localizable.xcstrings”.
     */
    static var adults: String {
        _localizedTable.string("Adults")
    }

    /**
     Localized string for key “CFBundleName” in table “Localizable.xcstrings”.
     */
    static var cfbundleName: String {
        _localizedTable.string("CFBundleName")
    }

    /**
     Localized string for key “Discount: %.1f%%” in table “Localizable.xcstrings”.
     */
    static func discount(_ arg1: Double) -> String {
        _localizedTable.string("Discount: %.1f%%", arg1)
    }

    /**
     Localized string for key “Download the file "%@" from %@?” in table “Localizable.xcstrings”.
     */
    static func downloadTheFileFrom(_ arg1: String, _ arg2: String) -> String {
        _localizedTable.string("Download the file \"%@\" from %@?", arg1, arg2)
    }

    /**
     Localized string for key “Redirect URL is missing.” in table “Localizable.xcstrings”.
     */
    static var redirectUrlIsMissing: String {
        _localizedTable.string("Redirect URL is missing.")
    }

    /**
     Localized string for key “Total: %@ of %lld” in table “Localizable.xcstrings”.
     */
    static func totalOf(_ arg1: String, _ arg2: Int) -> String {
        _localizedTable.string("Total: %@ of %lld", arg1, arg2)
    }

    /**
     Localized string for key “With ${content} and JavaScript” in table “Localizable.xcstrings”.
     */
    static var with$ContentAndJavaScript: String {
        _localizedTable.string("With ${content} and JavaScript")
    }

    /**
     Localized string for key “adults” in table “Localizable.xcstrings”.
     */
    static func adults(_ arg1: Int) -> String {
        _localizedTable.string("adults", arg1)
    }

    /**
     Cards in a deck.
     The count is never negative; * / ends nothing here.
     
     Localized string for key “cardCount” in table “Localizable.xcstrings”.
     */
    static func cardCount(_ arg1: Int) -> String {
        _localizedTable.string("cardCount", arg1)
    }

    /**
     Localized string for key “default” in table “Localizable.xcstrings”.
     */
    static var `default`: String {
        _localizedTable.string("default")
    }

    /**
     Localized string for key “invites” in table “Localizable.xcstrings”.
     */
    static func invites(count: Int, _ arg2: String) -> String {
        _localizedTable.string("invites", count, arg2)
    }

    /**
     Localized string for key “keyword substitution” in table “Localizable.xcstrings”.
     */
    static func keywordSubstitution(_ arg1: Int) -> String {
        _localizedTable.string("keyword substitution", arg1)
    }

    /**
     Localized string for key “owned” in table “Localizable.xcstrings”.
     */
    static func owned(_ arg1: String, _ arg2: Int, _ arg3: UInt32) -> String {
        _localizedTable.string("owned", arg1, arg2, arg3)
    }

    /**
     Localized string for key “resource.bundle.description” in table “Localizable.xcstrings”.
     */
    static var resourceBundleDescription: String {
        _localizedTable.string("resource.bundle.description")
    }

    /**
     Localized string for key “screen” in table “Localizable.xcstrings”.
     */
    static func screen(_ arg1: String) -> String {
        _localizedTable.string("screen", arg1)
    }

    /**
     Localized string for key “self” in table “Localizable.xcstrings”.
     */
    static var `self`: String {
        _localizedTable.string("self")
    }

    /**
     Localized string for key “summary” in table “Localizable.xcstrings”.
     */
    static func summary(birds: Int, yards: Double) -> String {
        _localizedTable.string("summary", birds, yards)
    }

    /**
     Localized string for key “table” in table “Localizable.xcstrings”.
     */
    static var table: String {
        _localizedTable.string("table")
    }

    /**
     Localized string for key “with\backslash” in table “Localizable.xcstrings”.
     */
    static var withBackslash: String {
        _localizedTable.string("with\\backslash")
    }

    /**
     Localized string for key “Über 2FA” in table “Localizable.xcstrings”.
     */
    static var über2Fa: String {
        _localizedTable.string("Über 2FA")
    }
}
