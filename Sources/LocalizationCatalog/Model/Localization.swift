import StringBridgeSupport

/// The text of one key in one language: a plain string unit, variations, substitutions, or a mix.
///
/// The same type describes a variation case (`plural.one`, `device.iphone`), because a case holds a string unit or
/// nested variations (`device.iphone → plural.one`) just like a localization does. Combinations Xcode refuses
/// to compile are still represented, so a file is never changed by reading it.
public struct Localization: Sendable, Equatable {
    /// The string, when the localization (or case) is a plain string.
    public var stringUnit: StringUnit?
    /// Variations, substitutions and unknown members, boxed.
    ///
    /// Most localizations have none, and a plain localization then costs a string unit and one pointer. Copied on
    /// write: an import that builds a localization case by case changes its box in place.
    private var rest: CopyOnWriteBox<Rest>?
    /// Where the reader found the localization's name and its string unit's value, for diagnostics; not content,
    /// so not compared and never written.
    package var places = LocalizationPlaces()

    private struct Rest: Sendable, Equatable {
        var stringSet: StringSet?
        var variations: Variations?
        var substitutions: OrderedMap<Substitution>?
        var extraMembers: OrderedMap<JSONValue> = [:]

        /// Whether there is nothing: a localization then holds no box.
        var isEmpty: Bool {
            if case .some = stringSet { return false }
            if case .some = variations { return false }
            if case .some = substitutions { return false }
            return extraMembers.isEmpty
        }
    }

    /// A set of strings (App Shortcuts phrase catalogs), instead of one string.
    public var stringSet: StringSet? {
        get { rest?.value.stringSet }
        set { updateRest { $0.stringSet = newValue } }
    }

    /// Variations by plural category, device or width.
    public var variations: Variations? {
        get { rest?.value.variations }
        set { updateRest { $0.variations = newValue } }
    }

    /// Substitutions referred to as `%#@NAME@` from the string unit (catalogs) or format key (`.stringsdict`).
    public var substitutions: OrderedMap<Substitution>? {
        get { rest?.value.substitutions }
        set { updateRest { $0.substitutions = newValue } }
    }

    /// Members the model does not know.
    package var extraMembers: OrderedMap<JSONValue> {
        get { rest?.value.extraMembers ?? [:] }
        set { updateRest { $0.extraMembers = newValue } }
    }

    /// Whether the localization has variations, substitutions or unknown members (and is more than a plain string).
    package var hasMoreThanStringUnit: Bool { rest != nil }

    /// Creates a localization.
    public init(
        stringUnit: StringUnit? = nil,
        variations: Variations? = nil,
        substitutions: OrderedMap<Substitution>? = nil,
        extraMembers: OrderedMap<JSONValue> = [:]
    ) {
        self.stringUnit = stringUnit
        // Matched, not compared with `nil` (which copies the value, retaining all it holds), and then moved in.
        if case .none = variations, case .none = substitutions, extraMembers.isEmpty {
            rest = nil
            return
        }
        rest = CopyOnWriteBox(Rest(variations: variations, substitutions: substitutions, extraMembers: extraMembers))
    }

    /// A localization holding one plain string.
    public init(_ value: String, state: TranslationState? = .translated) {
        self.init(stringUnit: StringUnit(value, state: state))
    }

    private mutating func updateRest<Result>(_ change: (inout Rest) -> Result) -> Result {
        guard var box = rest else {
            var value = Rest()
            let result = change(&value)
            if !value.isEmpty { rest = CopyOnWriteBox(value) }
            return result
        }
        // Our reference dropped first: when this localization held the only one, the box is changed in place (and
        // so are the parts no other value shares).
        rest = nil
        let result = CopyOnWriteBox.modify(&box, change)
        if !box.value.isEmpty { rest = box }
        return result
    }

    /// Changes ``variations`` in place: when this localization holds the only reference to them (and to the cases
    /// in them), nothing is copied, where reading them, changing and setting them copies each level changed.
    package mutating func modifyVariations<Result>(_ change: (inout Variations?) -> Result) -> Result {
        updateRest { change(&$0.variations) }
    }

    /// Changes ``substitutions`` in place, as ``modifyVariations(_:)`` changes the variations.
    package mutating func modifySubstitutions<Result>(_ change: (inout OrderedMap<Substitution>?) -> Result) -> Result {
        updateRest { change(&$0.substitutions) }
    }

    /// Localizations are equal when every member is, unknown members included; ``places`` are not compared.
    public static func == (lhs: Localization, rhs: Localization) -> Bool {
        guard lhs.stringUnit == rhs.stringUnit else { return false }
        switch (lhs.rest, rhs.rest) {
        case (nil, nil): return true
        case (let left?, let right?): return left === right || left.value == right.value
        default: return false
        }
    }
}

extension Localization {
    // These read the parts in place. `x != nil` on an optional struct, `unsafelyUnwrapped` and the boxed parts'
    // getters (`variations`, `substitutions`) copy whole values, retaining every reference they hold; an import
    // asks these for each of its units.

    /// Whether the localization holds any string: a string unit or set, plural or device cases, or a substitution
    /// (an empty localization counts as absent).
    package var hasContent: Bool {
        if case .some = stringUnit { return true }
        guard case .some(let rest) = rest else { return false }
        if case .some = rest.value.stringSet { return true }
        if case .some = rest.value.variations?.plural { return true }
        if case .some = rest.value.variations?.device { return true }
        if case .some(let substitutions) = rest.value.substitutions { return !substitutions.isEmpty }
        return false
    }

    /// Whether the localization has device variations.
    package var hasDeviceCases: Bool {
        guard case .some(let rest) = rest, case .some = rest.value.variations?.device else { return false }
        return true
    }

    /// Whether the localization has at least one substitution.
    package var hasSubstitutions: Bool {
        guard case .some(let rest) = rest, case .some(let substitutions) = rest.value.substitutions else {
            return false
        }
        return !substitutions.isEmpty
    }

    /// The value and state of the string unit of plural case `category`, or of the localization's own string unit
    /// when `category` is `nil`; `nil` when there is no such string unit.
    package func stringUnitText(pluralCase category: String?) -> (value: String, state: TranslationState?)? {
        guard let category else {
            guard let unit = stringUnit else { return nil }
            return (unit.value, unit.state)
        }
        guard case .some(let box) = rest else { return nil }
        return box.read { rest -> (value: String, state: TranslationState?)? in
            guard case .some(let variations) = rest.variations, case .some(let plural) = variations.plural,
                let index = plural.index(forKey: category)
            else { return nil }
            return plural.withValue(at: index) { found -> (value: String, state: TranslationState?)? in
                guard case .some(let unit) = found.stringUnit else { return nil }
                return (unit.value, unit.state)
            }
        }
    }
}

/// An immutable heap box; a value type that holds one stays a value (a change makes a new box).
final class Box<Value: Sendable>: Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Calls `body` with the value, read in place.
    @inline(__always)
    func read<Result>(_ body: (borrowing Value) -> Result) -> Result { body(value) }
}

/// A string value with its translation state (`stringUnit` in a String Catalog).
public struct StringUnit: Sendable, Equatable {
    /// The translation state; `nil` only when the file had none.
    public var state: TranslationState?
    /// The text.
    public var value: String
    /// Members the model does not know, boxed: almost every unit has none, and a unit then costs 16 bytes less
    /// (which pays for each localization's ``Localization/places``).
    private var extras: Box<OrderedMap<JSONValue>>?

    /// Members the model does not know.
    package var extraMembers: OrderedMap<JSONValue> {
        get { extras?.value ?? OrderedMap() }
        set { extras = newValue.isEmpty ? nil : Box(newValue) }
    }

    /// Creates a string unit.
    public init(_ value: String, state: TranslationState? = .translated, extraMembers: OrderedMap<JSONValue> = [:]) {
        self.value = value
        self.state = state
        self.extras = extraMembers.isEmpty ? nil : Box(extraMembers)
    }

    /// Units are equal when their state, value and unknown members are.
    public static func == (lhs: StringUnit, rhs: StringUnit) -> Bool {
        // The bytes first: the same bytes are the same text, found without the canonical comparison `==` makes of
        // text that is not ASCII; other bytes may still be canonically equal.
        guard lhs.state == rhs.state, sameUTF8(lhs.value, rhs.value) || lhs.value == rhs.value else { return false }
        switch (lhs.extras, rhs.extras) {
        case (nil, nil): return true
        case (let left?, let right?): return left === right || left.value == right.value
        default: return false
        }
    }
}

/// Several strings for one key and language (`stringSet` in a String Catalog, used by App Shortcuts phrases).
public struct StringSet: Sendable, Equatable {
    /// The translation state; `nil` only when the file had none.
    public var state: TranslationState?
    /// The strings, in order.
    public var values: [String]
    /// Members the model does not know.
    package var extraMembers: OrderedMap<JSONValue>

    /// Creates a string set.
    public init(_ values: [String], state: TranslationState? = .translated, extraMembers: OrderedMap<JSONValue> = [:]) {
        self.values = values
        self.state = state
        self.extraMembers = extraMembers
    }
}

/// The variations of a localization or substitution, by kind.
///
/// Xcode allows one kind per level and nests `device → plural`; the model keeps whatever the file had.
public struct Variations: Sendable, Equatable {
    /// Cases by plural category (`zero one two few many other`, or any other name a file used).
    public var plural: OrderedMap<Localization>?
    /// Cases by device (`iphone`, `ipad`, `mac`, …, `other`).
    public var device: OrderedMap<Localization>?
    /// Cases by width class (`NSStringVariableWidthRuleType` keys such as `"20"`); `.stringsdict` only —
    /// String Catalogs cannot hold them, and writing them to one gives a warning.
    public var width: OrderedMap<Localization>?
    /// Variation kinds the model does not know, kept as read.
    package var extraMembers: OrderedMap<JSONValue>

    /// Creates variations.
    public init(
        plural: OrderedMap<Localization>? = nil,
        device: OrderedMap<Localization>? = nil,
        width: OrderedMap<Localization>? = nil,
        extraMembers: OrderedMap<JSONValue> = [:]
    ) {
        self.plural = plural
        self.device = device
        self.width = width
        self.extraMembers = extraMembers
    }
}

/// A named argument whose variations are spliced into the parent string where it says `%#@NAME@`.
public struct Substitution: Sendable, Equatable {
    /// The 1-based argument the substitution consumes; `nil` when the file had none (Xcode's migration writes
    /// none when the position is implied by where `%#@NAME@` sits).
    public var argNum: Int?
    /// The argument's printf specification without `%` (`lld`, `d`, `@`).
    public var formatSpecifier: String?
    /// The cases, usually plural.
    public var variations: Variations?
    /// Members the model does not know.
    package var extraMembers: OrderedMap<JSONValue>

    /// Creates a substitution.
    public init(
        argNum: Int? = nil,
        formatSpecifier: String? = nil,
        variations: Variations? = nil,
        extraMembers: OrderedMap<JSONValue> = [:]
    ) {
        self.argNum = argNum
        self.formatSpecifier = formatSpecifier
        self.variations = variations
        self.extraMembers = extraMembers
    }
}
