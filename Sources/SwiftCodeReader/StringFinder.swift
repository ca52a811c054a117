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
    private let lines: LineIndex
    private let macroNames: Set<String>
    private let platforms: Set<String>?
    private let extraction: SwiftExtraction
    let types: TypeResolver
    private(set) var found: [ExtractedString] = []
    private(set) var diagnostics = Diagnostics()

    init(
        path: String, text: String, index: ProjectIndex, macroNames: Set<String>, platforms: Set<String>? = nil,
        extraction: SwiftExtraction = .compiler, members: MemberTypes = MemberTypes()
    ) {
        self.path = path
        self.lines = LineIndex(path: path, text: text)
        self.macroNames = macroNames
        self.platforms = platforms
        self.extraction = extraction
        self.types = TypeResolver(index: index, members: members)
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

    // MARK: Interpolations

    /// The format specifier of one interpolation (docs/extraction.md, fact 12).
    func specifier(for segment: ExpressionSegmentSyntax) -> String {
        interpolationSpecifier(for: segment).text
    }

    // MARK: Context

    private enum Container: Equatable {
        case array
        case dictionaryValue
    }

    /// Whether `type` is a key type once the containers (innermost first) are unwrapped.
    private func isKeyType(_ type: String, inside containers: [Container]) -> Bool {
        var type = type
        for container in containers.reversed() {
            switch container {
            case .array:
                guard let element = TypeNames.arrayElement(type) else { return false }
                type = element
            case .dictionaryValue:
                guard let value = TypeNames.dictionaryValue(type) else { return false }
                type = value
            }
        }
        return KnownAPIs.isKeyType(type)
    }

    /// The context that makes the compiler type `literal` as a key, or nil.
    private func context(of literal: StringLiteralExprSyntax) -> KeyContext? {
        var node = Syntax(literal)
        var containers: [Container] = []
        while let parent = node.parent {
            if let labeled = parent.as(LabeledExprSyntax.self) {
                guard let list = labeled.parent?.as(LabeledExprListSyntax.self), let owner = list.parent else {
                    return nil
                }
                if let tuple = owner.as(TupleExprSyntax.self) {
                    guard list.count == 1, labeled.label == nil else { return nil }
                    node = Syntax(tuple)
                    continue
                }
                let position = list.distance(from: list.startIndex, to: list.index(of: labeled) ?? list.startIndex)
                if let call = owner.as(FunctionCallExprSyntax.self) {
                    return callContext(call, argument: labeled, position: position, containers: containers)
                }
                if let attribute = owner.as(AttributeSyntax.self), containers.isEmpty, let label = labeled.label?.text {
                    let name = attribute.attributeName.trimmedDescription
                    return KnownAPIs.attributeKeyParameters[name]?.contains(label) == true ? KeyContext() : nil
                }
                return nil
            }
            if parent.is(ArrayElementSyntax.self) {
                guard let array = parent.parent?.parent, array.is(ArrayExprSyntax.self) else { return nil }
                containers.append(.array)
                node = array
                continue
            }
            if let element = parent.as(DictionaryElementSyntax.self) {
                guard element.value.id == node.id, let dictionary = parent.parent?.parent,
                    dictionary.is(DictionaryExprSyntax.self)
                else { return nil }
                containers.append(.dictionaryValue)
                node = dictionary
                continue
            }
            if let ternary = parent.as(UnresolvedTernaryExprSyntax.self) {
                guard ternary.thenExpression.id == node.id else { return nil }
                node = Syntax(ternary)
                continue
            }
            if let list = parent.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self) {
                // Neighbours by index (constant time): copying the list for each of its literals was quadratic in
                // a long sequence (`"a" + "b" + …`).
                guard let index = node.as(ExprSyntax.self).flatMap({ list.index(of: $0) }) else { return nil }
                let position = list.distance(from: list.startIndex, to: index)
                func element(_ offset: Int) -> ExprSyntax? {
                    let target = position + offset
                    guard target >= 0, target < list.count else { return nil }
                    return list[list.index(index, offsetBy: offset)]
                }
                if let next = element(1), next.is(UnresolvedAsExprSyntax.self),
                    let type = element(2)?.as(TypeExprSyntax.self)
                {
                    return isKeyType(type.type.trimmedDescription, inside: containers) ? KeyContext() : nil
                }
                guard position > 0, let previous = element(-1) else { return nil }
                // A branch of `?:` or the default of `??`: the whole sequence's context, or an assignment in it.
                if previous.is(AssignmentExprSyntax.self) {
                    return assignmentContext(target: element(-2), containers)
                }
                let isDefault = previous.as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
                if isDefault, let left = element(-2), !isKeyOptional(left) { return nil }
                let isBranch =
                    isDefault || previous.is(UnresolvedTernaryExprSyntax.self)
                    || list[index].is(UnresolvedTernaryExprSyntax.self)
                guard isBranch else { return nil }
                if let assignment = lastAssignment(in: list, before: position) {
                    return assignmentContext(target: assignment.target, containers)
                }
                node = Syntax(sequence)
                continue
            }
            if let initializer = parent.as(InitializerClauseSyntax.self) {
                guard let owner = initializer.parent else { return nil }
                if let binding = owner.as(PatternBindingSyntax.self), let type = binding.typeAnnotation?.type {
                    return isKeyType(type.trimmedDescription, inside: containers) ? KeyContext() : nil
                }
                if let parameter = owner.as(FunctionParameterSyntax.self) {
                    return isKeyType(parameter.type.trimmedDescription, inside: containers) ? KeyContext() : nil
                }
                return nil
            }
            if parent.is(ReturnStmtSyntax.self) {
                return returnContext(from: parent, containers)
            }
            if let item = parent.as(CodeBlockItemSyntax.self) {
                guard let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1,
                    let owner = list.parent
                else { return nil }
                if owner.is(AccessorBlockSyntax.self) {
                    return returnContext(from: owner, containers)
                }
                if let block = owner.as(CodeBlockSyntax.self), let blockOwner = block.parent {
                    if blockOwner.is(FunctionDeclSyntax.self) || blockOwner.is(AccessorDeclSyntax.self) {
                        return returnContext(from: Syntax(block), containers)
                    }
                    if var ifExpression = blockOwner.as(IfExprSyntax.self) {
                        while let outer = ifExpression.parent?.as(IfExprSyntax.self) { ifExpression = outer }
                        node = Syntax(ifExpression)
                        continue
                    }
                    return nil
                }
                if let switchCase = owner.as(SwitchCaseSyntax.self),
                    let switchExpression = switchCase.parent?.parent?.as(SwitchExprSyntax.self)
                {
                    node = Syntax(switchExpression)
                    continue
                }
                return nil
            }
            if parent.is(ExpressionStmtSyntax.self) || parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self)
            {
                node = parent
                continue
            }
            return nil
        }
        return nil
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
                guard let type = closure.signature?.returnClause?.type else { return nil }
                return isKeyType(type.trimmedDescription, inside: containers) ? KeyContext() : nil
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
            if let type = types.declaredType(of: name, from: Syntax(target)) {
                return isKeyType(type, inside: containers) ? KeyContext() : nil
            }
            return nil
        }
        if let member = target.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self",
                let type = types.declaredType(of: name, from: Syntax(target))
            {
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
    /// How each call met fits each project signature of its name, found once per call.
    private var signatureMatches: [SyntaxIdentifier: [[Int]?]] = [:]

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
        guard let name else { return nil }
        if name == "NSLocalizedString" || macroNames.contains(name) {
            guard label == nil, position == 0, containers.isEmpty else { return nil }
            return KeyContext(
                table: plain("tableName"), comment: plain("comment"), value: plain("value"), plainOnly: true,
                extraction: .localizedStringMacros)
        }
        if name == "AppShortcut", label == "phrases", containers == [.array] {
            return KeyContext(origin: .appShortcut)
        }
        if containers.isEmpty, let labels = KnownAPIs.keyParameters[name], labels.contains(label),
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
        if containers == [.array], let labels = KnownAPIs.keyArrayParameters[name], labels.contains(label) {
            return KeyContext()
        }
        return projectContext(name: name, call: call, position: position, containers: containers)
    }

    /// A call of a project function, initialiser or enum case whose parameter has a key type.
    private func projectContext(
        name: String,
        call: FunctionCallExprSyntax,
        position: Int,
        containers: [Container]
    ) -> KeyContext? {
        guard let signatures = types.index.signatures[name] else { return nil }
        // Matched once per call, not once per literal argument (quadratic in a call with many arguments).
        let matches: [[Int]?]
        if let known = signatureMatches[call.id] {
            matches = known
        } else {
            let labels = call.arguments.map { $0.label?.text }
            let trailing = (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count
            matches = signatures.map { Self.match(labels, to: $0, trailingClosures: trailing) }
            signatureMatches[call.id] = matches
        }
        var isKey = false
        var isOther = false
        for (signature, parameters) in zip(signatures, matches) {
            guard let parameters else { continue }
            let type = signature.parameters[parameters[position]].type
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
