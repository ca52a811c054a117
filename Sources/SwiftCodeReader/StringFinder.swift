import CodeExtraction
import LocalizationCatalog
import SwiftSyntax

/// Why a literal is extracted: what the code around it says about its table, comment and value.
struct KeyContext {
    /// The kind of source.
    var origin: ExtractedString.Origin = .swift
    /// The table the call names, if any.
    var table: String?
    /// The comment the call gives, if any.
    var comment: String?
    /// A literal giving the development-language value (`defaultValue:`).
    var valueLiteral: StringLiteralExprSyntax?
    /// A plain value (`NSLocalizedString`'s `value:`).
    var value: String?
    /// Whether the key must be a literal without interpolations (`NSLocalizedString`).
    var plainOnly = false
    /// Which extraction finds the key: every one, or only the compiler's (``SwiftExtraction``).
    var extraction = SwiftExtraction.compiler
}

/// How Swift strings are extracted: by the compiler (`SWIFT_EMIT_LOC_STRINGS`), or by a localization export without
/// it, which finds only `NSLocalizedString`-like calls and, with `LOCALIZED_STRING_SWIFTUI_SUPPORT`, the literals
/// of `Text()` (docs/extraction.md, "Export").
package enum SwiftExtraction: Sendable, Hashable, Comparable {
    /// Only `NSLocalizedString` and the `LOCALIZED_STRING_MACRO_NAMES`.
    case localizedStringMacros
    /// Those, and the literal of `Text()` (`LOCALIZED_STRING_SWIFTUI_SUPPORT`).
    case textLiterals
    /// Every key position the compiler types as a key (`SWIFT_EMIT_LOC_STRINGS`).
    case compiler
}

/// The second pass over one file: finds the literals Xcode extracts.
final class StringFinder: SyntaxVisitor {
    private let path: String
    private let lines: SourceLines
    private let macroNames: Set<String>
    private let platforms: Set<String>?
    private let extraction: SwiftExtraction
    let types: TypeResolver
    private let contextTypes: ContextTypes
    /// Whether the SDK's `LocalizedStringResource` overloads exist (``SwiftCodeReader/resourceOverloads``).
    var resourceOverloads = true
    private(set) var found: [ExtractedString] = []
    private(set) var diagnostics = Diagnostics()

    init(
        path: String, text: String, index: ProjectIndex, macroNames: Set<String>, platforms: Set<String>? = nil,
        extraction: SwiftExtraction = .compiler, members: MemberTypes = MemberTypes(),
        declarations: ScopeDeclarations = ScopeDeclarations()
    ) {
        self.path = path
        self.lines = SourceLines(path: path, text: text)
        self.macroNames = macroNames
        self.platforms = platforms
        self.extraction = extraction
        self.types = TypeResolver(index: index, members: members, declarations: declarations)
        self.contextTypes = ContextTypes(index: index, types: types)
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        for clause in BuildConfiguration.activeClauses(of: node, platforms: platforms) {
            if let elements = clause.elements { walk(elements) }
        }
        return .skipChildren
    }

    /// `#Preview { … }` is not compiled into the app: its strings are not extracted.
    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? .skipChildren : .visitChildren
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? .skipChildren : .visitChildren
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        guard let context = context(of: node), context.extraction <= extraction else { return .visitChildren }
        let location = lines.location(of: node.positionAfterSkippingLeadingTrivia.utf8Offset)
        let hasInterpolation = node.segments.contains { $0.is(ExpressionSegmentSyntax.self) }
        if context.plainOnly && hasInterpolation { return .visitChildren }
        guard let (key, unresolved, notes) = renderKey(node, lines: lines) else {
            diagnostics.append(
                Diagnostic(.warning, "cannot read this string literal; it is not extracted", at: location))
            return .visitChildren
        }
        var value = context.value
        if let literal = context.valueLiteral {
            value = LiteralRendering.render(literal, specifier: specifier(for:))
        }
        if value == key || value == "" { value = nil }
        found.append(
            ExtractedString(
                key: key,
                value: value,
                comment: context.comment.flatMap { $0.isEmpty ? nil : $0 },
                table: context.table.flatMap { $0.isEmpty ? nil : $0 }
                    ?? (context.origin == .appShortcut ? "AppShortcuts" : "Localizable"),
                location: location,
                origin: context.origin
            )
        )
        found[found.count - 1].unresolvedSpecifiers = unresolved
        for note in notes { diagnostics.append(note) }
        return .visitChildren
    }

    /// A case without a raw value of `enum E: LocalizedStringKey`: its implicit raw value, the case's name, is a key.
    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
        guard node.rawValue == nil, node.parameterClause == nil, extraction == .compiler,
            Self.keyRawEnum(of: node) != nil
        else { return .visitChildren }
        var key = node.name.text
        if key.hasPrefix("`") && key.hasSuffix("`") && key.count > 1 { key = String(key.dropFirst().dropLast()) }
        found.append(
            ExtractedString(
                key: key, value: nil, comment: nil, table: "Localizable",
                location: lines.location(of: node.name.positionAfterSkippingLeadingTrivia.utf8Offset),
                origin: .swift
            )
        )
        return .visitChildren
    }

    /// The enum declaring `element` when its raw type (the first inherited type) is a key type.
    static func keyRawEnum(of element: EnumCaseElementSyntax) -> EnumDeclSyntax? {
        guard let enumDecl = element.parent?.parent?.parent?.parent?.parent?.parent?.as(EnumDeclSyntax.self),
            let rawType = enumDecl.inheritanceClause?.inheritedTypes.first?.type,
            KnownAPIs.isKeyType(rawType.trimmedDescription)
        else { return nil }
        return enumDecl
    }

    // MARK: Interpolations

    /// The format specifier of one interpolation (docs/extraction.md, fact 12).
    func specifier(for segment: ExpressionSegmentSyntax) -> String {
        interpolationSpecifier(for: segment).text
    }

    // MARK: Context

    private typealias Container = ExpressionContainer

    /// Whether `type` is a key type once the containers (innermost first) are unwrapped.
    private func isKeyType(_ type: String, inside containers: [Container]) -> Bool {
        ExpressionContainer.unwrap(type, containers, strippingOptionals: false).map(KnownAPIs.isKeyType) ?? false
    }

    /// The context that makes the compiler type `literal` as a key, or nil (``ContainerWalk``).
    private func context(of literal: StringLiteralExprSyntax) -> KeyContext? {
        ContainerWalk.walk(from: Syntax(literal)) { place, node, containers -> ContainerWalk.Decision<KeyContext> in
            switch place {
            case .argument(let labeled, let position, let owner):
                if let call = owner.as(FunctionCallExprSyntax.self) {
                    return .done(callContext(call, argument: labeled, position: position, containers: containers))
                }
                if let attribute = owner.as(AttributeSyntax.self), containers.isEmpty, let label = labeled.label?.text {
                    let name = attribute.attributeName.trimmedDescription
                    return .done(KnownAPIs.attributeKeyParameters[name]?.contains(label) == true ? KeyContext() : nil)
                }
                return .done(nil)
            case .result(let owner):
                return .done(returnContext(from: owner, containers))
            case .other(let parent):
                return otherContext(parent, node: node, containers)
            }
        }
    }

    /// The context at a parent of `node` that is not a container: a sequence (`?:`, `??`, `=`, `as`), or an
    /// initializer clause.
    private func otherContext(_ parent: Syntax, node: Syntax, _ containers: [Container])
        -> ContainerWalk.Decision<KeyContext>
    {
        if let list = parent.as(ExprListSyntax.self), hasStringBranch(list) {
            return .done(nil)  // `name.isEmpty ? "Anonymous" : name` is a `String`
        }
        if let list = parent.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self) {
            // Neighbours by index (constant time): copying the list for each of its literals was quadratic in
            // a long sequence (`"a" + "b" + …`).
            guard let index = node.as(ExprSyntax.self).flatMap({ list.index(of: $0) }) else { return .done(nil) }
            let position = list.distance(from: list.startIndex, to: index)
            func element(_ offset: Int) -> ExprSyntax? {
                let target = position + offset
                guard target >= 0, target < list.count else { return nil }
                return list[list.index(index, offsetBy: offset)]
            }
            if let next = element(1), next.is(UnresolvedAsExprSyntax.self),
                let type = element(2)?.as(TypeExprSyntax.self)
            {
                return .done(isKeyType(type.type.trimmedDescription, inside: containers) ? KeyContext() : nil)
            }
            guard position > 0, let previous = element(-1) else { return .done(nil) }
            // A branch of `?:` or the default of `??`: the whole sequence's context, or an assignment in it.
            if previous.is(AssignmentExprSyntax.self) {
                return .done(assignmentContext(target: element(-2), containers))
            }
            let isDefault = previous.as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
            if isDefault, let left = element(-2), !isKeyOptional(left) { return .done(nil) }
            let isBranch =
                isDefault || previous.is(UnresolvedTernaryExprSyntax.self)
                || list[index].is(UnresolvedTernaryExprSyntax.self)
            guard isBranch else { return .done(nil) }
            if let assignment = lastAssignment(in: list, before: position) {
                return .done(assignmentContext(target: assignment.target, containers))
            }
            return .climb(Syntax(sequence))
        }
        if let initializer = parent.as(InitializerClauseSyntax.self) {
            guard let owner = initializer.parent else { return .done(nil) }
            if let binding = owner.as(PatternBindingSyntax.self), let type = binding.typeAnnotation?.type {
                return .done(isKeyType(type.trimmedDescription, inside: containers) ? KeyContext() : nil)
            }
            if let parameter = owner.as(FunctionParameterSyntax.self) {
                return .done(isKeyType(parameter.type.trimmedDescription, inside: containers) ? KeyContext() : nil)
            }
            if let element = owner.as(EnumCaseElementSyntax.self), containers.isEmpty {
                return .done(Self.keyRawEnum(of: element) != nil ? KeyContext() : nil)
            }
            return .done(nil)
        }
        return .done(nil)
    }

    /// Whether each sequence met has a branch of `?:` that is a `String` (found once per sequence).
    private var stringBranches: [SyntaxIdentifier: Bool] = [:]

    /// Whether a branch of the `?:` in `list` is a non-literal whose type is known and not a key: the whole
    /// expression is then that type (`name.isEmpty ? "Anonymous" : name` is a `String`, not extracted).
    private func hasStringBranch(_ list: ExprListSyntax) -> Bool {
        if let known = stringBranches[list.id] { return known }
        var branches: [ExprSyntax] = []
        var afterLast: [ExprSyntax] = []
        for element in list {
            if let ternary = element.as(UnresolvedTernaryExprSyntax.self) {
                branches.append(ternary.thenExpression)
                afterLast = []
            } else {
                afterLast.append(element)
            }
        }
        var result = false
        if !branches.isEmpty {
            if afterLast.count == 1, let last = afterLast.first { branches.append(last) }
            result = branches.contains(where: isNonKeyValue)
        }
        stringBranches[list.id] = result
        return result
    }

    /// Whether `expression` is not a literal and its type is not a key type: known to be another type, or not known
    /// at all (a branch of unknown type makes the `?:` a plain `String`, as for the left side of `??`: the compiler
    /// types `flag ? "On" : label` by `label`, and a key type is one the reader would know).
    private func isNonKeyValue(_ expression: ExprSyntax) -> Bool {
        var expression = expression
        while let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1,
            let inner = tuple.elements.first?.expression
        {
            expression = inner
        }
        if expression.is(StringLiteralExprSyntax.self) || expression.is(NilLiteralExprSyntax.self)
            || expression.is(SequenceExprSyntax.self)
        {
            return false
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(MemberAccessExprSyntax.self).map({ $0.base == nil }) == true
        {
            return false  // `.init(…)`: typed by the context
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil {
            return false  // `.none`, `.title`: an implicit member, typed by the context
        }
        guard let type = types.type(of: expression) else {
            let text = expression.trimmedDescription
            return !text.contains("LocalizedStringKey") && !text.contains("LocalizedStringResource")
        }
        return !KnownAPIs.isKeyType(type)
    }

    /// The assignments (`=`) of each sequence met, with their positions and targets, found once per sequence.
    private var assignments: [SyntaxIdentifier: [(position: Int, target: ExprSyntax?)]] = [:]

    /// The last `=` before `position` in `list`, and what it assigns to.
    private func lastAssignment(in list: ExprListSyntax, before position: Int) -> (position: Int, target: ExprSyntax?)?
    {
        let found: [(position: Int, target: ExprSyntax?)]
        if let known = assignments[list.id] {
            found = known
        } else {
            var result: [(position: Int, target: ExprSyntax?)] = []
            var previous: ExprSyntax?
            for (offset, element) in list.enumerated() {
                if element.is(AssignmentExprSyntax.self) { result.append((offset, previous)) }
                previous = element
            }
            found = result
            assignments[list.id] = found
        }
        var low = 0
        var high = found.count
        while low < high {
            let middle = (low + high) / 2
            if found[middle].position < position { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? found[low - 1] : nil
    }

    /// Whether the left side of `??` is a key: `title ?? "Untitled"` is a key only when `title` is one
    /// (`name ?? "No name"` with a `String` is a `String`).
    private func isKeyOptional(_ expression: ExprSyntax) -> Bool {
        if let type = types.type(of: expression) { return KnownAPIs.isKeyType(type) }
        let text = expression.trimmedDescription
        return text.contains("LocalizedStringKey") || text.contains("LocalizedStringResource")
    }

    /// The context of a value returned from the function, getter or subscript around `node`.
    private func returnContext(from node: Syntax, _ containers: [Container]) -> KeyContext? {
        var current: Syntax? = node
        while let this = current {
            if let function = this.as(FunctionDeclSyntax.self) {
                guard let type = function.signature.returnClause?.type else { return nil }
                return isKeyType(type.trimmedDescription, inside: containers) ? KeyContext() : nil
            }
            if let subscriptDecl = this.as(SubscriptDeclSyntax.self) {
                return isKeyType(subscriptDecl.returnClause.type.trimmedDescription, inside: containers)
                    ? KeyContext() : nil
            }
            if let binding = this.as(PatternBindingSyntax.self) {
                guard let type = binding.typeAnnotation?.type else { return nil }
                return isKeyType(type.trimmedDescription, inside: containers) ? KeyContext() : nil
            }
            if let closure = this.as(ClosureExprSyntax.self) {
                // A declared return type, or `{ … }()` called where a key is expected.
                guard
                    let type = closure.signature?.returnClause?.type.trimmedDescription
                        ?? contextTypes.immediateCallType(of: closure, depth: 0)
                else { return nil }
                return isKeyType(type, inside: containers) ? KeyContext() : nil
            }
            if this.is(InitializerDeclSyntax.self) || this.is(SourceFileSyntax.self) { return nil }
            current = this.parent
        }
        return nil
    }

    /// `target = "…"`: extracted when the assigned property or variable is declared with a key type.
    private func assignmentContext(target: ExprSyntax?, _ containers: [Container]) -> KeyContext? {
        guard let target else { return nil }
        if let reference = target.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if let type = contextTypes.ownPropertyType(of: name, from: Syntax(target)) {
                return isKeyType(type, inside: containers) ? KeyContext() : nil
            }
            return nil
        }
        if let member = target.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self",
                let type = contextTypes.ownPropertyType(of: name, from: Syntax(target))
            {
                return isKeyType(type, inside: containers) ? KeyContext() : nil
            }
            // `model.alertTitle = …`: the property as the type of `model` declares it.
            if let base = member.base, let type = contextTypes.memberType(name, of: base) {
                return isKeyType(type, inside: containers) ? KeyContext() : nil
            }
            let index = types.index
            guard containers.isEmpty, index.keyProperties.contains(name), !index.otherProperties.contains(name) else {
                return nil
            }
            return KeyContext()
        }
        return nil
    }

    /// The name a call is known by: the type of an initialiser, the method's name, or nil for `.init(…)`.
    private func calleeName(_ call: FunctionCallExprSyntax) -> String? {
        var callee = call.calledExpression
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = callee.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if name == "init" {
                if let base = member.base?.as(DeclReferenceExprSyntax.self) { return base.baseName.text }
                if let base = member.base?.as(MemberAccessExprSyntax.self) { return base.declName.baseName.text }
                return nil
            }
            return name
        }
        return nil
    }

    /// The first argument of each label of each call met, found once per call.
    private var callArguments: [SyntaxIdentifier: [String: ExprSyntax]] = [:]

    /// The first argument of each label of `call`.
    private func labelledArguments(of call: FunctionCallExprSyntax) -> [String: ExprSyntax] {
        if let known = callArguments[call.id] { return known }
        var result: [String: ExprSyntax] = [:]
        for argument in call.arguments {
            if let label = argument.label?.text, result[label] == nil { result[label] = argument.expression }
        }
        callArguments[call.id] = result
        return result
    }

    private func callContext(
        _ call: FunctionCallExprSyntax,
        argument: LabeledExprSyntax,
        position: Int,
        containers: [Container]
    ) -> KeyContext? {
        let label = argument.label?.text
        let arguments = labelledArguments(of: call)
        func plain(_ name: String) -> String? {
            LiteralRendering.plainValue(of: arguments[name])
        }
        func literal(_ name: String) -> StringLiteralExprSyntax? {
            arguments[name]?.as(StringLiteralExprSyntax.self)
        }
        let name = calleeName(call)

        // `String(localized:)`, `.init(localized:)`, `AttributedString(localized:)`: a `String.LocalizationValue`.
        if label == "localized", position == 0, containers.isEmpty {
            return KeyContext(
                table: plain("table"),
                comment: plain("comment"),
                valueLiteral: literal("defaultValue")
            )
        }
        // An implicit member or `Self(…)`: the initialiser or case of the type the context expects; failing a
        // project declaration that fits, `.init("k", table: "T", comment: "c")` is a `LocalizedStringResource`
        // (only its initialiser takes those labels).
        let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        let isImplicit =
            member.map { $0.base == nil } == true
            || call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Self"
            || (member?.declName.baseName.text == "init"
                && member?.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Self")
        if isImplicit {
            let callee = contextTypes.resolvedCallee(of: call, depth: 0)
            if let callee, !contextTypes.rankedSignatures(for: callee, call: call).isEmpty {
                return projectContext(callee, call: call, position: position, containers: containers)
            }
            if label == nil, position == 0, containers.isEmpty, ContextTypes.isImplicitResource(call) {
                return KeyContext(
                    table: plain("table"), comment: plain("comment"), valueLiteral: literal("defaultValue"))
            }
            guard let callee, containers.isEmpty, let labels = KnownAPIs.keyParameters[callee.name],
                labels.contains(label), label != nil || position == 0
            else { return nil }
            return KeyContext(
                table: plain("tableName") ?? plain("table"), comment: plain("comment"),
                valueLiteral: literal("defaultValue"))
        }
        guard let name else { return valueCallContext(call, label: label, position: position, containers: containers) }
        // A method of the type around an unqualified call shadows an SDK modifier of that name (`badge(_:)`).
        if contextTypes.isMemberName(name), let callee = contextTypes.resolvedCallee(of: call, depth: 0),
            callee.name == name, contextTypes.isOwnMember(callee, call: call)
        {
            return projectContext(callee, call: call, position: position, containers: containers)
        }
        if name == "NSLocalizedString" || macroNames.contains(name) {
            guard label == nil, position == 0, containers.isEmpty else { return nil }
            return KeyContext(
                table: plain("tableName"), comment: plain("comment"), value: plain("value"), plainOnly: true,
                extraction: .localizedStringMacros)
        }
        if name == "AppShortcut", label == "phrases", containers == [.arrayElement] {
            return KeyContext(origin: .appShortcut)
        }
        if containers.isEmpty, let labels = KnownAPIs.keyParameters[name], labels.contains(label),
            resourceOverloads || !KnownAPIs.resourceOverloadOnly.contains(name),
            label != nil || position == 0,
            !KnownAPIs.implicitMemberOnly.contains(name)
                || call.calledExpression.as(MemberAccessExprSyntax.self)?.base == nil
        {
            return KeyContext(
                table: plain("tableName") ?? plain("table"),
                comment: plain("comment"),
                valueLiteral: literal("defaultValue"),
                extraction: name == "Text" && label == nil ? .textLiterals : .compiler
            )
        }
        if containers == [.arrayElement], let labels = KnownAPIs.keyArrayParameters[name], labels.contains(label) {
            return KeyContext()
        }
        guard types.index.signatures[name] != nil, let callee = contextTypes.resolvedCallee(of: call, depth: 0),
            callee.name == name
        else { return valueCallContext(call, label: label, position: position, containers: containers) }
        return projectContext(callee, call: call, position: position, containers: containers)
    }

    /// A call through a value: a local, parameter or stored property of function type.
    ///
    /// `let onPick: (LocalizedStringKey) -> Void` called as `onPick("Done")`: its parameter at `position` is a key
    /// parameter when the declared function type says so. A function type's parameters have no labels.
    private func valueCallContext(
        _ call: FunctionCallExprSyntax, label: String?, position: Int, containers: [Container]
    ) -> KeyContext? {
        guard label == nil else { return nil }
        var callee = call.calledExpression
        // `describe?("…")`, `describe!("…")`: a value of optional function type.
        if let chain = callee.as(OptionalChainingExprSyntax.self) { callee = chain.expression }
        if let unwrap = callee.as(ForceUnwrapExprSyntax.self) { callee = unwrap.expression }
        let declared: String?
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            declared = contextTypes.ownPropertyType(of: reference.baseName.text, from: Syntax(callee))
        } else if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = member.declName.baseName.text
            declared =
                base.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
                ? contextTypes.ownPropertyType(of: name, from: Syntax(callee))
                : contextTypes.memberType(name, of: base)
        } else {
            declared = nil
        }
        guard let declared, let parameters = TypeNames.functionParameters(declared), position < parameters.count
        else { return nil }
        return isKeyType(parameters[position], inside: containers) ? KeyContext() : nil
    }

    /// A call of a project function, initialiser or enum case whose parameter has a key type, among the overloads
    /// the compiler ranks first (``ContextTypes/rankedSignatures(for:call:)``); an overload taking `String` wins.
    private func projectContext(
        _ callee: ContextTypes.Callee,
        call: FunctionCallExprSyntax,
        position: Int,
        containers: [Container]
    ) -> KeyContext? {
        var isKey = false
        var isOther = false
        for type in contextTypes.candidateTypes(for: callee, call: call, position: position) {
            if isKeyType(type, inside: containers) { isKey = true } else { isOther = true }
        }
        return isKey && !isOther ? KeyContext() : nil
    }

    /// The parameter index of every argument when `labels` fit `signature`, or nil.
    static func match(_ labels: [String?], to signature: ProjectIndex.Signature, trailingClosures: Int) -> [Int]? {
        var result: [Int] = []
        var parameter = 0
        let parameters = signature.parameters
        for label in labels {
            while parameter < parameters.count, parameters[parameter].label != label {
                guard parameters[parameter].optional else { return nil }
                parameter += 1
            }
            guard parameter < parameters.count else { return nil }
            result.append(parameter)
            parameter += 1
        }
        let required = parameters[parameter...].filter { !$0.optional }.count
        return required <= trailingClosures ? result : nil
    }
}
