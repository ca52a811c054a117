/// The SDK and well-known package APIs whose arguments Xcode extracts, by the name that is called.
///
/// Extraction is by type (docs/extraction.md, fact 6): a literal is extracted when the compiler types it as
/// `LocalizedStringKey`, `LocalizedStringResource` or `String.LocalizationValue`. Without a type checker this table
/// names the parameters of those types. `nil` stands for the first argument when it has no label.
enum KnownAPIs {
    /// Callee name (a type for initialisers, a method name for modifiers) → labels of its key parameters.
    static let keyParameters: [String: Set<String?>] = [
        // SwiftUI views.
        "Text": [nil],
        "Button": [nil],
        "Label": [nil],
        "Toggle": [nil],
        "Section": [nil],
        "NavigationLink": [nil],
        "Picker": [nil],
        "TextField": [nil],
        "SecureField": [nil],
        "Menu": [nil],
        "LabeledContent": [nil],
        "ContentUnavailableView": [nil],
        "Link": [nil],
        "ProgressView": [nil],
        "DatePicker": [nil],
        "MultiDatePicker": [nil],
        "ColorPicker": [nil],
        "Stepper": [nil],
        "TableColumn": [nil],
        "DisclosureGroup": [nil],
        "GroupBox": [nil],
        "ControlGroup": [nil],
        "Tab": [nil],
        "ShareLink": [nil],
        "PhotosPicker": [nil],
        // Scenes and commands.
        "Window": [nil],
        "WindowGroup": [nil],
        "UtilityWindow": [nil],
        "MenuBarExtra": [nil],
        "CommandMenu": [nil],
        // Modifiers.
        "navigationTitle": [nil],
        "navigationSubtitle": [nil],
        "navigationBarTitle": [nil],
        "help": [nil],
        "alert": [nil],
        "confirmationDialog": [nil],
        "accessibilityLabel": [nil],
        "accessibilityValue": [nil],
        "accessibilityHint": [nil],
        "accessibilityAction": ["named"],
        "accessibilityRotor": [nil],
        "badge": [nil],
        "searchable": ["prompt"],
        // Foundation and SwiftUI key types.
        "LocalizedStringKey": [nil],
        "LocalizedStringResource": [nil],
        "LocalizationValue": [nil],
        // App Intents.
        "IntentDialog": [nil, "full", "supporting"],
        "IntentDescription": [nil, "categoryName"],
        "IntentDeprecation": ["message"],
        "DisplayRepresentation": ["title", "subtitle"],
        "TypeDisplayRepresentation": ["name"],
        "Summary": [nil],
        "result": ["dialog"],
        "AppShortcut": ["shortTitle"],
        "AppIntentRecommendation": ["description"],
        "needsValueError": [nil],
        "requestValue": [nil],
        "requestDisambiguation": ["dialog"],
        "needsDisambiguationError": ["dialog"],
        "requestConfirmation": ["dialog"],
        // Charts: `.value("Day", day)` (a `PlottableValue`; an implicit member only, see `implicitMemberOnly`).
        "value": [nil],
        "AxisValueLabel": [nil],
        // ActivityKit.
        "AlertConfiguration": ["title", "body"],
        // WidgetKit configurations.
        "configurationDisplayName": [nil],
        "description": [nil],
        // Foundation: `UndoManager.setActionName(_:)` has a `LocalizedStringResource` overload (the compiler takes it
        // for a literal, and Xcode extracts it).
        "setActionName": [nil],
        // swift-composable-architecture.
        "TextState": [nil],
        // ButtonKit (a Swift package): `AsyncButton` has `Button`'s title initialisers (`_ titleKey:
        // LocalizedStringKey`). A project's own `AsyncButton` is found first, in the index.
        "AsyncButton": [nil],
    ]

    /// Names in `keyParameters` whose key parameter is an overload taking a `LocalizedStringResource` beside one
    /// taking a `String`: keys only where the deployment targets have `LocalizedStringResource` (macOS 13, iOS 16).
    static let resourceOverloadOnly: Set<String> = ["setActionName"]

    /// Names in `keyParameters` that are keys only as an implicit member (`.value("Day", day)` in a chart, not
    /// `storage.value("…")`).
    static let implicitMemberOnly: Set<String> = ["value"]

    /// Attribute name → labels of its key parameters (`@Parameter(title: "Account")`).
    static let attributeKeyParameters: [String: Set<String>] = [
        "Parameter": ["title", "description", "requestValueDialog", "requestDisambiguationDialog"]
    ]

    /// Callee name → labels of parameters that take an array of keys.
    static let keyArrayParameters: [String: Set<String?>] = [
        "accessibilityInputLabels": [nil]
    ]

    /// The type names whose string literals Xcode extracts.
    static let keyTypes: Set<String> = [
        "LocalizedStringKey", "LocalizedStringResource", "String.LocalizationValue", "LocalizationValue",
        "SwiftUI.LocalizedStringKey", "Foundation.LocalizedStringResource", "TextState",
        // App Intents types a string literal makes (through `LocalizedStringResource`).
        "IntentDescription", "TypeDisplayRepresentation", "DisplayRepresentation", "IntentDialog",
    ]

    /// Whether `type` (as written) is one of the key types, ignoring optionality.
    static func isKeyType(_ type: String) -> Bool {
        keyTypes.contains(TypeNames.strippingOptional(type))
    }
}

/// Small helpers on type names as written in source.
enum TypeNames {
    /// `T?`, `T!` and `Optional<T>` → `T`; whitespace removed.
    static func strippingOptional(_ type: String) -> String {
        var name = type.filter { !$0.isWhitespace }
        while name.hasSuffix("?") || name.hasSuffix("!") { name.removeLast() }
        if name.hasPrefix("Optional<") && name.hasSuffix(">") {
            name = String(name.dropFirst("Optional<".count).dropLast())
        }
        if name.hasPrefix("Swift.") { name = String(name.dropFirst("Swift.".count)) }
        return name
    }

    /// `[T]` → `T`, `Array<T>` → `T`; nil for other types.
    static func arrayElement(_ type: String) -> String? {
        let name = strippingOptional(type)
        if name.hasPrefix("[") && name.hasSuffix("]") && !name.contains(":") {
            return String(name.dropFirst().dropLast())
        }
        if name.hasPrefix("Array<") && name.hasSuffix(">") {
            return String(name.dropFirst("Array<".count).dropLast())
        }
        return nil
    }

    /// `[K: V]` → `V`; nil for other types.
    static func dictionaryValue(_ type: String) -> String? {
        let name = strippingOptional(type)
        guard name.hasPrefix("[") && name.hasSuffix("]") else { return nil }
        var depth = 0
        for index in name.indices {
            switch name[index] {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth -= 1
            case ":" where depth == 1:
                return String(name[name.index(after: index)..<name.index(before: name.endIndex)])
            default: break
            }
        }
        return nil
    }

    /// The format specifier Xcode writes for an interpolated value of `type` (docs/extraction.md, fact 12).
    static func specifier(for type: String) -> String {
        switch strippingOptional(type) {
        case "Int", "Int64": return "%lld"
        case "Int8", "Int16", "Int32": return "%d"
        case "UInt", "UInt64": return "%llu"
        case "UInt8", "UInt16", "UInt32": return "%u"
        case "Float", "Float32": return "%f"
        case "Double", "CGFloat", "TimeInterval", "Float64": return "%lf"
        default: return "%@"
        }
    }
}
