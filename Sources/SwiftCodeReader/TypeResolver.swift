import StringBridgeSupport
import SwiftSyntax

/// Guesses the static type of an interpolated expression without a type checker.
///
/// It knows literals, declarations in scope (locals, parameters, `for` and `if let` bindings, members of the
/// enclosing types) and, failing those, the one type a name is declared with anywhere in the project; `.count` is
/// `Int`, a call of a capitalised name is that type, a call of a project function its return type. What it cannot
/// tell is `nil` (the caller writes `%@`).
struct TypeResolver {
    let index: ProjectIndex
    /// Members of the project's types and its aliases (``MemberTypes``).
    var members = MemberTypes()
    /// Set when a type was taken from a name's declarations anywhere in the project rather than from what the
    /// expression says (``guessed(_:)``).
    let guesses = GuessLog()
    /// The `type(of:)` steps one question has taken (``maximumSteps``).
    let steps = StepCount()
    /// The declarations of each block and member list, by the names they bind (``ScopeDeclarations``).
    var declarations = ScopeDeclarations()

    /// The most `type(of:)` steps one question takes, whatever their depth (docs/security.md): `?:` branches
    /// and the other alternatives are each tried, so the depth alone (``InputLimits/typeResolution``) would allow
    /// 2^8 of them.
    static let maximumSteps = 64

    private static let stringMethods: Set<String> = [
        "formatted", "lowercased", "uppercased", "capitalized", "joined", "trimmingCharacters",
        "replacingOccurrences", "description", "localizedDescription", "debugDescription", "localizedCapitalized",
        "localizedLowercase", "localizedUppercase", "localizedName", "absoluteString", "path", "lastPathComponent",
        "uuidString", "localizedString",
    ]
    private static let intMembers: Set<String> = ["count", "startIndex", "endIndex", "hashValue", "firstIndex"]
    private static let comparisonOperators: Set<String> = ["==", "!=", "<", ">", "<=", ">=", "&&", "||", "===", "!=="]

    /// The type of `expression`, or nil.
    ///
    /// Each hop through a declaration (a local's or property's initializer) or a member (`a.b`) costs one step of
    /// depth, and one question takes at most ``maximumSteps`` steps in all (branches of `?:`
    /// are tried one after the other): a long or recursive chain ends with nil.
    func type(of expression: ExprSyntax, depth: Int = 0) -> String? {
        if depth == 0 { steps.count = 0 }
        steps.count += 1
        guard depth < InputLimits.typeResolution, steps.count <= Self.maximumSteps else { return nil }
        if expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if expression.is(FloatLiteralExprSyntax.self) { return "Double" }
        if expression.is(StringLiteralExprSyntax.self) { return "String" }
        if expression.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            // The declaration's initializer is read one step deeper (`bindingType`): one step per hop.
            return declaredType(of: reference.baseName.text, from: Syntax(expression), depth: depth)
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            // The base is read one step deeper (`memberType`): one step per member.
            if let base = member.base, let type = memberType(named: name, of: base, depth: depth) { return type }
            if Self.intMembers.contains(name) { return "Int" }
            if Self.stringMethods.contains(name) { return "String" }
            guard member.base != nil else { return nil }
            if member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
                return declaredType(of: name, from: Syntax(expression), depth: depth + 1)
            }
            return guessed(index.uniqueType(of: name))
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return callType(call, depth: depth)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return sequenceType(Array(sequence.elements), depth: depth)
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first
        {
            return type(of: inner.expression, depth: depth + 1)
        }
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) {
            return type(of: unwrap.expression, depth: depth + 1)
        }
        if let chain = expression.as(OptionalChainingExprSyntax.self) {
            return type(of: chain.expression, depth: depth + 1)
        }
        if let tryExpression = expression.as(TryExprSyntax.self) {
            return type(of: tryExpression.expression, depth: depth + 1)
        }
        if let awaitExpression = expression.as(AwaitExprSyntax.self) {
            return type(of: awaitExpression.expression, depth: depth + 1)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) {
            return prefix.operator.text == "!" ? "Bool" : type(of: prefix.expression, depth: depth + 1)
        }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self),
            let base = type(of: subscriptCall.calledExpression, depth: depth + 1)
        {
            return TypeNames.arrayElement(base) ?? TypeNames.dictionaryValue(base)
        }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            return type(of: ternary.thenExpression, depth: depth + 1)
                ?? type(of: ternary.elseExpression, depth: depth + 1)
        }
        if let array = expression.as(ArrayExprSyntax.self) { return PropertyWrappers.arrayLiteralType(array) }
        if let closure = expression.as(ClosureExprSyntax.self), let result = closure.signature?.returnClause?.type {
            return "() -> " + result.trimmedDescription  // called, it gives `result`
        }
        return nil
    }

    /// Methods of an array whose result has the array's elements (`xs.reversed()`, `.filter { … }.sorted { … }`).
    private static let elementPreservingMethods: Set<String> = [
        "reversed", "sorted", "filter", "shuffled", "prefix", "suffix", "dropFirst", "dropLast", "drop",
    ]

    private func callType(_ call: FunctionCallExprSyntax, depth: Int) -> String? {
        guard depth < InputLimits.typeResolution else { return nil }
        if let array = call.calledExpression.as(ArrayExprSyntax.self), array.elements.count == 1 {
            return array.trimmedDescription  // `[Row]()`
        }
        if let closure = call.calledExpression.as(ClosureExprSyntax.self) {
            return immediateClosureType(closure, call: call, depth: depth + 1)
        }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            // `Array(xs.reversed())`: an array of the argument's elements.
            if name == "Array", call.arguments.count == 1, let only = call.arguments.first, only.label == nil,
                let element = elementType(of: only.expression, depth: depth + 1)
            {
                return "[\(element)]"
            }
            // `SecItemAdd(…)` is an `OSStatus` (unless the project declares a function of that name).
            if let sdk = MemberTypes.sdkResults[name], index.returnTypes[name] == nil { return sdk }
            if let first = name.first, first.isUppercase { return name }
            if ["min", "max", "abs"].contains(name), let first = call.arguments.first {
                return type(of: first.expression, depth: depth + 1)
            }
            if let result = unique(index.returnTypes[name]) { return result }
            // A local, parameter or property of function type, or a closure with a declared result.
            if let declared = declaredType(of: name, from: Syntax(call), depth: depth + 1) {
                return TypeNames.functionResult(declared)
            }
            return nil
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if Self.stringMethods.contains(name) { return "String" }
            if Self.elementPreservingMethods.contains(name), let base = member.base,
                let element = elementType(of: base, depth: depth + 1)
            {
                return "[\(element)]"
            }
            if ["rounded", "magnitude"].contains(name), let base = member.base {
                return type(of: base, depth: depth + 1)
            }
            if name == "distance" { return "Int" }
            if let type = methodCallType(call, member: member, depth: depth + 1) { return type }
            // A modifier of `Text` (`Text("Bold").bold()`) is a `Text`.
            if let base = member.base?.as(FunctionCallExprSyntax.self), callType(base, depth: depth + 1) == "Text" {
                return "Text"
            }
            return guessed(unique(index.returnTypes[name]))
        }
        return nil
    }

    /// `{ … }()`: the closure's declared result, or the type of what it returns (its one expression, or its last
    /// `return`, typed in the closure's scope).
    private func immediateClosureType(_ closure: ClosureExprSyntax, call: FunctionCallExprSyntax, depth: Int)
        -> String?
    {
        guard call.arguments.isEmpty, call.trailingClosure == nil else { return nil }
        if let type = closure.signature?.returnClause?.type {
            return TypeNames.strippingOptional(type.trimmedDescription)
        }
        if closure.statements.count == 1, let only = closure.statements.first?.item.as(ExprSyntax.self) {
            return type(of: only, depth: depth + 1)
        }
        guard let last = closure.statements.last?.item.as(ReturnStmtSyntax.self), let value = last.expression else {
            return nil
        }
        return type(of: value, depth: depth + 1)
    }

    private func unique(_ types: Set<String>?) -> String? {
        guard let types, types.count == 1 else { return nil }
        return types.first
    }

    private func sequenceType(_ elements: [ExprSyntax], depth: Int) -> String? {
        guard depth < InputLimits.typeResolution else { return nil }
        // `?:` binds looser than every operator but `=`: `a < b ? x : y` is a `?:` whose condition is `a < b`, typed
        // by its branches as `(a < b) ? x : y` is.
        if let ternary = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
            !elements[..<ternary].contains(where: { $0.is(AssignmentExprSyntax.self) }),
            let then = elements[ternary].as(UnresolvedTernaryExprSyntax.self)?.thenExpression
        {
            let rest = Array(elements[(ternary + 1)...])
            return type(of: then, depth: depth + 1)
                ?? (rest.count == 1 ? type(of: rest[0], depth: depth + 1) : sequenceType(rest, depth: depth + 1))
        }
        var operands: [ExprSyntax] = []
        for (position, element) in elements.enumerated() {
            if let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text {
                if Self.comparisonOperators.contains(op) { return "Bool" }
                if op == "..." || op == "..<", elements.count == 3 {
                    let bound = type(of: elements[0], depth: depth + 1) ?? type(of: elements[2], depth: depth + 1)
                    return bound.map { op == "..." ? "ClosedRange<\($0)>" : "Range<\($0)>" }
                }
                if op == "??" {
                    return type(of: elements[0], depth: depth + 1)
                        ?? elements.last.flatMap { type(of: $0, depth: depth + 1) }
                }
                continue
            }
            if element.is(UnresolvedAsExprSyntax.self), position + 1 < elements.count,
                let target = elements[position + 1].as(TypeExprSyntax.self)
            {
                return target.type.trimmedDescription
            }
            if element.is(AssignmentExprSyntax.self) { return nil }
            operands.append(element)
        }
        // Arithmetic: the operands share a type; a declared one wins over a literal's default.
        var literalType: String?
        for operand in operands {
            if operand.is(IntegerLiteralExprSyntax.self) {
                literalType = literalType ?? "Int"
            } else if operand.is(FloatLiteralExprSyntax.self) {
                literalType = "Double"
            } else if let type = type(of: operand, depth: depth + 1) {
                return type
            }
        }
        return literalType
    }

    /// The declared type of `name` as seen from `node`: the nearest declaration in scope, then the project's.
    func declaredType(of name: String, from node: Syntax, depth: Int = 0) -> String? {
        if depth == 0 { steps.count = 0 }
        guard depth < InputLimits.typeResolution, steps.count <= Self.maximumSteps else { return nil }
        var current = node.parent
        var previous = node
        while let scope = current {
            if let list = scope.as(CodeBlockItemListSyntax.self) {
                for item in declarations.statements(binding: name, in: list) {
                    if let variable = item.as(VariableDeclSyntax.self),
                        let type = bindingType(of: name, in: variable, depth: depth)
                    {
                        return type
                    }
                    if let guardStatement = item.as(GuardStmtSyntax.self),
                        let type = boundType(of: name, in: guardStatement.conditions, depth: depth)
                    {
                        return type
                    }
                }
            } else if let members = scope.as(MemberBlockItemListSyntax.self) {
                for variable in declarations.variables(binding: name, in: members) {
                    if let type = bindingType(of: name, in: variable, depth: depth) {
                        return type
                    }
                }
            } else if let function = scope.as(FunctionDeclSyntax.self) {
                if let type = parameterType(of: name, in: function.signature.parameterClause.parameters) { return type }
            } else if let initializer = scope.as(InitializerDeclSyntax.self) {
                if let type = parameterType(of: name, in: initializer.signature.parameterClause.parameters) {
                    return type
                }
            } else if let closure = scope.as(ClosureExprSyntax.self), closure.signature?.parameterClause == nil,
                name.hasPrefix("$"), name.dropFirst().allSatisfy(\.isNumber)
            {
                // `$0` is the innermost closure's without named parameters.
                return closureElementType(of: closure, index: Int(name.dropFirst()) ?? -1, depth: depth)
            } else if let closure = scope.as(ClosureExprSyntax.self), let signature = closure.signature {
                switch signature.parameterClause {
                case .simpleInput(let names)?:
                    if let position = names.firstIndex(where: { $0.name.text == name }) {
                        let index = names.distance(from: names.startIndex, to: position)
                        return closureElementType(of: closure, index: index, depth: depth)
                    }
                case .parameterClause(let clause)?:
                    if let parameter = clause.parameters.first(where: {
                        ($0.secondName ?? $0.firstName).text == name
                    }) {
                        return parameter.type.map { TypeNames.strippingOptional($0.trimmedDescription) }
                    }
                case nil:
                    break
                }
            } else if let forStatement = scope.as(ForStmtSyntax.self), previous.id == forStatement.body.id {
                if let type = forBindingType(of: name, in: forStatement, depth: depth) { return type }
            } else if let ifExpression = scope.as(IfExprSyntax.self), previous.id == ifExpression.body.id {
                if let type = boundType(of: name, in: ifExpression.conditions, depth: depth) { return type }
            } else if let switchCase = scope.as(SwitchCaseSyntax.self), case .case(let label) = switchCase.label {
                for item in label.caseItems {
                    if let type = caseBindingType(of: name, in: item.pattern) { return type }
                }
            }
            previous = scope
            current = scope.parent
        }
        // A member of the enclosing type declared elsewhere (the type's body seen from an extension, or another
        // extension).
        if let owner = enclosingTypeName(of: node), let type = members.type(of: name, in: owner) { return type }
        if let type = members.globalType(of: name) { return type }
        return guessed(index.uniqueType(of: name))
    }

    private func bindingType(of name: String, in variable: VariableDeclSyntax, depth: Int) -> String? {
        // `$x` of `@State var x: Int` or `@Binding var x: Int` is a `Binding<Int>`.
        let projected = name.hasPrefix("$") && name.count > 1
        if projected {
            guard let wrapper = PropertyWrappers.name(of: variable), PropertyWrappers.projectsBinding.contains(wrapper)
            else { return nil }
        }
        let declared = projected ? String(name.dropFirst()) : name
        for binding in variable.bindings {
            guard binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == declared else { continue }
            var type: String?
            if let annotation = binding.typeAnnotation?.type {
                type = TypeNames.strippingOptional(annotation.trimmedDescription)
            } else if let value = binding.initializer?.value {
                type = self.type(of: value, depth: depth + 1)
            } else {
                type = wrapperType(of: binding, in: variable)
            }
            return projected ? type.map { "Binding<\($0)>" } : type
        }
        return nil
    }

    private func parameterType(of name: String, in parameters: FunctionParameterListSyntax) -> String? {
        guard let parameter = parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) else {
            return nil
        }
        return TypeNames.strippingOptional(parameter.type.trimmedDescription)
    }

    private func boundType(of name: String, in conditions: ConditionElementListSyntax, depth: Int) -> String? {
        for condition in conditions {
            if case .matchingPattern(let matching) = condition.condition,
                let type = caseBindingType(of: name, in: matching.pattern)
            {
                return type
            }
            // `if case let x? = value`, `if case .some(let x) = value`: the optional's wrapped type.
            if case .matchingPattern(let matching) = condition.condition, Self.bindsOptional(name, matching.pattern) {
                return type(of: matching.initializer.value, depth: depth + 1)
            }
            guard case .optionalBinding(let binding) = condition.condition,
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            else { continue }
            if let type = binding.typeAnnotation?.type { return TypeNames.strippingOptional(type.trimmedDescription) }
            if let value = binding.initializer?.value { return type(of: value, depth: depth + 1) }
            return nil
        }
        return nil
    }

    /// Whether `pattern` binds `name` to an optional's wrapped value: `let x?`, `.some(let x)`, `let .some(x)`.
    static func bindsOptional(_ name: String, _ pattern: PatternSyntax) -> Bool {
        var pattern = pattern
        var bound = false
        if let binding = pattern.as(ValueBindingPatternSyntax.self) {
            pattern = binding.pattern
            bound = true
        }
        guard var expression = pattern.as(ExpressionPatternSyntax.self)?.expression else { return false }
        if let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "some",
            call.arguments.count == 1, let only = call.arguments.first?.expression
        {
            expression = only
        } else if let chain = expression.as(OptionalChainingExprSyntax.self) {
            expression = chain.expression
        } else {
            return false
        }
        if bound, let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text == name
        }
        guard var inner = expression.as(PatternExprSyntax.self)?.pattern else {
            return bound && expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name
        }
        if let binding = inner.as(ValueBindingPatternSyntax.self) { inner = binding.pattern }
        return inner.as(IdentifierPatternSyntax.self)?.identifier.text == name
    }

    private func forBindingType(of name: String, in statement: ForStmtSyntax, depth: Int) -> String? {
        let sequence = statement.sequence
        if let identifier = statement.pattern.as(IdentifierPatternSyntax.self), identifier.identifier.text == name {
            if let elements = sequence.as(SequenceExprSyntax.self)?.elements,
                elements.contains(where: {
                    ["..<", "..."].contains($0.as(BinaryOperatorExprSyntax.self)?.operator.text)
                })
            {
                return elements.first.flatMap { type(of: $0, depth: depth + 1) } ?? "Int"
            }
            if sequence.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "indices" { return "Int" }
            return type(of: sequence, depth: depth + 1).flatMap { TypeNames.sequenceElement(members.canonical($0)) }
        }
        if let tuple = statement.pattern.as(TuplePatternSyntax.self),
            let call = sequence.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "enumerated",
            let first = tuple.elements.first?.pattern.as(IdentifierPatternSyntax.self)
        {
            if first.identifier.text == name { return "Int" }
            if tuple.elements.count == 2,
                tuple.elements.last?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name,
                let base = member.base
            {
                return type(of: base, depth: depth + 1).flatMap(TypeNames.arrayElement)
            }
        }
        return nil
    }
}
