import SwiftSyntax

/// A container between an expression and the place that types it: the expression is an element of an array
/// literal, the value of a dictionary literal, or element `n` of a tuple (`(title: LocalizedStringKey, count: Int)`).
enum ExpressionContainer: Equatable {
    case arrayElement
    case dictionaryValue
    case tupleElement(Int)

    /// `type` with `containers` (innermost first) taken off, each step's optionality removed when
    /// `strippingOptionals`; `nil` when a step does not fit the type.
    static func unwrap(_ type: String, _ containers: [ExpressionContainer], strippingOptionals: Bool) -> String? {
        var type = strippingOptionals ? TypeNames.strippingOptional(type) : type
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
            if strippingOptionals { type = TypeNames.strippingOptional(type) }
        }
        return type
    }
}

/// The one walk up from an expression to the place that gives its type, shared by the key finder (is a literal
/// typed as a key? ``StringFinder``) and the implicit members (what type is `.init(…)` looked up in?
/// ``ContextTypes``).
///
/// The walk climbs through what only passes a type on — parentheses and tuples, array elements, dictionary values,
/// the `then` branch of `?:`, `if` and `switch` expressions, `try`, `await` and expression statements — collecting
/// the containers, and asks its caller at every other place (``Place``) whether to stop there or climb on.
enum ContainerWalk {
    /// A place the walk does not climb through on its own.
    enum Place {
        /// The expression is argument `position` (`labeled`) of `owner`, which is not a tuple: a call, an
        /// attribute.
        case argument(LabeledExprSyntax, position: Int, owner: Syntax)
        /// The expression is what the function, getter, subscript or closure around `node` returns: a `return`
        /// statement, or the single expression of a body.
        case result(of: Syntax)
        /// Any other parent of the expression (a sequence, an initializer clause, …).
        case other(Syntax)
    }

    /// What the caller makes of a place.
    enum Decision<Result> {
        /// The walk ends with `result` (`nil`: no type is known).
        case done(Result?)
        /// The walk goes on from `node` (a sequence the expression is a branch of).
        case climb(Syntax)
    }

    /// Walks up from `start` at most `maximumSteps` parents (`nil` when it reaches the top or the limit).
    static func walk<Result>(
        from start: Syntax, maximumSteps: Int = .max,
        _ decide: (_ place: Place, _ node: Syntax, _ containers: [ExpressionContainer]) -> Decision<Result>
    ) -> Result? {
        var node = start
        var containers: [ExpressionContainer] = []
        var steps = 0
        func ask(_ place: Place) -> Result?? {
            switch decide(place, node, containers) {
            case .done(let result): return .some(result)
            case .climb(let next):
                node = next
                return nil
            }
        }
        while let parent = node.parent, steps < maximumSteps {
            steps += 1
            if let labeled = parent.as(LabeledExprSyntax.self) {
                guard let list = labeled.parent?.as(LabeledExprListSyntax.self), let owner = list.parent else {
                    return nil
                }
                let position = list.distance(from: list.startIndex, to: list.index(of: labeled) ?? list.startIndex)
                if let tuple = owner.as(TupleExprSyntax.self) {
                    // Parentheses, or an element of a tuple typed by the tuple's declaration.
                    if !(list.count == 1 && labeled.label == nil) { containers.append(.tupleElement(position)) }
                    node = Syntax(tuple)
                    continue
                }
                if let result = ask(.argument(labeled, position: position, owner: owner)) { return result }
                continue
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
            if let ternary = parent.as(UnresolvedTernaryExprSyntax.self) {
                guard ternary.thenExpression.id == node.id else { return nil }
                node = parent
                continue
            }
            if parent.is(ReturnStmtSyntax.self) {
                if let result = ask(.result(of: parent)) { return result }
                continue
            }
            if let item = parent.as(CodeBlockItemSyntax.self) {
                guard let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1,
                    let owner = list.parent
                else { return nil }
                if owner.is(AccessorBlockSyntax.self) || owner.is(ClosureExprSyntax.self) {
                    if let result = ask(.result(of: owner)) { return result }
                    continue
                }
                if let block = owner.as(CodeBlockSyntax.self), let blockOwner = block.parent {
                    if blockOwner.is(FunctionDeclSyntax.self) || blockOwner.is(AccessorDeclSyntax.self) {
                        if let result = ask(.result(of: Syntax(block))) { return result }
                        continue
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
            if let result = ask(.other(parent)) { return result }
        }
        return nil
    }
}
