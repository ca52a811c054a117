// 
// GeneratedStringSymbols_Localizable.swift
// Auto-Generated symbols for localized strings defined in “Localizable.xcstrings”.
// 

import Foundation

#if SWIFT_PACKAGE
private nonisolated let resourceBundle = Foundation.Bundle.module
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
private nonisolated let resourceBundleDescription = LocalizedStringResource.BundleDescription.atURL(resourceBundle.bundleURL)
#else

private class ResourceBundleClass {}
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
private nonisolated let resourceBundleDescription = LocalizedStringResource.BundleDescription.forClass(ResourceBundleClass.self)
#endif

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
nonisolated extension LocalizedStringResource {
    /**
     Localized string for key “%lld files” in table “Localizable.xcstrings”.
     */
    static func files(_ arg1: Int) -> LocalizedStringResource {
        LocalizedStringResource("%lld files", defaultValue: "\(arg1, specifier: "%lld")", table: "Localizable", bundle: resourceBundleDescription)
    }

    /**
     Localized string for key “Adults” in table “Localizable.xcstrings”.
     */
    static var adults: LocalizedStringResource {
        LocalizedStringResource("Adults", table: "Localizable", bundle: resourceBundleDescription)
    }

    /**
     Localized string for key “CFBundleName” in table “Localizable.xcstrings”.
     */
    static var cfbundleName: LocalizedStringResource {
        LocalizedStringResource("CFBundleName", table: "Localizable", bundle: resourceBundleDescription)
    }

    /**
     Localized string for key “Discount: %.1f%%” in table “Localizable.xcstrings”.
     */
    static func discount(_ arg1: Double) -> LocalizedStringResource {
        LocalizedStringResource("Discount: %.1f%%", defaultValue: "\(arg1, specifier: "%.1f")", table: "Localizable", bundle: resourceBundleDescription)
    }

    /**
     Localized string for key “Download the file "%@" from %@?” in table “Localizable.xcstrings”.
     */
    static func downloadTheFileFrom(_ arg1: String, _ arg2: String) -> LocalizedStringResource {
        LocalizedStringResource("Download the file \"%@\" from %@?", defaultValue: "\(arg1)\(arg2)", table: "Localizable", bundle: resourceBundleDescription)
    }

    /**
     Localized string for key “Redirect URL is missing.” in table “Localizable.xcstrings”.
     */
    static var redirectUrlIsMissing: LocalizedStringResource {
        LocalizedStringResource("Redirect URL is missing.", table: "Localizable", bundle: resourceBundleDescription)
    }

    /**
     Localized string for key “Total: %@ of %lld” in table “Localizable.xcstrings”.
     */
    static func totalOf(_ arg1: String, _ arg2: Int) -> LocalizedStringResource {
        LocalizedStringResource("Total: %@ of %lld", defaultValue: "\(arg1)\(arg2, specifier: "%lld")", table: "Localizable", bundle: resourceBundleDescription)
    }

    /**
     Localized string for key “With ${content} and JavaScript” in table “Localizable.xcstrings”.
     */
    static var with$ContentAndJavaScript: LocalizedStringResource {
        LocalizedStringResource("With ${content} and JavaScript", table: "Localizable", bundle: resourceBundleDescription)
    }

    /**
     Localized string for key “adults” in table “Localizable.xcstrings”.
     */
    static func adults(_ arg1: Int) -> LocalizedStringResource {
        LocalizedStringResource("adults", defaultValue: "\(arg1, specifier: "%lld")", table: "Localizable", bundle: resourceBundleDescription)
    }

    /**
     Cards in a deck.
     The count is never negative; * / ends nothing here.
     
     Localized string for key “cardCount” in table “Localizable.xcstrings”.
     */
    static func cardCount(_ arg1: Int) -> LocalizedStringResource {
        LocalizedStringResource("cardCount", defaultValue: "\(arg1, specifier: "%lld")", table: "Localizable", bundle: resourceBundleDescription)
    }

    /**
     Localized string for key “default” in table “Localizable.xcstrings”.
     */
    static var `default`: LocalizedStringResource {
        LocalizedStringResource("default", table: "Localizable", bundle: resourceBundleDescription)
    }

    /**
     Localized string for key “invites” in table “Localizable.xcstrings”.
     */
    static func invites(count: Int, _ arg2: String) -> LocalizedStringResource {
        LocalizedStringResource("invites", defaultValue: "\(count, specifier: "%lld")\(arg2)", table: "Localizable", bundle: resourceBundleDescription)
    }

    /**
     Localized string for key “keyword substitution” in table “Localizable.xcstrings”.
     */
    static func keywordSubstitution(_ arg1: Int) -> LocalizedStringResource {
        LocalizedStringResource("keyword substitution", defaultValue: "\(arg1, specifier: "%lld")", table: "Localizable", bundle: resourceBundleDescription)
    }

    /**
     Localized string for key “owned” in table “Localizable.xcstrings”.
     */
    static func owned(_ arg1: String, _ arg2: Int, _ arg3: UInt32) -> LocalizedStringResource {
        LocalizedStringResource("owned", defaultValue: "\(arg1)\(arg2, specifier: "%lld")\(arg3, specifier: "%u")", table: "Localizable", bundle: resourceBundleDescription)
    }

    /**
     Localized string for key “screen” in table “Localizable.xcstrings”.
     */
    static func screen(_ arg1: String) -> LocalizedStringResource {
        LocalizedStringResource("screen", defaultValue: "\(arg1)", table: "Localizable", bundle: resourceBundleDescription)
    }

    /**
     Localized string for key “self” in table “Localizable.xcstrings”.
     */
    static var `self`: LocalizedStringResource {
        LocalizedStringResource("self", table: "Localizable", bundle: resourceBundleDescription)
    }

    /**
     Localized string for key “summary” in table “Localizable.xcstrings”.
     */
    static func summary(birds: Int, yards: Double) -> LocalizedStringResource {
        LocalizedStringResource("summary", defaultValue: "\(birds, specifier: "%lld")\(yards, specifier: "%f")", table: "Localizable", bundle: resourceBundleDescription)
    }

    /**
     Localized string for key “table” in table “Localizable.xcstrings”.
     */
    static var table: LocalizedStringResource {
        LocalizedStringResource("table", table: "Localizable", bundle: resourceBundleDescription)
    }

    /**
     Localized string for key “with\backslash” in table “Localizable.xcstrings”.
     */
    static var withBackslash: LocalizedStringResource {
        LocalizedStringResource("with\\backslash", table: "Localizable", bundle: resourceBundleDescription)
    }

    /**
     Localized string for key “Über 2FA” in table “Localizable.xcstrings”.
     */
    static var über2Fa: LocalizedStringResource {
        LocalizedStringResource("Über 2FA", table: "Localizable", bundle: resourceBundleDescription)
    }
}