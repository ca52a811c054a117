import StringBridgeSupport
import SwiftParser
import SwiftSyntax

/// A value of a Swift manifest (`Project.swift`) as far as it can be evaluated by syntax.
package indirect enum ManifestValue: Equatable, Sendable {
    case string(String)
    case bool(Bool)
    case array([ManifestValue])
    case dictionary([ManifestEntry])
    /// A call of a function or member the manifest does not declare (`.target(name:…)`, `Target(…)`,
    /// `.glob(…)`), with its arguments evaluated; a member without a call (`.default`, `.iOS`) has no arguments.
    case call(name: String, arguments: [ManifestArgument])
    /// What cannot be evaluated by syntax (a number, a helper of another file, a loop, …).
    case unknown
}

/// One argument of a ``ManifestValue/call(name:arguments:)``.
package struct ManifestArgument: Equatable, Sendable {
    package var label: String?
    package var value: ManifestValue
}

/// One `key: value` of a dictionary literal.
package struct ManifestEntry: Equatable, Sendable {
    package var key: ManifestValue
    package var value: ManifestValue
}

/// Evaluates what a Swift manifest says by syntax alone; the manifest is never run.
///
/// What is evaluated: the functions and `let`s it declares, literal arguments, `?:` and `if` on them, `==`, `!=`,
/// `!`, `&&`, `||`, string interpolation, array literals and `+`.
///
/// Bounded for hostile manifests: the file must pass ``SwiftNestingScan``; calls of the manifest's functions nest at
/// most ``maximumDepth`` deep, the whole evaluation takes at most ``maximumSteps`` steps, and strings and arrays
/// made by `+` at most ``maximumLength`` bytes or elements (beyond any of them a value is ``ManifestValue/unknown``).
package enum ManifestEvaluation {
    package static let maximumDepth = 32
    package static let maximumSteps = 200_000
    package static let maximumLength = 4096

    /// The elements of the `targets:` argument of the manifest's `Project(…)`, evaluated; nil when the manifest
    /// has no such call at its top level, or nests beyond the bounds.
    package static func projectTargets(in text: String) -> [ManifestValue]? {
        guard SwiftNestingScan.firstExcess(Array(text.utf8)) == nil else { return nil }
        var parser = Parser(text, maximumNestingLevel: InputLimits.swiftParserNesting)
        let tree = SourceFileSyntax.parse(from: &parser)
        guard SyntaxDepth.firstBeyond(InputLimits.swiftTreeDepth, in: tree) == nil else { return nil }
        let evaluator = ManifestEvaluator(tree)
        var targets: ExprSyntax?
        for item in tree.statements {
            guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                    Self.isProject(call.calledExpression),
                    let argument = call.arguments.first(where: { $0.label?.text == "targets" })
                else { continue }
                targets = argument.expression
            }
        }
        guard let targets else { return nil }
        switch evaluator.evaluate(targets, [:], depth: 0) {
        case .array(let elements): return elements
        case let other: return [other]
        }
    }

    private static func isProject(_ callee: ExprSyntax) -> Bool {
        if callee.as(DeclReferenceExprSyntax.self)?.baseName.text == "Project" { return true }
        guard let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init" else {
            return false
        }
        return member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Project"
    }
}

/// The evaluation of one manifest (``ManifestEvaluation``).
private final class ManifestEvaluator {
    private var globals: [String: ExprSyntax] = [:]
    private var globalValues: [String: ManifestValue] = [:]
    private var evaluating: Set<String> = []
    private var functions: [String: FunctionDeclSyntax] = [:]
    private var steps = 0

    init(_ tree: SourceFileSyntax) {
        for item in tree.statements {
            if let variable = item.item.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        let value = binding.initializer?.value
                    else { continue }
                    globals[name] = value
                }
            } else if let function = item.item.as(FunctionDeclSyntax.self) {
                functions[function.name.text] = function
            } else if let extensionDecl = item.item.as(ExtensionDeclSyntax.self) {
                // `extension Target { static func app(…) -> Target }`, called as `.app(…)`.
                for member in extensionDecl.memberBlock.members {
                    if let function = member.decl.as(FunctionDeclSyntax.self), functions[function.name.text] == nil {
                        functions[function.name.text] = function
                    }
                }
            }
        }
    }

    /// Takes one step; false once the steps are spent.
    private func step() -> Bool {
        steps += 1
        return steps <= ManifestEvaluation.maximumSteps
    }

    func evaluate(_ expression: ExprSyntax, _ scope: [String: ManifestValue], depth: Int) -> ManifestValue {
        guard step(), depth < ManifestEvaluation.maximumDepth * 8 else { return .unknown }
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            return string(literal, scope, depth: depth)
        }
        if let boolean = expression.as(BooleanLiteralExprSyntax.self) {
            return .bool(boolean.literal.tokenKind == .keyword(.true))
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if let value = scope[name] { return value }
            return global(name, depth: depth)
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            var elements: [ManifestValue] = []
            for element in array.elements {
                guard elements.count < ManifestEvaluation.maximumLength else { return .unknown }
                elements.append(evaluate(element.expression, scope, depth: depth + 1))
            }
            return .array(elements)
        }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            guard case .elements(let elements) = dictionary.content else { return .dictionary([]) }
            return .dictionary(
                elements.map {
                    ManifestEntry(
                        key: evaluate($0.key, scope, depth: depth + 1),
                        value: evaluate($0.value, scope, depth: depth + 1))
                })
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return evaluate(only.expression, scope, depth: depth + 1)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return evaluate(sequence: Array(sequence.elements), scope, depth: depth + 1)
        }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            switch evaluate(ternary.condition, scope, depth: depth + 1) {
            case .bool(true): return evaluate(ternary.thenExpression, scope, depth: depth + 1)
            case .bool(false): return evaluate(ternary.elseExpression, scope, depth: depth + 1)
            default: return .unknown
            }
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            guard case .bool(let value) = evaluate(prefix.expression, scope, depth: depth + 1) else { return .unknown }
            return .bool(!value)
        }
        if let ifExpression = expression.as(IfExprSyntax.self) {
            return evaluate(if: ifExpression, scope, depth: depth + 1) ?? .unknown
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return evaluate(call: call, scope, depth: depth + 1)
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            // `.default`, `.iOS`, `Product.app`: a member the manifest's library declares.
            if member.base == nil
                || member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase
                    == true
            {
                return .call(name: member.declName.baseName.text, arguments: [])
            }
            return .unknown
        }
        return .unknown
    }

    /// A `let` of the manifest's top level, evaluated once.
    private func global(_ name: String, depth: Int) -> ManifestValue {
        if let known = globalValues[name] { return known }
        guard let expression = globals[name], evaluating.insert(name).inserted else { return .unknown }
        let value = evaluate(expression, [:], depth: depth + 1)
        evaluating.remove(name)
        globalValues[name] = value
        return value
    }

    private func string(_ literal: StringLiteralExprSyntax, _ scope: [String: ManifestValue], depth: Int)
        -> ManifestValue
    {
        var pieces: [String] = []
        var segments: [StringLiteralSegmentListSyntax.Element] = []
        let placeholder = Unicode.Scalar(UInt32(0xFDD0)) ?? "\u{E000}"
        for segment in literal.segments {
            switch segment {
            case .stringSegment:
                segments.append(segment)
            case .expressionSegment(let interpolation):
                guard interpolation.expressions.count == 1, let only = interpolation.expressions.first,
                    only.label == nil
                else { return .unknown }
                switch evaluate(only.expression, scope, depth: depth + 1) {
                case .string(let text): pieces.append(text)
                case .bool(let value): pieces.append(value ? "true" : "false")
                default: return .unknown
                }
                segments.append(.stringSegment(StringSegmentSyntax(content: .stringSegment(String(placeholder)))))
            }
        }
        if pieces.isEmpty { return literal.representedLiteralValue.map(ManifestValue.string) ?? .unknown }
        guard let value = literal.with(\.segments, StringLiteralSegmentListSyntax(segments)).representedLiteralValue
        else { return .unknown }
        var result = String.UnicodeScalarView()
        var next = 0
        for scalar in value.unicodeScalars {
            if scalar == placeholder, next < pieces.count {
                result.append(contentsOf: pieces[next].unicodeScalars)
                next += 1
            } else {
                result.append(scalar)
            }
        }
        let text = String(result)
        return text.utf8.count <= ManifestEvaluation.maximumLength ? .string(text) : .unknown
    }

    /// A sequence of operands and operators: `?:` binds loosest, then `||`, `&&`, `==`/`!=`, then `+`.
    private func evaluate(sequence elements: [ExprSyntax], _ scope: [String: ManifestValue], depth: Int)
        -> ManifestValue
    {
        guard step(), depth < ManifestEvaluation.maximumDepth * 8, !elements.isEmpty else { return .unknown }
        if elements.count == 1 { return evaluate(elements[0], scope, depth: depth + 1) }
        if let position = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
            let ternary = elements[position].as(UnresolvedTernaryExprSyntax.self)
        {
            switch evaluate(sequence: Array(elements[..<position]), scope, depth: depth + 1) {
            case .bool(true): return evaluate(ternary.thenExpression, scope, depth: depth + 1)
            case .bool(false): return evaluate(sequence: Array(elements[(position + 1)...]), scope, depth: depth + 1)
            default: return .unknown
            }
        }
        for operators in [["||"], ["&&"], ["==", "!="]] {
            guard
                let position = elements.lastIndex(where: {
                    operators.contains($0.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "")
                })
            else { continue }
            let op = elements[position].as(BinaryOperatorExprSyntax.self)?.operator.text ?? ""
            let left = evaluate(sequence: Array(elements[..<position]), scope, depth: depth + 1)
            let right = evaluate(sequence: Array(elements[(position + 1)...]), scope, depth: depth + 1)
            switch (op, left, right) {
            case ("||", .bool(let a), .bool(let b)): return .bool(a || b)
            case ("&&", .bool(let a), .bool(let b)): return .bool(a && b)
            case ("==", _, _) where left != .unknown && right != .unknown: return .bool(left == right)
            case ("!=", _, _) where left != .unknown && right != .unknown: return .bool(left != right)
            default: return .unknown
            }
        }
        // `+` only, left to right.
        var result = evaluate(elements[0], scope, depth: depth + 1)
        var index = 1
        while index + 1 < elements.count {
            guard elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else { return .unknown }
            let right = evaluate(elements[index + 1], scope, depth: depth + 1)
            switch (result, right) {
            case (.string(let a), .string(let b)) where a.utf8.count + b.utf8.count <= ManifestEvaluation.maximumLength:
                result = .string(a + b)
            case (.array(let a), .array(let b)) where a.count + b.count <= ManifestEvaluation.maximumLength:
                result = .array(a + b)
            default:
                return .unknown
            }
            index += 2
        }
        return index == elements.count ? result : .unknown
    }

    /// `if c { a } else { b }` as an expression: the value of the branch taken, nil when it cannot be told.
    private func evaluate(if ifExpression: IfExprSyntax, _ scope: [String: ManifestValue], depth: Int)
        -> ManifestValue?
    {
        guard let taken = condition(ifExpression.conditions, scope, depth: depth + 1) else { return nil }
        if taken { return run(ifExpression.body.statements, scope, depth: depth + 1) }
        switch ifExpression.elseBody {
        case .ifExpr(let next)?: return evaluate(if: next, scope, depth: depth + 1)
        case .codeBlock(let block)?: return run(block.statements, scope, depth: depth + 1)
        case nil: return nil
        }
    }

    /// The value of boolean conditions (`a, b` is `a && b`), nil when one cannot be told.
    private func condition(_ conditions: ConditionElementListSyntax, _ scope: [String: ManifestValue], depth: Int)
        -> Bool?
    {
        for element in conditions {
            guard case .expression(let expression) = element.condition,
                case .bool(let value) = evaluate(expression, scope, depth: depth + 1)
            else { return nil }
            if !value { return false }
        }
        return true
    }

    /// Runs a function body or a branch; nil when it returns nothing that can be told.
    ///
    /// `let`s, `if`, `guard … else { return … }` and `return` are run; a body of one expression is its value.
    private func run(_ items: CodeBlockItemListSyntax, _ scope: [String: ManifestValue], depth: Int)
        -> ManifestValue?
    {
        guard step(), depth < ManifestEvaluation.maximumDepth * 8 else { return nil }
        var scope = scope
        if items.count == 1, let only = items.first?.item.as(ExprSyntax.self), !only.is(IfExprSyntax.self) {
            return evaluate(only, scope, depth: depth + 1)
        }
        for item in items {
            guard step() else { return nil }
            if let variable = item.item.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    scope[name] = binding.initializer.map { evaluate($0.value, scope, depth: depth + 1) } ?? .unknown
                }
            } else if let returned = item.item.as(ReturnStmtSyntax.self) {
                return returned.expression.map { evaluate($0, scope, depth: depth + 1) }
            } else if let ifExpression = item.item.as(IfExprSyntax.self)
                ?? item.item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self)
            {
                guard let taken = condition(ifExpression.conditions, scope, depth: depth + 1) else { return nil }
                if items.count == 1 { return evaluate(if: ifExpression, scope, depth: depth + 1) }
                let branch: CodeBlockItemListSyntax?
                if taken {
                    branch = ifExpression.body.statements
                } else if case .codeBlock(let block)? = ifExpression.elseBody {
                    branch = block.statements
                } else if case .ifExpr(let next)? = ifExpression.elseBody {
                    if let value = evaluate(if: next, scope, depth: depth + 1) { return value }
                    branch = nil
                } else {
                    branch = nil
                }
                if let branch, branch.contains(where: { $0.item.is(ReturnStmtSyntax.self) }) {
                    return run(branch, scope, depth: depth + 1)
                }
            } else if let guardStatement = item.item.as(GuardStmtSyntax.self) {
                guard let holds = condition(guardStatement.conditions, scope, depth: depth + 1) else { return nil }
                if !holds { return run(guardStatement.body.statements, scope, depth: depth + 1) }
            } else {
                return nil  // a loop, a `var` changed later, a `switch`: not evaluated
            }
        }
        return nil
    }

    private func evaluate(call: FunctionCallExprSyntax, _ scope: [String: ManifestValue], depth: Int)
        -> ManifestValue
    {
        let name: String
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base == nil
                || member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text.first?.isUppercase
                    == true
        {
            name = member.declName.baseName.text
        } else {
            return .unknown  // a method of a value (`names.map { … }`)
        }
        if let function = functions[name] {
            return apply(function, call, scope, depth: depth + 1)
        }
        guard call.trailingClosure == nil else { return .unknown }
        return .call(
            name: name,
            arguments: call.arguments.map {
                ManifestArgument(label: $0.label?.text, value: evaluate($0.expression, scope, depth: depth + 1))
            })
    }

    /// A call of one of the manifest's functions: its parameters bound to the arguments (or their defaults), its
    /// body run.
    private func apply(
        _ function: FunctionDeclSyntax, _ call: FunctionCallExprSyntax, _ scope: [String: ManifestValue], depth: Int
    ) -> ManifestValue {
        guard depth < ManifestEvaluation.maximumDepth * 8, let body = function.body,
            call.trailingClosure == nil
        else { return .unknown }
        // Each call of a manifest function counts towards the depth as much as eight levels of expressions.
        let callDepth = depth + 8
        var arguments = Array(call.arguments)
        var bound: [String: ManifestValue] = [:]
        for parameter in function.signature.parameterClause.parameters {
            let label = parameter.firstName.text == "_" ? nil : parameter.firstName.text
            let name = (parameter.secondName ?? parameter.firstName).text
            if let position = arguments.firstIndex(where: { $0.label?.text == label }) {
                bound[name] = evaluate(arguments[position].expression, scope, depth: callDepth)
                arguments.remove(at: position)
            } else if let value = parameter.defaultValue?.value {
                bound[name] = evaluate(value, [:], depth: callDepth)
            } else {
                return .unknown
            }
        }
        guard arguments.isEmpty else { return .unknown }
        return run(body.statements, bound, depth: callDepth) ?? .unknown
    }
}
