import SwiftSyntax

/// What the first pass learns from every file of the project: which functions, initialisers, enum cases and
/// properties take keys, and the declared types of names (for interpolations' format specifiers).
struct ProjectIndex: Sendable {
    /// One declared parameter list.
    struct Signature: Sendable, Hashable {
        /// One parameter.
        struct Parameter: Sendable, Hashable {
            /// The argument label (`nil` for `_`).
            var label: String?
            /// The type as written.
            var type: String
            /// Whether a call may leave it out (a default value, or a closure given as trailing closure).
            var optional: Bool
        }
        /// The parameters in order.
        var parameters: [Parameter]
        /// The innermost type the declaration is a member of (last component of an extension's name), nil for a
        /// global function.
        var owner: String? = nil
        /// Whether it is marked `@_disfavoredOverload` (ranked below every other overload that fits).
        var disfavored = false
    }

    /// Callee name → parameter lists of functions, initialisers (by type name), memberwise initialisers and enum
    /// cases (all of them: an overload taking `String` wins over one taking a key).
    var signatures: [String: [Signature]] = [:]
    /// Names of properties (members of types, and globals; not locals) declared with a key type (assignments to them
    /// are extracted).
    var keyProperties: Set<String> = []
    /// Names of properties declared with another type (a name declared both ways is left alone).
    var otherProperties: Set<String> = []
    /// Type name → the types it inherits from or conforms to (last components), as its declarations and
    /// extensions list them.
    var supertypes: [String: Set<String>] = [:]
    /// Type name → its stored and computed properties' declared types, by property name.
    var memberTypes: [String: [String: Set<String>]] = [:]
    /// Name → the types it is declared with anywhere in the project.
    var valueTypes: [String: Set<String>] = [:]
    /// Function name → declared return types.
    var returnTypes: [String: Set<String>] = [:]

    /// Merges another file's index.
    mutating func merge(_ other: ProjectIndex) {
        signatures.merge(other.signatures) { $0 + $1 }
        keyProperties.formUnion(other.keyProperties)
        otherProperties.formUnion(other.otherProperties)
        valueTypes.merge(other.valueTypes) { $0.union($1) }
        memberTypes.merge(other.memberTypes) { $0.merging($1) { $0.union($1) } }
        supertypes.merge(other.supertypes) { $0.union($1) }
        returnTypes.merge(other.returnTypes) { $0.union($1) }
    }

    /// The single type `name` is declared with, or nil when it is unknown or declared with several types.
    ///
    /// Types that give the same format specifier count as one (the least name of them is returned, the same on every
    /// run), unless some are key types and some are not: that decides whether a literal is a key, so it is not known.
    func uniqueType(of name: String) -> String? {
        guard let types = valueTypes[name] else { return nil }
        if types.count == 1 { return types.first }
        let keyTypes = types.filter(KnownAPIs.isKeyType)
        if !keyTypes.isEmpty && keyTypes.count != types.count { return nil }
        let specifiers = Set(types.map(TypeNames.specifier(for:)))
        return specifiers.count == 1 ? types.min() : nil
    }
}

/// Builds a file's `ProjectIndex`.
final class DeclarationCollector: SyntaxVisitor {
    private(set) var index = ProjectIndex()
    private var typeNames: [String] = []

    init() {
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        typeNames.append(node.name.text)
        collectSupertypes(node.inheritanceClause)
        collectMemberwiseInitialiser(of: node)
        return .visitChildren
    }

    override func visitPost(_ node: StructDeclSyntax) { typeNames.removeLast() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        typeNames.append(node.name.text)
        collectSupertypes(node.inheritanceClause)
        return .visitChildren
    }

    override func visitPost(_ node: ClassDeclSyntax) { typeNames.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        typeNames.append(node.name.text)
        collectSupertypes(node.inheritanceClause)
        return .visitChildren
    }

    override func visitPost(_ node: EnumDeclSyntax) { typeNames.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        typeNames.append(node.name.text)
        collectSupertypes(node.inheritanceClause)
        return .visitChildren
    }

    override func visitPost(_ node: ActorDeclSyntax) { typeNames.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        typeNames.append(node.extendedType.trimmedDescription)
        collectSupertypes(node.inheritanceClause)
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { typeNames.removeLast() }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        var signature = signature(of: node.signature.parameterClause.parameters)
        signature.disfavored = Self.isDisfavored(node.attributes)
        add(signature, for: name)
        if let returnType = node.signature.returnClause?.type {
            index.returnTypes[name, default: []].insert(TypeNames.strippingOptional(returnType.trimmedDescription))
        }
        return .visitChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        if let typeName = typeNames.last {
            var signature = signature(of: node.signature.parameterClause.parameters)
            signature.disfavored = Self.isDisfavored(node.attributes)
            add(signature, for: TypeNames.lastComponent(typeName))
        }
        return .visitChildren
    }

    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
        guard let parameters = node.parameterClause?.parameters else { return .visitChildren }
        let signature = ProjectIndex.Signature(
            parameters: parameters.map { parameter in
                .init(
                    label: parameter.firstName.flatMap { $0.text == "_" ? nil : $0.text },
                    type: parameter.type.trimmedDescription,
                    optional: parameter.defaultValue != nil
                )
            }
        )
        add(signature, for: node.name.text)
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        // Only members and globals can be reached as `base.name`; locals are for the scope walk of `TypeResolver`.
        let isMember = node.parent?.is(MemberBlockItemSyntax.self) == true
        let isGlobal = node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            let type =
                binding.typeAnnotation.map { $0.type.trimmedDescription }
                ?? binding.initializer.flatMap { Self.literalType(of: $0.value) }
            guard let type else { continue }
            index.valueTypes[name, default: []].insert(TypeNames.strippingOptional(type))
            if isMember, let owner = typeNames.last {
                index.memberTypes[TypeNames.lastComponent(owner), default: [:]][name, default: []].insert(type)
            }
            guard isMember || isGlobal else { continue }
            if KnownAPIs.isKeyType(type) {
                index.keyProperties.insert(name)
            } else {
                index.otherProperties.insert(name)
            }
        }
        return .visitChildren
    }

    /// The type of an initial value that needs no context: literals and calls of a type's initialiser.
    static func literalType(of expression: ExprSyntax) -> String? {
        if expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if expression.is(FloatLiteralExprSyntax.self) { return "Double" }
        if expression.is(StringLiteralExprSyntax.self) { return "String" }
        if expression.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if let call = expression.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
            let first = callee.baseName.text.first, first.isUppercase
        {
            return callee.baseName.text
        }
        return nil
    }

    private func signature(of parameters: FunctionParameterListSyntax) -> ProjectIndex.Signature {
        ProjectIndex.Signature(
            parameters: parameters.map { parameter in
                let type = parameter.type.trimmedDescription
                return .init(
                    label: parameter.firstName.text == "_" ? nil : parameter.firstName.text,
                    type: type,
                    optional: parameter.defaultValue != nil || parameter.ellipsis != nil
                        || parameter.type.is(FunctionTypeSyntax.self) || type.hasPrefix("@")
                )
            }
        )
    }

    private func add(_ signature: ProjectIndex.Signature, for name: String) {
        var signature = signature
        signature.owner = typeNames.last.map(TypeNames.lastComponent)
        index.signatures[name, default: []].append(signature)
    }

    private func collectSupertypes(_ clause: InheritanceClauseSyntax?) {
        guard let clause, let typeName = typeNames.last.map(TypeNames.lastComponent) else { return }
        for inherited in clause.inheritedTypes {
            index.supertypes[typeName, default: []].insert(TypeNames.lastComponent(inherited.type.trimmedDescription))
        }
    }

    private static func isDisfavored(_ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "_disfavoredOverload" }
    }

    /// Property wrappers that are initialised without an argument: the memberwise initialiser leaves them out or
    /// gives them a default (either way a call need not pass them).
    private static let selfInitialisingWrappers: Set<String> = [
        "Environment", "EnvironmentObject", "Namespace", "FocusState", "FocusedValue", "FocusedObject",
        "FocusedBinding", "GestureState", "Query", "Dependency", "Shared",
    ]

    /// A struct without an initialiser in its body gets a memberwise one: its stored properties in order.
    ///
    /// A wrapped property (`@Binding var isOn: Bool`) is a parameter named like the property: of the wrapper's type
    /// for `@Binding` (`Binding<Bool>`), else of the wrapped type; one whose wrapper is initialised by the attribute
    /// (`@Environment(\.colorScheme)`, `@AppStorage("k")`) or by itself (`@EnvironmentObject`) may be left out.
    private func collectMemberwiseInitialiser(of node: StructDeclSyntax) {
        let members = node.memberBlock.members
        if members.contains(where: { $0.decl.is(InitializerDeclSyntax.self) }) { return }
        var parameters: [ProjectIndex.Signature.Parameter] = []
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                !variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) })
            else { continue }
            let isLet = variable.bindingSpecifier.text == "let"
            let wrapper = variable.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }.first
            let wrapperName = wrapper.map { TypeNames.lastComponent($0.attributeName.trimmedDescription) }
            let wrapperInitialised =
                wrapper?.arguments != nil || wrapperName.map(Self.selfInitialisingWrappers.contains) == true
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    binding.accessorBlock == nil || Self.isObserversOnly(binding.accessorBlock)
                else { continue }
                if isLet && binding.initializer != nil { continue }
                var type = binding.typeAnnotation?.type.trimmedDescription ?? ""
                if wrapperName == "Binding" { type = "Binding<\(type)>" }
                parameters.append(
                    .init(
                        label: name,
                        type: type,
                        // A `var` of an optional type defaults to nil; a `let` does not.
                        optional: binding.initializer != nil || wrapperInitialised || (!isLet && type.hasSuffix("?"))
                    )
                )
            }
        }
        add(ProjectIndex.Signature(parameters: parameters), for: node.name.text)
    }

    private static func isObserversOnly(_ block: AccessorBlockSyntax?) -> Bool {
        guard let block, case .accessors(let accessors) = block.accessors else { return false }
        return accessors.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
    }
}
