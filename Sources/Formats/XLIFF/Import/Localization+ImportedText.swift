import LocalizationCatalog

extension Localization {
    /// Sets the string at `path` from an imported target, creating the cases and substitution it needs.
    ///
    /// With `rewrite`, XLIFF placeholders are turned back into catalog ones: `%N$#@NAME@` → `%#@NAME@` (N
    /// becomes the substitution's `argNum` when it differs from the implied one; a reference this language's string
    /// already writes as `%N$#@NAME@` stays so, as export left it), and in a substitution case the
    /// substitution's own `%N$spec` → `%arg`. A substitution the localization lacks is created from the source's
    /// (`argNum`, `formatSpecifier`).
    mutating func importText(
        _ text: String, state: TranslationState, at path: XLIFFVariationPath, source: Localization?,
        rewrite: Bool = true
    ) {
        var value = text
        var positions: [String: Int] = [:]
        if rewrite {
            if let name = path.substitutionName {
                let owner = substitutions?[name] != nil ? self : (source ?? self)
                value = XLIFFPlaceholders.importingCase(
                    text, argument: XLIFFPlaceholders.argument(of: name, in: owner),
                    formatSpecifier: owner.substitutions?[name]?.formatSpecifier)
            } else {
                // A reference this language's string already writes with its position (`%2$#@apples@`) is
                // exported as it is, so it is imported as it is. Into a language without a string, XLIFF cannot say
                // which of the two the catalog wrote: Xcode's `%#@NAME@` (roundtrip expects that difference). Asked
                // only for a reference with a position (most texts have none), names compared as strings.
                let own = substitutions?.keys ?? []
                let sourceNames = source?.substitutions?.keys ?? []
                let written = stringUnit?.value ?? ""
                (value, positions) = XLIFFPlaceholders.importingParent(text) { name in
                    (own.contains(name) || sourceNames.contains(name))
                        && !FormatSpecifiers.substitutionReferences(in: written).contains {
                            $0.position != nil && $0.name == name
                        }
                }
            }
        }
        let template = path.substitutionName.flatMap { source?.substitutions?[$0] }
        setLeaf(path.steps[...], value: value, state: state, template: template)
        // A position that is not the implied one is kept as argNum.
        for (name, position) in positions {
            guard var substitution = substitutions?[name] else { continue }
            let current = XLIFFPlaceholders.argument(of: name, in: self)
            if current != position {
                substitution.argNum = position
                substitutions?[name] = substitution
            }
        }
    }

    private mutating func setLeaf(
        _ steps: ArraySlice<XLIFFVariationPath.Step>, value: String, state: TranslationState, template: Substitution?
    ) {
        guard let step = steps.first else {
            if var unit = stringUnit {
                unit.value = value
                unit.state = state
                stringUnit = unit
            } else {
                stringUnit = StringUnit(value, state: state)
            }
            return
        }
        let rest = steps.dropFirst()
        // Each level is changed in place (taken out of its holder, changed, put back), so that a localization this
        // import is building is not copied level by level for each string it sets.
        switch step {
        case .device(let device):
            setLeaf(rest, inCase: device, ofDevices: true, value: value, state: state, template: template)
        case .plural(let category):
            setLeaf(rest, inCase: category, ofDevices: false, value: value, state: state, template: template)
        case .substitution(let name):
            modifySubstitutions { substitutions in
                var all = substitutions ?? OrderedMap()
                substitutions = nil
                let position =
                    all.appendNew(
                        Substitution(argNum: template?.argNum, formatSpecifier: template?.formatSpecifier),
                        forKey: name) ?? all.count - 1
                var holder = Localization(variations: all[valueAt: position].variations)
                all[valueAt: position].variations = nil
                holder.setLeaf(rest, value: value, state: state, template: nil)
                all[valueAt: position].variations = holder.variations
                substitutions = all
            }
        }
    }

    /// ``setLeaf(_:value:state:template:)`` in the case `name` of a variation group (device or plural), created
    /// with the group when missing.
    private mutating func setLeaf(
        _ steps: ArraySlice<XLIFFVariationPath.Step>, inCase name: String, ofDevices: Bool, value: String,
        state: TranslationState, template: Substitution?
    ) {
        modifyVariations { variations in
            var updated = variations ?? Variations()
            variations = nil
            var cases: OrderedMap<Localization>
            if ofDevices {
                cases = updated.device ?? OrderedMap()
                updated.device = nil
            } else {
                cases = updated.plural ?? OrderedMap()
                updated.plural = nil
            }
            let position = cases.appendNew(Localization(), forKey: name) ?? cases.count - 1
            cases[valueAt: position].setLeaf(steps, value: value, state: state, template: template)
            if ofDevices { updated.device = cases } else { updated.plural = cases }
            variations = updated
        }
    }
}

extension XLIFFVariationPath {
    /// Whether the path ends in a plural case other than `other` (`one` may say "one item" for "%lld items").
    var isPluralCaseOtherThanOther: Bool {
        guard case .plural(let category)? = steps.last else { return false }
        return category != "other"
    }

    /// The path with every plural step at `other`: the general form a plural case's placeholders are compared
    /// with (English `one` "One file" spells the number Russian `one`, which also covers 21, prints).
    var generalPluralForm: XLIFFVariationPath {
        XLIFFVariationPath(
            steps.map { step in
                if case .plural = step { return .plural("other") }
                return step
            })
    }
}
