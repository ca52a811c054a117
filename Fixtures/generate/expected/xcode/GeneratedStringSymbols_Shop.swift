// 
// GeneratedStringSymbols_Shop.swift
// Auto-Generated symbols for localized strings defined in “Shop.xcstrings”.
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
    /// Namespace for strings in file “Shop.xcstrings”.
    enum Shop {
        /**
         Title of the cart screen.
         
         Localized string for key “shop.cart.title” in table “Shop.xcstrings”.
         */
        static var shopCartTitle: LocalizedStringResource {
            LocalizedStringResource("shop.cart.title", table: "Shop", bundle: resourceBundleDescription)
        }

        /**
         Localized string for key “shop.items %lld” in table “Shop.xcstrings”.
         */
        static func shopItems(_ arg1: Int) -> LocalizedStringResource {
            LocalizedStringResource("shop.items %lld", defaultValue: "\(arg1, specifier: "%lld")", table: "Shop", bundle: resourceBundleDescription)
        }
    }
}