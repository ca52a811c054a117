// 
// GeneratedStringSymbols_Shop.swift
// Accessors for the localized strings defined in “Shop.xcstrings”, read with StringBridgeRuntime.
// 

import Foundation
import StringBridgeRuntime

private let _localizedTable = LocalizedTable(name: "Shop", bundle: .module)

/// The strings of table “Shop.xcstrings”, in the language of the user's preferred languages.
enum Shop {
    /**
     Title of the cart screen.
     
     Localized string for key “shop.cart.title” in table “Shop.xcstrings”.
     */
    static var shopCartTitle: String {
        _localizedTable.string("shop.cart.title")
    }

    /**
     Localized string for key “shop.items %lld” in table “Shop.xcstrings”.
     */
    static func shopItems(_ arg1: Int) -> String {
        _localizedTable.string("shop.items %lld", arg1)
    }
}
