import SwiftSyntax

/// The statements of a code block and the properties of a member list that may declare a name, found once per block.
///
/// The rule (``TypeResolver/declaredType(of:from:depth:)``): a name's type in a block is that of the first statement,
/// in source order, that declares it with a type that can be told — a `let`/`var` binding the name, or a `guard` whose
/// conditions bind it. Asked of every statement for every interpolation, that is a scan of the block per question:
/// quadratic in a block of thousands of statements, which a stranger's pull request can write. The fast path indexes
/// each block once (linear in its size) by every name its `let`/`var` patterns bind and every identifier in its
/// `guard` conditions (more than they bind: each candidate is still asked, in source order), so a question looks at
/// the few statements that can answer it. ``scansEverything`` gives the exact rule (every statement, in order); a test
/// holds the two equal.
final class ScopeDeclarations {
    /// Every statement and property is a candidate (the rule as written), instead of those indexed by name.
    let scansEverything: Bool
    private var blocks: [SyntaxIdentifier: [String: [Syntax]]] = [:]
    private var memberLists: [SyntaxIdentifier: [String: [VariableDeclSyntax]]] = [:]

    init(scansEverything: Bool = false) {
        self.scansEverything = scansEverything
    }

    /// The statements of `list` that may declare `name` (a `$name` projection looks for `name`), in source order.
    func statements(binding name: String, in list: CodeBlockItemListSyntax) -> [Syntax] {
        if scansEverything {
            return list.compactMap { item in
                item.item.is(VariableDeclSyntax.self) || item.item.is(GuardStmtSyntax.self) ? Syntax(item.item) : nil
            }
        }
        let index =
            blocks[list.id]
            ?? {
                var names: [String: [Syntax]] = [:]
                for item in list {
                    var bound: [String] = []
                    if let variable = item.item.as(VariableDeclSyntax.self) {
                        bound = Self.names(of: variable)
                    } else if let guardStatement = item.item.as(GuardStmtSyntax.self) {
                        // Every word of the conditions (`guard let self`, `case .some(let x)`, `let .some(x)`).
                        bound = guardStatement.conditions.tokens(viewMode: .sourceAccurate).compactMap { token in
                            switch token.tokenKind {
                            case .identifier, .dollarIdentifier, .keyword: return Self.declared(token.text)
                            default: return nil
                            }
                        }
                    }
                    var added = Set<String>()
                    for name in bound where added.insert(name).inserted {
                        names[name, default: []].append(Syntax(item.item))
                    }
                }
                blocks[list.id] = names
                return names
            }()
        return index[Self.declared(name)] ?? []
    }

    /// The properties of `list` that may declare `name`, in source order.
    func variables(binding name: String, in list: MemberBlockItemListSyntax) -> [VariableDeclSyntax] {
        if scansEverything { return list.compactMap { $0.decl.as(VariableDeclSyntax.self) } }
        let index =
            memberLists[list.id]
            ?? {
                var names: [String: [VariableDeclSyntax]] = [:]
                for member in list {
                    guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                    for name in Set(Self.names(of: variable)) { names[name, default: []].append(variable) }
                }
                memberLists[list.id] = names
                return names
            }()
        return index[Self.declared(name)] ?? []
    }

    /// The names a `let`/`var` binds with a plain identifier pattern (the only bindings the resolver reads).
    private static func names(of variable: VariableDeclSyntax) -> [String] {
        variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
    }

    /// `$x` (a property wrapper's projection) is declared as `x`.
    private static func declared(_ name: String) -> String {
        name.hasPrefix("$") && name.count > 1 ? String(name.dropFirst()) : name
    }
}
