import StringBridgeSupport
import SwiftSyntax

/// What the context of an expression says its type is, without a type checker: the type an implicit member
/// (`.init(…)`, `.success(…)`, `Self(…)`) is looked up in, and the owner types a call's name resolves in first.
///
/// Everything here walks up from a node a bounded number of steps, and a call's parameter types recurse into the
/// call's own context at most `InputLimits.typeResolution` times (docs/security.md).
final class ContextTypes {
    let index: ProjectIndex
    let types: TypeResolver
    /// The ranked signatures of each call met, found once per call (a call with many literal arguments is matched
    /// once, not once per argument).
    private var ranked: [SyntaxIdentifier: [(signature: ProjectIndex.Signature, parameters: [Int])]] = [:]

    init(index: ProjectIndex, types: TypeResolver) {
        self.index = index
        self.types = types
    }

    /// How many parents the walk from an expression to the place that gives its type may climb.
    static let maximumSteps = 64

    /// The labels besides the key that only `LocalizedStringResource`'s initialiser takes together
    /// (`init(_:defaultValue:table:locale:bundle:comment:)`).
    static let resourceLabels: Set<String> = ["defaultValue", "table", "locale", "bundle", "comment"]
    /// Of those, the ones that tell it from other initialisers taking a name and a bundle (`Color(_:bundle:)`).
    static let distinctiveResourceLabels: Set<String> = ["defaultValue", "table", "comment"]

    /// Whether `call` is an implicit `.init("k", table:/defaultValue:/comment:/bundle:/locale:)`: a
    /// `LocalizedStringResource` wherever it appears (docs/extraction.md, "Implicit members").
    static func isImplicitResource(_ call: FunctionCallExprSyntax) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.baseName.text == "init", call.trailingClosure == nil,
            let first = call.arguments.first, first.label == nil, call.arguments.count > 1
        else { return false }
        let labels = call.arguments.dropFirst().map { $0.label?.text }
        guard labels.allSatisfy({ $0.map(resourceLabels.contains) == true }) else { return false }
        return labels.contains { $0.map(distinctiveResourceLabels.contains) == true }
            || call.arguments.contains { argument in
                // `bundle: .forClass(…)`/`.atURL(…)`: a `LocalizedStringResource.BundleDescription`, not a `Bundle`.
                guard argument.label?.text == "bundle",
                    let bundle = argument.expression.as(FunctionCallExprSyntax.self)?.calledExpression
                        .as(MemberAccessExprSyntax.self), bundle.base == nil
                else { return false }
                return ["forClass", "atURL"].contains(bundle.declName.baseName.text)
            }
    }

    /// The enclosing type names of each type declaration met, found once per declaration.
    private var enclosing: [SyntaxIdentifier: [String]] = [:]

    /// The names of the types around `node`, innermost first (an extension gives the last component of its name).
    func enclosingTypes(of node: Syntax) -> [String] {
        var current = node.parent
        while let this = current {
            let name: String?
            if let declaration = this.asProtocol(NamedDeclSyntax.self),
                this.is(StructDeclSyntax.self) || this.is(ClassDeclSyntax.self) || this.is(EnumDeclSyntax.self)
                    || this.is(ActorDeclSyntax.self)
            {
                name = declaration.name.text
            } else if let extensionDecl = this.as(ExtensionDeclSyntax.self) {
                name = TypeNames.lastComponent(extensionDecl.extendedType.trimmedDescription)
            } else {
                name = nil
            }
            if let name {
                if let known = enclosing[this.id] { return known }
                let result = [name] + enclosingTypes(of: this)
                enclosing[this.id] = result
                return result
            }
            current = this.parent
        }
        return []
    }

    /// The type name `Self` stands for at `node`.
    func selfType(at node: Syntax) -> String? {
        enclosingTypes(of: node).first
    }

    /// How many owner types a call's name is looked up in at most (enclosing types and what they inherit).
    static let maximumOwners = 32

    /// `types` (innermost first), each followed by what it inherits from or conforms to, transitively; bounded.
    ///
    /// A member of a superclass or of an extension of a protocol is found from the subtype.
    func withSupertypes(_ types: [String]) -> [String] {
        var result: [String] = []
        var seen: Set<String> = []
        for type in types {
            var queue = [type]
            var next = 0
            while next < queue.count, result.count < Self.maximumOwners {
                let current = queue[next]
                next += 1
                guard seen.insert(current).inserted else { continue }
                result.append(current)
                queue += index.supertypes[current]?.sorted() ?? []
            }
        }
        return result
    }

    /// Whether some project declaration named `name` is a member of a type.
    func isMemberName(_ name: String) -> Bool {
        index.signatures[name]?.contains { $0.owner != nil } == true
    }

    /// The type an implicit member call or access at `expression` is looked up in, or nil.
    ///
    /// It is given by the declaration it initialises, the function or property it is returned from, the parameter it
    /// is passed to, the variable it is assigned to, or the array it is appended to.
    func expectedType(of expression: Syntax, depth: Int = 0) -> String? {
        guard depth < InputLimits.typeResolution else { return nil }
        var node = expression
        var containers: [ExpectedContainer] = []
        var steps = 0
        while let parent = node.parent, steps < Self.maximumSteps {
            steps += 1
            if let labeled = parent.as(LabeledExprSyntax.self) {
                guard let list = labeled.parent?.as(LabeledExprListSyntax.self), let owner = list.parent else {
                    return nil
                }
                let position = list.distance(from: list.startIndex, to: list.index(of: labeled) ?? list.startIndex)
                if let tuple = owner.as(TupleExprSyntax.self) {
                    if !(list.count == 1 && labeled.label == nil) { containers.append(.tupleElement(position)) }
                    node = Syntax(tuple)
                    continue
                }
                guard let call = owner.as(FunctionCallExprSyntax.self),
                    let type = argumentType(of: call, position: position, depth: depth)
                else { return nil }
                return unwrap(type, containers, at: expression)
            }
            if parent.is(ArrayElementSyntax.self) {
                guard let array = parent.parent?.parent, array.is(ArrayExprSyntax.self) else { return nil }
                containers.append(.arrayElement)
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
            if let initializer = parent.as(InitializerClauseSyntax.self) {
                if let binding = initializer.parent?.as(PatternBindingSyntax.self), let type = binding.typeAnnotation {
                    return unwrap(type.type.trimmedDescription, containers, at: expression)
                }
                if let parameter = initializer.parent?.as(FunctionParameterSyntax.self) {
                    return unwrap(parameter.type.trimmedDescription, containers, at: expression)
                }
                return nil
            }
            if parent.is(ReturnStmtSyntax.self) {
                return returnType(from: parent, depth: depth).flatMap { unwrap($0, containers, at: expression) }
            }
            if let item = parent.as(CodeBlockItemSyntax.self) {
                guard let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1,
                    let owner = list.parent
                else { return nil }
                if owner.is(AccessorBlockSyntax.self) || owner.is(ClosureExprSyntax.self) {
                    return returnType(from: owner, depth: depth).flatMap { unwrap($0, containers, at: expression) }
                }
                if let block = owner.as(CodeBlockSyntax.self), let blockOwner = block.parent {
                    if blockOwner.is(FunctionDeclSyntax.self) || blockOwner.is(AccessorDeclSyntax.self) {
                        return returnType(from: Syntax(block), depth: depth).flatMap {
                            unwrap($0, containers, at: expression)
                        }
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
            if let ternary = parent.as(UnresolvedTernaryExprSyntax.self) {
                guard ternary.thenExpression.id == node.id else { return nil }
                node = parent
                continue
            }
            if let list = parent.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self) {
                guard let index = node.as(ExprSyntax.self).flatMap({ list.index(of: $0) }),
                    index != list.startIndex
                else { return nil }
                let previous = list[list.index(before: index)]
                if previous.is(AssignmentExprSyntax.self) {
                    guard list.distance(from: list.startIndex, to: index) == 2, let target = list.first,
                        let type = assignedType(of: target)
                    else { return nil }
                    return unwrap(type, containers, at: expression)
                }
                let isBranch =
                    previous.is(UnresolvedTernaryExprSyntax.self) || list[index].is(UnresolvedTernaryExprSyntax.self)
                    || previous.as(BinaryOperatorExprSyntax.self)?.operator.text == "??"
                guard isBranch else { return nil }
                node = Syntax(sequence)
                continue
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

    /// Containers between an expression and the place that types it.
    enum ExpectedContainer {
        case arrayElement
        case dictionaryValue
        case tupleElement(Int)
    }

    /// `type` with the containers (innermost first) taken off, `Self` replaced by its type and optionality removed.
    private func unwrap(_ type: String, _ containers: [ExpectedContainer], at node: Syntax) -> String? {
        var type = TypeNames.strippingOptional(type)
        for container in containers.reversed() {
            switch container {
            case .arrayElement:
                guard let element = TypeNames.element(of: type) else { return nil }
                type = element
            case .dictionaryValue:
                guard let value = TypeNames.dictionaryValue(type) else { return nil }
                type = value
            case .tupleElement(let position):
                guard let element = TypeNames.tupleElement(type, at: position) else { return nil }
                type = element
            }
            type = TypeNames.strippingOptional(type)
        }
        if type == "Self" { return selfType(at: node) }
        return type
    }

    /// The declared type of what a function, getter, subscript or closure around `node` returns.
    func returnType(from node: Syntax, depth: Int) -> String? {
        var current: Syntax? = node
        var steps = 0
        while let this = current, steps < Self.maximumSteps * 4 {
            steps += 1
            if let function = this.as(FunctionDeclSyntax.self) {
                return function.signature.returnClause?.type.trimmedDescription
            }
            if let subscriptDecl = this.as(SubscriptDeclSyntax.self) {
                return subscriptDecl.returnClause.type.trimmedDescription
            }
            if let binding = this.as(PatternBindingSyntax.self) {
                return binding.typeAnnotation?.type.trimmedDescription
            }
            if let closure = this.as(ClosureExprSyntax.self) {
                if let type = closure.signature?.returnClause?.type { return type.trimmedDescription }
                return immediateCallType(of: closure, depth: depth)
            }
            if this.is(InitializerDeclSyntax.self) || this.is(SourceFileSyntax.self) { return nil }
            current = this.parent
        }
        return nil
    }

    /// `{ … }()`: the type the call of a closure without a declared return type is expected to have.
    func immediateCallType(of closure: ClosureExprSyntax, depth: Int) -> String? {
        guard let call = closure.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == closure.id,
            call.arguments.isEmpty, call.trailingClosure == nil
        else { return nil }
        return expectedType(of: Syntax(call), depth: depth + 1)
    }

    /// The declared type of the target of `target = …`: a local or member in scope, `self.name`, or a property of
    /// the type of `base` in `base.name`.
    func assignedType(of target: ExprSyntax) -> String? {
        if let reference = target.as(DeclReferenceExprSyntax.self) {
            return ownPropertyType(of: reference.baseName.text, from: Syntax(target))
        }
        guard let member = target.as(MemberAccessExprSyntax.self), let base = member.base else { return nil }
        let name = member.declName.baseName.text
        if base.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            return ownPropertyType(of: name, from: Syntax(target))
        }
        return memberType(name, of: base)
    }

    /// The declared type of `name` (or `self.name`) at `node`: in scope (``TypeResolver/declaredType(of:from:depth:)``),
    /// else the one type a property of that name is declared with in the enclosing types or what they inherit
    /// (an extension in another file declares it; other types' properties of that name do not count).
    func ownPropertyType(of name: String, from node: Syntax) -> String? {
        if let type = types.declaredType(of: name, from: node) { return type }
        for owner in withSupertypes(enclosingTypes(of: node)) {
            if let declared = index.memberTypes[owner]?[name] { return declared.count == 1 ? declared.first : nil }
        }
        return nil
    }

    /// The one type `name` is declared with in the type of `base`, when the reader knows that type.
    func memberType(_ name: String, of base: ExprSyntax) -> String? {
        guard let baseType = types.type(of: base),
            let declared = index.memberTypes[TypeNames.lastComponent(baseType)]?[name], declared.count == 1
        else { return nil }
        return declared.first
    }

    /// The parameter type `call` gives its argument at `position`, when every overload that fits agrees.
    func argumentType(of call: FunctionCallExprSyntax, position: Int, depth: Int) -> String? {
        // `rows.append(.init(…))`, `rows.insert(.init(…), at: 0)` on an array of a known element type.
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            ["append", "insert"].contains(member.declName.baseName.text), position == 0,
            call.arguments.first?.label == nil
        {
            return types.type(of: base).flatMap(TypeNames.element(of:))
        }
        guard let callee = resolvedCallee(of: call, depth: depth) else { return nil }
        let parameterTypes = candidateTypes(for: callee, call: call, position: position)
        guard let first = parameterTypes.first, parameterTypes.allSatisfy({ $0 == first }) else { return nil }
        return first
    }

    /// A call's name and the owner types it is looked up in first.
    struct Callee {
        /// The name the index knows it by (a type's name for an initialiser).
        var name: String
        /// Owner types in which the name resolves first, innermost first (empty: anywhere).
        var owners: [String]
    }

    /// The name of the function, initialiser or enum case `call` calls, and where it resolves first.
    func resolvedCallee(of call: FunctionCallExprSyntax, depth: Int) -> Callee? {
        var callee = call.calledExpression
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if name == "Self" { return selfType(at: Syntax(call)).map { Callee(name: $0, owners: []) } }
            return Callee(name: name, owners: withSupertypes(enclosingTypes(of: Syntax(call))))
        }
        guard let member = callee.as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        guard let base = member.base else {
            // An implicit member: looked up in the type the context expects.
            guard let type = expectedType(of: Syntax(call), depth: depth + 1).map(TypeNames.lastComponent) else {
                return name == "init" ? nil : Callee(name: name, owners: [])
            }
            return name == "init" ? Callee(name: type, owners: []) : Callee(name: name, owners: withSupertypes([type]))
        }
        let baseName = base.as(DeclReferenceExprSyntax.self)?.baseName.text
        if name == "init" {
            if baseName == "Self" { return selfType(at: Syntax(call)).map { Callee(name: $0, owners: []) } }
            if let baseName { return Callee(name: baseName, owners: []) }
            if let base = base.as(MemberAccessExprSyntax.self) {
                return Callee(name: base.declName.baseName.text, owners: [])
            }
            return nil
        }
        if baseName == "self" { return Callee(name: name, owners: withSupertypes(enclosingTypes(of: Syntax(call)))) }
        if baseName == "Self" {
            return Callee(name: name, owners: withSupertypes(selfType(at: Syntax(call)).map { [$0] } ?? []))
        }
        if let baseName, let first = baseName.first, first.isUppercase {
            return Callee(name: name, owners: withSupertypes([baseName]))  // `Banner.message(…)`, `Type.make(…)`
        }
        if let type = types.type(of: base) {
            return Callee(name: name, owners: withSupertypes([TypeNames.lastComponent(type)]))
        }
        return Callee(name: name, owners: [])
    }

    /// The signatures of `callee` that the compiler may choose from: those of the innermost owner type that declares
    /// the name (a member shadows outer and global declarations), else all; an `@_disfavoredOverload` only when no
    /// other one fits.
    func rankedSignatures(
        for callee: Callee,
        call: FunctionCallExprSyntax
    ) -> [(signature: ProjectIndex.Signature, parameters: [Int])] {
        if let known = ranked[call.id] { return known }
        guard let signatures = index.signatures[callee.name] else { return [] }
        let labels = call.arguments.map { $0.label?.text }
        let trailing = (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count
        var fitting: [(signature: ProjectIndex.Signature, parameters: [Int])] = []
        for signature in signatures {
            if let parameters = StringFinder.match(labels, to: signature, trailingClosures: trailing) {
                fitting.append((signature, parameters))
            }
        }
        for owner in callee.owners {
            let own = fitting.filter { $0.signature.owner == owner }
            if !own.isEmpty {
                fitting = own
                break
            }
        }
        if fitting.contains(where: { !$0.signature.disfavored }) {
            fitting.removeAll { $0.signature.disfavored }
        }
        ranked[call.id] = fitting
        return fitting
    }

    /// Whether a declaration of `callee`'s name that fits `call` is a member of one of its owner types: it then
    /// shadows an SDK method of that name (`badge(_: String)` declared in the view that calls `badge("…")`).
    func isOwnMember(_ callee: Callee, call: FunctionCallExprSyntax) -> Bool {
        guard !callee.owners.isEmpty else { return false }
        return rankedSignatures(for: callee, call: call).contains { candidate in
            candidate.signature.owner.map(callee.owners.contains) == true
        }
    }

    /// The parameter types at `position` of the ranked signatures of `callee` that fit `call`.
    func candidateTypes(for callee: Callee, call: FunctionCallExprSyntax, position: Int) -> [String] {
        rankedSignatures(for: callee, call: call).compactMap { candidate in
            position < candidate.parameters.count
                ? candidate.signature.parameters[candidate.parameters[position]].type : nil
        }
    }
}

extension TypeNames {
    /// `[T]` → `T` (also when `T` is a tuple with labels, `[(title: A, n: Int)]`), `Array<T>` → `T`; nil for
    /// dictionaries and other types.
    static func element(of type: String) -> String? {
        let name = strippingOptional(type)
        guard name.hasPrefix("[") && name.hasSuffix("]") else { return arrayElement(name) }
        var depth = 0
        for character in name {
            switch character {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth -= 1
            case ":" where depth == 1: return nil  // `[K: V]`
            default: break
            }
        }
        return String(name.dropFirst().dropLast())
    }

    /// `Outer.Inner` → `Inner`, `Box<Int>` → `Box`, `[T]`/`T?` kept as written otherwise.
    static func lastComponent(_ type: String) -> String {
        var name = strippingOptional(type)
        if name.hasSuffix(">"), let open = name.firstIndex(of: "<") { name = String(name[..<open]) }
        if let dot = name.lastIndex(of: ".") { name = String(name[name.index(after: dot)...]) }
        return name
    }

    /// The type of element `position` of a tuple type `(a: A, b: B)`, or nil.
    static func tupleElement(_ type: String, at position: Int) -> String? {
        let name = strippingOptional(type)
        guard name.hasPrefix("(") && name.hasSuffix(")") else { return nil }
        let inner = name.dropFirst().dropLast()
        var elements: [Substring] = []
        var depth = 0
        var start = inner.startIndex
        var previous: Character = " "
        for index in inner.indices {
            defer { previous = inner[index] }
            switch inner[index] {
            case "[", "<", "(": depth += 1
            case ">" where previous == "-": break  // `->` of a function type
            case "]", ">", ")": depth -= 1
            case "," where depth == 0:
                elements.append(inner[start..<index])
                start = inner.index(after: index)
            default: break
            }
        }
        elements.append(inner[start...])
        guard depth == 0, elements.count > 1, position < elements.count else { return nil }
        var element = elements[position]
        // A label: `title:` before the type (a `:` at depth 0; `[K: V]` is nested).
        for index in element.indices {
            if "[<(".contains(element[index]) { break }
            if element[index] == ":" {
                element = element[element.index(after: index)...]
                break
            }
        }
        return String(element)
    }
}

extension TypeNames {
    /// The parameter types of a function type as written (`(LocalizedStringKey, Int) -> Void`, `@escaping (_ title:
    /// LocalizedStringKey) -> Void`, `((LocalizedStringKey) -> Void)?`), labels taken off; nil for other types.
    static func functionParameters(_ type: String) -> [String]? {
        functionParts(type)?.parameters
    }

    /// The parameter types (labels taken off) and the result type of a function type, or nil.
    static func functionParts(_ type: String) -> (parameters: [String], result: String)? {
        var name = Substring(Self.trimmed(type))
        for _ in 0..<8 {
            while name.hasPrefix("@") {
                // `@escaping`, `@MainActor`, `@Sendable`: an attribute and the space after it.
                guard let space = name.firstIndex(where: { $0 == " " || $0 == "(" }) else { return nil }
                name = name[space...].drop { $0 == " " }
            }
            while name.hasSuffix("?") || name.hasSuffix("!") { name = name.dropLast() }
            guard name.hasPrefix("("), let close = matchingParenthesis(in: name) else { return nil }
            let after = name[name.index(after: close)...].drop { $0 == " " }
            if after.isEmpty {
                name = name.dropFirst().dropLast()  // `((A) -> B)` of an optional
                name = name.drop { $0 == " " }
                continue
            }
            var rest = after
            for word in ["async", "throws", "rethrows"] where rest.hasPrefix(word) {
                rest = rest.dropFirst(word.count).drop { $0 == " " }
            }
            if rest.hasPrefix("throws(") { rest = rest.drop { $0 != ")" }.dropFirst().drop { $0 == " " } }
            guard rest.hasPrefix("->") else { return nil }
            let result = Self.trimmed(rest.dropFirst(2))
            let inside = String(name[name.index(after: name.startIndex)..<close])
            if Self.trimmed(inside).isEmpty { return ([], result) }
            guard let parameters = topLevelElements(of: inside) else { return nil }
            let types = parameters.map { parameter in
                var element = Substring(parameter)
                // `_ title: T`, `title: T`: the type after the `:` at depth 0.
                var depth = 0
                for index in element.indices {
                    switch element[index] {
                    case "[", "<", "(": depth += 1
                    case "]", ">", ")": depth -= 1
                    case ":" where depth == 0:
                        element = element[element.index(after: index)...]
                        return Self.trimmed(element)
                    default: break
                    }
                }
                return Self.trimmed(element)
            }
            return (types, result)
        }
        return nil
    }

    /// `text` without spaces around it.
    static func trimmed<S: StringProtocol>(_ text: S) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// The index of the `)` closing the `(` that `text` starts with, or nil.
    private static func matchingParenthesis(in text: Substring) -> Substring.Index? {
        var depth = 0
        var previous: Character = " "
        for index in text.indices {
            defer { previous = text[index] }
            switch text[index] {
            case "(", "[", "<": depth += 1
            case ">" where previous == "-": break
            case ")", "]", ">":
                depth -= 1
                if depth == 0 { return text[index] == ")" ? index : nil }
            default: break
            }
        }
        return nil
    }

    /// The elements of a comma-separated list, split at the commas outside brackets; nil when unbalanced.
    static func topLevelElements(of text: String) -> [String]? {
        var elements: [String] = []
        var depth = 0
        var current = ""
        var previous: Character = " "
        for character in text {
            defer { previous = character }
            switch character {
            case "[", "<", "(": depth += 1
            case ">" where previous == "-": break
            case "]", ">", ")": depth -= 1
            case "," where depth == 0:
                elements.append(current)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        guard depth == 0 else { return nil }
        elements.append(current)
        return elements
    }
}

extension TypeNames {
    /// The type of the element labelled `name` (or numbered: `0`, `1`) of a tuple type `(done: Int, total: Int)`.
    static func tupleMember(_ type: String, named name: String) -> String? {
        let tuple = strippingOptional(type)
        guard tuple.hasPrefix("("), tuple.hasSuffix(")"),
            let elements = topLevelElements(of: String(tuple.dropFirst().dropLast())), elements.count > 1
        else { return nil }
        if let position = Int(name) { return position < elements.count ? tupleElement(tuple, at: position) : nil }
        for (position, element) in elements.enumerated() {
            let parts = element.split(separator: ":", maxSplits: 1)
            if parts.count == 2, trimmed(parts[0]) == name, !parts[0].contains("<"), !parts[0].contains("[") {
                return tupleElement(tuple, at: position)
            }
        }
        return nil
    }

    /// `Range<T>`, `ClosedRange<T>` (and their partial forms) → `T`; nil for other types.
    static func rangeBound(_ type: String) -> String? {
        let name = strippingOptional(type)
        for prefix in ["ClosedRange<", "Range<", "PartialRangeFrom<", "PartialRangeThrough<", "PartialRangeUpTo<"]
        where name.hasPrefix(prefix) && name.hasSuffix(">") {
            return String(name.dropFirst(prefix.count).dropLast())
        }
        return nil
    }

    /// The element of a sequence type: `[T]`, `Array<T>`, `Set<T>`, `Range<T>`, `ClosedRange<T>`; nil otherwise.
    static func sequenceElement(_ type: String) -> String? {
        if let element = arrayElement(type) { return element }
        if let bound = rangeBound(type) { return bound }
        let name = strippingOptional(type)
        for prefix in ["Set<", "ArraySlice<", "ContiguousArray<"] where name.hasPrefix(prefix) && name.hasSuffix(">") {
            return String(name.dropFirst(prefix.count).dropLast())
        }
        return nil
    }

    /// The result type of a function type (`(Int) -> (a: Int, b: Int)` → `(a: Int, b: Int)`), or nil.
    static func functionResult(_ type: String) -> String? {
        functionParts(type)?.result
    }
}
