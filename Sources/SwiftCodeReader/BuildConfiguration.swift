import SwiftSyntax

/// Which `#if` clauses the reader reads: the Debug configuration, as Xcode's Run builds it.
///
/// `DEBUG` is set; `true`/`1` hold and `false`/`0` do not; `swift(…)`, `compiler(…)` and `hasFeature(…)` hold.
/// Conditions a syntax-only reader cannot decide (`os(…)`, `arch(…)`, `canImport(…)`, `targetEnvironment(…)`,
/// other custom flags) count as unknown, and every clause with an unknown condition is read: a multi-platform
/// app's strings of all platforms are found. An `#else` is read unless an earlier clause certainly holds.
///
/// When the platforms the code is compiled for are known (an Xcode target's `SUPPORTED_PLATFORMS` or `SDKROOT`),
/// `os(…)` is decided for each of them and a clause is read when it is read on one of them: a watchOS target
/// never reads `#if os(iOS)`, an iOS and macOS target never reads `#if os(watchOS)` nor the `#else` of
/// `#if os(iOS) || os(macOS)`.
enum BuildConfiguration {
    /// The clauses of `node` to read, in order, for code compiled for `platforms` (`os(…)` names; `nil` when not
    /// known).
    static func activeClauses(of node: IfConfigDeclSyntax, platforms: Set<String>?) -> [IfConfigClauseSyntax] {
        guard let platforms, !platforms.isEmpty else { return activeClauses(of: node, platform: nil) }
        var read = Set<SyntaxIdentifier>()
        for platform in platforms {
            for clause in activeClauses(of: node, platform: platform) { read.insert(clause.id) }
        }
        return node.clauses.filter { read.contains($0.id) }
    }

    /// The clauses of `node` to read when compiling for one platform (`nil`: any).
    static func activeClauses(of node: IfConfigDeclSyntax, platform: String?) -> [IfConfigClauseSyntax] {
        var active: [IfConfigClauseSyntax] = []
        for clause in node.clauses {
            guard let condition = clause.condition else {
                active.append(clause)
                break
            }
            switch evaluate(condition, platform: platform) {
            case true?:
                active.append(clause)
                return active
            case false?:
                continue
            case nil:
                active.append(clause)
            }
        }
        return active
    }

    /// `true` or `false` when the condition is decided, `nil` when it is unknown.
    static func evaluate(_ condition: ExprSyntax, platform: String? = nil) -> Bool? {
        func evaluate(_ condition: ExprSyntax) -> Bool? { Self.evaluate(condition, platform: platform) }
        if let literal = condition.as(BooleanLiteralExprSyntax.self) {
            return literal.literal.tokenKind == .keyword(.true)
        }
        if let integer = condition.as(IntegerLiteralExprSyntax.self) {
            return integer.literal.text != "0"
        }
        if let reference = condition.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text == "DEBUG" ? true : nil
        }
        if let tuple = condition.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
            return evaluate(inner.expression)
        }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return evaluate(prefix.expression).map { !$0 }
        }
        if let call = condition.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            if name == "os", let platform, call.arguments.count == 1, let argument = call.arguments.first {
                let asked = argument.expression.trimmedDescription
                return (osAliases[asked] ?? asked) == platform
            }
            return ["swift", "compiler", "hasFeature", "hasAttribute"].contains(name) ? true : nil
        }
        if let infix = condition.as(InfixOperatorExprSyntax.self),
            let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text
        {
            return combine(evaluate(infix.leftOperand), op, evaluate(infix.rightOperand))
        }
        if let sequence = condition.as(SequenceExprSyntax.self) {
            // Unfolded `a && b || c`: evaluated left to right (`#if` conditions seldom mix the two).
            var elements = Array(sequence.elements)
            guard let first = elements.first else { return nil }
            var value = evaluate(first)
            elements.removeFirst()
            while elements.count >= 2 {
                guard let op = elements[0].as(BinaryOperatorExprSyntax.self)?.operator.text else { return nil }
                value = combine(value, op, evaluate(elements[1]))
                elements.removeFirst(2)
            }
            return value
        }
        return nil
    }

    /// Other names `os(…)` accepts for a platform.
    private static let osAliases = ["OSX": "macOS", "xrOS": "visionOS"]

    private static func combine(_ left: Bool?, _ op: String, _ right: Bool?) -> Bool? {
        switch op {
        case "&&":
            if left == false || right == false { return false }
            if left == true && right == true { return true }
            return nil
        case "||":
            if left == true || right == true { return true }
            if left == false && right == false { return false }
            return nil
        default:
            return nil
        }
    }
}
