import CodeExtraction
import LocalizationCatalog
import StringBridgeSupport
import SwiftSyntax

/// What the first pass learns for the types of interpolations: the members each project type declares (stored and
/// computed properties, property wrappers' projected `$x`) and the project's `typealias`es.
///
/// `order.count` is typed by `Order`'s own `count` (an `Int` there, a `String` in another type), not by the one
/// type `count` has in the whole project (docs/extraction.md, "Keys").
struct MemberTypes: Sendable {
    /// Type name → member name → the types it is declared with there.
    var members: [String: [String: Set<String>]] = [:]
    /// Alias name → the types it stands for.
    var aliases: [String: Set<String>] = [:]
    /// Global variables (declared at a file's top level) → their types.
    var globals: [String: Set<String>] = [:]
    /// Name of a member declared with a `…Key<T>` type (Defaults' `static let launches = Key<Int>(…)`) → the `T`s.
    var keyValueTypes: [String: Set<String>] = [:]
    /// Generic type name → the names of its generic parameters, in order (`struct Field<Value>` → `["Value"]`).
    var genericParameters: [String: [String]] = [:]

    /// Merges another file's members.
    mutating func merge(_ other: MemberTypes) {
        for (type, declared) in other.members {
            members[type, default: [:]].merge(declared) { $0.union($1) }
        }
        aliases.merge(other.aliases) { $0.union($1) }
        keyValueTypes.merge(other.keyValueTypes) { $0.union($1) }
        globals.merge(other.globals) { $0.union($1) }
        genericParameters.merge(other.genericParameters) { $0.count >= $1.count ? $0 : $1 }
    }

    /// The type of `member` in an instance of a generic project type (`Field<Int?>`): declared in `Field`, its
    /// generic parameters replaced by the arguments (`var value: Value` → `Int?`), or nil.
    func genericMemberType(of member: String, in type: String) -> String? {
        guard let open = type.firstIndex(of: "<"), type.hasSuffix(">") else { return nil }
        let base = String(type[..<open])
        guard let declared = self.type(of: member, in: base) else { return nil }
        let inside = String(type[type.index(after: open)..<type.index(before: type.endIndex)])
        guard let names = genericParameters[base], let arguments = TypeNames.topLevelElements(of: inside),
            arguments.count == names.count
        else { return declared }
        for (name, argument) in zip(names, arguments) where TypeNames.strippingOptional(declared) == name {
            return TypeNames.trimmed(argument)
        }
        return declared
    }

    /// Members of SDK types whose type the reader cannot see in the project (`SMAppService.mainApp.status.rawValue`
    /// is an `Int`); a method is named with its `(`.
    static let sdkMembers: [String: [String: String]] = [
        "SMAppService": [
            "mainApp": "SMAppService", "status": "SMAppService.Status", "agent(": "SMAppService",
            "daemon(": "SMAppService", "loginItem(": "SMAppService", "statusForLegacyPlist(": "SMAppService.Status",
        ],
        "SMAppService.Status": ["rawValue": "Int"],
        "ProcessInfo": [
            "processInfo": "ProcessInfo", "processIdentifier": "Int32", "activeProcessorCount": "Int",
            "processorCount": "Int", "physicalMemory": "UInt64", "systemUptime": "Double",
        ],
        "NSRunningApplication": ["processIdentifier": "Int32"],
        "URLError": ["errorCode": "Int"],
        "NSError": ["code": "Int"],
        "HTTPURLResponse": ["statusCode": "Int"],
    ]

    /// SDK functions that return a number type (`SecItemCopyMatching(…)` is an `OSStatus`, an `Int32`).
    static let sdkResults: [String: String] = [
        "SecItemCopyMatching": "Int32", "SecItemAdd": "Int32", "SecItemUpdate": "Int32", "SecItemDelete": "Int32",
        "SecRandomCopyBytes": "Int32", "SecStaticCodeCreateWithPath": "Int32", "SecCodeCopySelf": "Int32",
        "SecCodeCopySigningInformation": "Int32", "SecStaticCodeCheckValidity": "Int32",
        "SecCodeCheckValidity": "Int32", "SecTrustEvaluate": "Int32", "SecKeychainItemDelete": "Int32",
        "AuthorizationCreate": "Int32", "AuthorizationCopyRights": "Int32",
        "AudioObjectGetPropertyData": "Int32", "AudioObjectSetPropertyData": "Int32",
        "AudioObjectGetPropertyDataSize": "Int32", "AudioObjectAddPropertyListener": "Int32",
        "AudioObjectAddPropertyListenerBlock": "Int32", "AudioUnitSetProperty": "Int32",
        "AudioUnitGetProperty": "Int32", "AudioUnitInitialize": "Int32", "AudioOutputUnitStart": "Int32",
        "AudioOutputUnitStop": "Int32", "AudioComponentInstanceNew": "Int32", "AudioQueueStart": "Int32",
        "AudioFileOpenURL": "Int32", "ExtAudioFileOpenURL": "Int32", "LSSetDefaultHandlerForURLScheme": "Int32",
        "LSSetDefaultRoleHandlerForContentType": "Int32", "SSLHandshake": "Int32", "errno": "Int32",
        "getpid": "Int32", "kill": "Int32", "sysctlbyname": "Int32", "sysctl": "Int32",
    ]

    /// The one type of the global `name` (several declarations must give one specifier), or nil.
    func globalType(of name: String) -> String? {
        guard let types = globals[name] else { return nil }
        if types.count == 1 { return types.first }
        return Set(types.map(TypeNames.specifier(for:))).count == 1 ? types.min() : nil
    }

    /// The one type `member` of `type` is declared with (several declarations must give one specifier), or nil.
    func type(of member: String, in type: String) -> String? {
        guard let types = members[type]?[member] else { return nil }
        if types.count == 1 { return types.first }
        return Set(types.map(TypeNames.specifier(for:))).count == 1 ? types.min() : nil
    }

    /// Raw types of enums whose `rawValue` is typed (`enum Level: Int`).
    static let rawValueTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "String", "Character",
    ]

    /// Number types whose `max`, `min`, `zero` and `random(in:)` are of the type itself.
    static let numberTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "CGFloat",
    ]

    /// Well-known SDK aliases of number types (Darwin, Foundation, CoreFoundation).
    static let sdkAliases: [String: String] = [
        "OSStatus": "Int32", "pid_t": "Int32", "CInt": "Int32", "NSInteger": "Int", "NSUInteger": "UInt",
        "CLong": "Int", "CLongLong": "Int64", "CUnsignedInt": "UInt32", "CShort": "Int16", "CUnsignedShort": "UInt16",
        "CChar": "Int8", "UniChar": "UInt16", "CFIndex": "Int", "CGFloat": "CGFloat", "OSErr": "Int16",
        "CDouble": "Double", "CFloat": "Float", "Float64": "Double", "Float32": "Float", "CFTimeInterval": "Double",
        "NSTimeInterval": "Double",
    ]

    /// `type` with optionality removed and aliases (the SDK's, then the project's when unique) followed.
    func canonical(_ type: String) -> String {
        var name = TypeNames.strippingOptional(type)
        for _ in 0..<4 {
            if let sdk = Self.sdkAliases[name] { return sdk }
            guard let targets = aliases[name], targets.count == 1, let target = targets.first, target != name else {
                break
            }
            name = TypeNames.strippingOptional(target)
        }
        return name
    }
}

/// Collects a file's ``MemberTypes``: members of types (not locals: function bodies are skipped) and aliases.
final class MemberTypeCollector: SyntaxVisitor {
    private(set) var result = MemberTypes()
    private var typeNames: [String] = []

    init() {
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        noteGenericParameters(node.genericParameterClause, of: node.name.text)
        return enter(node.name.text)
    }
    override func visitPost(_ node: StructDeclSyntax) { typeNames.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        noteGenericParameters(node.genericParameterClause, of: node.name.text)
        return enter(node.name.text)
    }

    private func noteGenericParameters(_ clause: GenericParameterClauseSyntax?, of name: String) {
        guard let clause else { return }
        result.genericParameters[name] = clause.parameters.map(\.name.text)
    }
    override func visitPost(_ node: ClassDeclSyntax) { typeNames.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        // `enum Level: Int` → `level.rawValue` is an `Int`.
        if let raw = node.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription,
            MemberTypes.rawValueTypes.contains(raw)
        {
            result.members[node.name.text, default: [:]]["rawValue", default: []].insert(raw)
        }
        return enter(node.name.text)
    }
    override func visitPost(_ node: EnumDeclSyntax) { typeNames.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ActorDeclSyntax) { typeNames.removeLast() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ProtocolDeclSyntax) { typeNames.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.extendedType.trimmedDescription)
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { typeNames.removeLast() }

    // Bodies declare locals, not members; a method's return type is recorded as `name(`.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let owner = typeNames.last, let returnType = node.signature.returnClause?.type {
            result.members[owner, default: [:]][node.name.text + "(", default: []].insert(
                TypeNames.strippingOptional(returnType.trimmedDescription))
        }
        return .skipChildren
    }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        result.aliases[node.name.text, default: []].insert(node.initializer.value.trimmedDescription)
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let owner = typeNames.last else {
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let type = PropertyWrappers.declaredType(of: binding)
                else { continue }
                result.globals[name, default: []].insert(type)
            }
            return .skipChildren
        }
        let wrapper = PropertyWrappers.name(of: node)
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let type = PropertyWrappers.declaredType(of: binding)
            else { continue }
            result.members[owner, default: [:]][name, default: []].insert(type)
            if let open = type.firstIndex(of: "<"), type.hasSuffix(">"), type[..<open].hasSuffix("Key") {
                let value = String(type[type.index(after: open)..<type.index(before: type.endIndex)])
                result.keyValueTypes[name, default: []].insert(value)
            }
            if let wrapper, PropertyWrappers.projectsBinding.contains(wrapper) {
                result.members[owner, default: [:]]["$" + name, default: []].insert("Binding<\(type)>")
            }
        }
        return .skipChildren
    }

    private func enter(_ name: String) -> SyntaxVisitorContinueKind {
        typeNames.append(name)
        return .visitChildren
    }
}

/// What property wrappers say about a property's type.
enum PropertyWrappers {
    /// Wrappers whose projected value `$x` is a `Binding` of the wrapped type.
    static let projectsBinding: Set<String> = ["State", "Binding", "AppStorage", "SceneStorage", "Default"]
    /// Wrappers that hold a value of a `Binding`-like type: `wrappedValue` of `Binding<Int>` is an `Int`.
    static let wrappingTypes: Set<String> = ["Binding", "State", "Published", "AppStorage", "SceneStorage"]

    /// The first attribute's name (`@State private var n = 0` → `State`), or nil.
    static func name(of variable: VariableDeclSyntax) -> String? {
        for attribute in variable.attributes {
            guard let attribute = attribute.as(AttributeSyntax.self) else { continue }
            let name = attribute.attributeName.trimmedDescription
            if let generic = name.firstIndex(of: "<") { return String(name[..<generic]) }
            return name
        }
        return nil
    }

    /// The type a binding is declared with, or that its initial value has without context.
    static func declaredType(of binding: PatternBindingSyntax) -> String? {
        if let type = binding.typeAnnotation?.type { return TypeNames.strippingOptional(type.trimmedDescription) }
        guard let value = binding.initializer?.value else { return nil }
        return initialValueType(of: value) ?? immediateClosureType(of: value)
    }

    /// `{ …; return n }()`: the declared return type of a closure called where it is written, or the type of what
    /// its last `return` gives without context (a literal, or a local of the closure initialised with one).
    static func immediateClosureType(of expression: ExprSyntax) -> String? {
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            call.trailingClosure == nil, let closure = call.calledExpression.as(ClosureExprSyntax.self)
        else { return nil }
        if let type = closure.signature?.returnClause?.type {
            return TypeNames.strippingOptional(type.trimmedDescription)
        }
        var returned: ExprSyntax?
        if closure.statements.count == 1, let only = closure.statements.first?.item.as(ExprSyntax.self) {
            returned = only
        } else if let last = closure.statements.last?.item.as(ReturnStmtSyntax.self) {
            returned = last.expression
        }
        guard let returned else { return nil }
        if let type = initialValueType(of: returned) { return type }
        guard let name = returned.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        for item in closure.statements {
            guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                if let type = binding.typeAnnotation?.type {
                    return TypeNames.strippingOptional(type.trimmedDescription)
                }
                return binding.initializer.flatMap { initialValueType(of: $0.value) }
            }
        }
        return nil
    }

    /// The type of an initial value that needs no context: literals, arrays of literals, calls of a type
    /// (`Order()`, `Key<Int>(…)`).
    static func initialValueType(of expression: ExprSyntax) -> String? {
        if expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if expression.is(FloatLiteralExprSyntax.self) { return "Double" }
        if expression.is(StringLiteralExprSyntax.self) { return "String" }
        if expression.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return initialValueType(of: prefix.expression)
        }
        if let array = expression.as(ArrayExprSyntax.self) { return arrayLiteralType(array) }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            var callee = call.calledExpression
            if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init",
                let base = member.base
            {
                callee = base
            }
            if let specialized = callee.as(GenericSpecializationExprSyntax.self),
                let name = specialized.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                name.first?.isUppercase == true
            {
                return name + specialized.genericArgumentClause.trimmedDescription
            }
            if let name = callee.as(DeclReferenceExprSyntax.self)?.baseName.text, name.first?.isUppercase == true {
                return name
            }
        }
        return nil
    }

    /// `[1, 2]` → `[Int]`, `[1.5, 2]` → `[Double]`, `["a"]` → `[String]`; nil when the elements say nothing.
    static func arrayLiteralType(_ array: ArrayExprSyntax) -> String? {
        var element: String?
        for item in array.elements {
            guard let type = initialValueType(of: item.expression) else { return nil }
            if element == nil || element == type {
                element = type
            } else if Set([element, type]) == Set(["Int", "Double"]) {
                element = "Double"
            } else {
                return nil
            }
        }
        return element.map { "[\($0)]" }
    }

    /// `Binding<Int>` → `Int` (the wrapped value of a wrapper type); nil for other types.
    static func wrappedType(of type: String) -> String? {
        let name = TypeNames.strippingOptional(type)
        guard let open = name.firstIndex(of: "<"), name.hasSuffix(">") else { return nil }
        var base = String(name[..<open])
        if base.hasPrefix("SwiftUI.") { base.removeFirst("SwiftUI.".count) }
        guard wrappingTypes.contains(base) else { return nil }
        return String(name[name.index(after: open)..<name.index(before: name.endIndex)])
    }
}

extension TypeResolver {
    /// The type of `base.name`: the member `name` of the type of `base` when the project declares it there
    /// (`order.count` with `Order.count: Int`), `wrappedValue` of a `Binding<T>`; nil when not known this way.
    func memberType(named name: String, of base: ExprSyntax, depth: Int) -> String? {
        guard depth < InputLimits.typeResolution else { return nil }
        let baseType: String?
        if let reference = base.as(DeclReferenceExprSyntax.self) {
            let text = reference.baseName.text
            if text == "self" {
                baseType = enclosingTypeName(of: Syntax(base))
            } else if text == "Self" {
                baseType = enclosingTypeName(of: Syntax(base))
            } else if text.first?.isUppercase == true {
                baseType = text
            } else {
                baseType = type(of: base, depth: depth + 1)
            }
        } else {
            baseType = type(of: base, depth: depth + 1)
        }
        guard let baseType = baseType.map(members.canonical) else { return nil }
        if name == "wrappedValue", let wrapped = PropertyWrappers.wrappedType(of: baseType) { return wrapped }
        // `stats.done` of `(done: Int, total: Int)` (also through a `typealias`), `pair.0`.
        if baseType.hasPrefix("("), let element = TypeNames.tupleMember(baseType, named: name) {
            return members.canonical(element)
        }
        // `range.lowerBound` of `ClosedRange<UInt16>`.
        if ["lowerBound", "upperBound", "first", "last", "min(", "max(", "randomElement("].contains(name),
            let bound = TypeNames.rangeBound(baseType)
        {
            return bound
        }
        if let type = MemberTypes.sdkMembers[baseType]?[name] { return type }
        if MemberTypes.numberTypes.contains(baseType), ["max", "min", "zero"].contains(name) { return baseType }
        // `names.first` of `[String]` (and `first(where:)`, `randomElement()`, … as calls: `name(`).
        if let element = TypeNames.arrayElement(baseType),
            [
                "first", "last", "first(", "last(", "randomElement(", "min(", "max(", "popLast(", "removeFirst(",
                "removeLast(",
            ].contains(name)
        {
            return element
        }
        return members.type(of: name, in: baseType) ?? members.genericMemberType(of: name, in: baseType)
    }

    /// The type a method call gives when the method says it without the project's declarations (`firstIndex(of:)`
    /// Int, `reduce(0, +)` its initial value's type, `Int.random(in:)` Int), or when the type of its base declares
    /// it (`order.total()` with `Order.total() -> Int`); nil otherwise.
    func methodCallType(_ call: FunctionCallExprSyntax, member: MemberAccessExprSyntax, depth: Int) -> String? {
        guard depth < InputLimits.typeResolution else { return nil }
        let name = member.declName.baseName.text
        if ["firstIndex", "lastIndex", "count"].contains(name) { return "Int" }
        if name == "reduce", let initial = call.arguments.first, initial.label == nil {
            return type(of: initial.expression, depth: depth + 1)
        }
        guard let base = member.base else { return nil }
        if let reference = base.as(DeclReferenceExprSyntax.self),
            MemberTypes.numberTypes.contains(reference.baseName.text),
            name == "random"
        {
            return reference.baseName.text
        }
        return memberType(named: name + "(", of: base, depth: depth + 1)
    }

    /// The name of the type declaration around `node` (the extended type of an extension), or nil.
    func enclosingTypeName(of node: Syntax) -> String? {
        var current = node.parent
        var steps = 0
        while let this = current, steps < InputLimits.swiftTreeDepth {
            if let decl = this.as(StructDeclSyntax.self) { return decl.name.text }
            if let decl = this.as(ClassDeclSyntax.self) { return decl.name.text }
            if let decl = this.as(EnumDeclSyntax.self) { return decl.name.text }
            if let decl = this.as(ActorDeclSyntax.self) { return decl.name.text }
            if let decl = this.as(ExtensionDeclSyntax.self) { return decl.extendedType.trimmedDescription }
            current = this.parent
            steps += 1
        }
        return nil
    }

    /// The element type of the collection a closure runs over, for its `index`-th parameter.
    ///
    /// `$0` or a named parameter: `ForEach(values) { v in … }`, `List(values)`, `values.map { $0 }` (`forEach`, `compactMap`, `filter`,
    /// …). Ranges and `indices` give `Int`, `[Int]` gives `Int`, an array literal its elements' type.
    func closureElementType(of closure: ClosureExprSyntax, index: Int, depth: Int) -> String? {
        guard depth < InputLimits.typeResolution else { return nil }
        var call = closure.parent?.as(FunctionCallExprSyntax.self)
        if call == nil, let argument = closure.parent?.as(LabeledExprSyntax.self) {
            call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        }
        guard let call else { return nil }
        if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "IntentPrediction" {
            return predictionParameterType(call, index: index, depth: depth)
        }
        let calledName =
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        if let calledName, !Self.elementClosureMethods.contains(calledName),
            !["ForEach", "List", "TableColumn"].contains(calledName),
            let type = declaredClosureParameterType(closure, in: call, index: index, depth: depth)
        {
            return type
        }
        guard index == 0 else { return nil }
        let collection: ExprSyntax
        if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "TableColumn" {
            // `Table(rows) { TableColumn("Name") { row in … } }`: a row of the enclosing `Table`.
            guard let table = Self.enclosingCall(named: "Table", of: Syntax(call)),
                let first = table.arguments.first, first.label == nil || first.label?.text == "of"
            else { return nil }
            if first.label?.text == "of" {
                let text = first.expression.trimmedDescription
                return text.hasSuffix(".self") ? String(text.dropLast(".self".count)) : nil
            }
            collection = first.expression
        } else if let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            ["ForEach", "List"].contains(name)
        {
            guard let first = call.arguments.first, first.label == nil || first.label?.text == "data" else {
                return nil
            }
            collection = first.expression
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            Self.elementClosureMethods.contains(member.declName.baseName.text), let base = member.base
        {
            collection = base
        } else {
            return nil
        }
        return elementType(of: collection, depth: depth + 1)
    }

    /// `IntentPrediction(parameters: (\.$title, \.$count)) { title, count in … }`: each closure parameter has the
    /// type of the intent's `@Parameter` its key path names.
    private func predictionParameterType(_ call: FunctionCallExprSyntax, index: Int, depth: Int) -> String? {
        guard let argument = call.arguments.first(where: { $0.label?.text == "parameters" })?.expression else {
            return nil
        }
        let paths: [ExprSyntax]
        if let tuple = argument.as(TupleExprSyntax.self) {
            paths = tuple.elements.map(\.expression)
        } else {
            paths = [argument]
        }
        guard index >= 0, index < paths.count,
            let component = paths[index].as(KeyPathExprSyntax.self)?.components.last?.component
                .as(KeyPathPropertyComponentSyntax.self)
        else { return nil }
        var name = component.declName.baseName.text
        if name.hasPrefix("$") { name.removeFirst() }
        return declaredType(of: name, from: Syntax(call), depth: depth + 1)
    }

    /// The call named `name` around `node` (a few levels up: `Table(rows) { TableColumn(…) { … } }`), or nil.
    static func enclosingCall(named name: String, of node: Syntax) -> FunctionCallExprSyntax? {
        var current = node.parent
        var steps = 0
        while let this = current, steps < 32 {
            if let call = this.as(FunctionCallExprSyntax.self),
                call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == name
            {
                return call
            }
            current = this.parent
            steps += 1
        }
        return nil
    }

    /// A closure passed to a project function whose parameter is declared with a function type (`func load(_ done:
    /// (Int32) -> Void)` called as `load { code in … }`): the type of its `index`-th parameter there, when every
    /// declaration of that name that has such a parameter agrees.
    private func declaredClosureParameterType(
        _ closure: ClosureExprSyntax, in call: FunctionCallExprSyntax, index: Int, depth: Int
    ) -> String? {
        var callee = call.calledExpression
        if let member = callee.as(MemberAccessExprSyntax.self) {
            callee = ExprSyntax(DeclReferenceExprSyntax(baseName: member.declName.baseName))
        }
        guard let name = callee.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let signatures = self.index.signatures[name], signatures.count <= InputLimits.typeCandidates
        else { return nil }
        let label = closure.parent?.as(LabeledExprSyntax.self)?.label?.text
        let isTrailing = call.trailingClosure?.id == closure.id
        var found: Set<String> = []
        for signature in signatures {
            let parameter: ProjectIndex.Signature.Parameter?
            if isTrailing {
                parameter = signature.parameters.last { TypeNames.functionParameters($0.type) != nil }
            } else if closure.parent?.is(LabeledExprSyntax.self) == true {
                parameter = signature.parameters.first { $0.label == label }
            } else {
                parameter = nil
            }
            guard let parameter, let types = TypeNames.functionParameters(parameter.type), index >= 0,
                index < types.count
            else { continue }
            found.insert(members.canonical(types[index]))
        }
        // A generic parameter (`(T) -> Void`) is no type the reader knows: only number types, `String`, `Bool` and
        // the project's own types count.
        guard found.count == 1, let type = found.first,
            MemberTypes.numberTypes.contains(type) || ["String", "Bool"].contains(type) || members.members[type] != nil
        else { return nil }
        return type
    }

    /// Methods of a collection whose closure takes one element.
    private static let elementClosureMethods: Set<String> = [
        "map", "forEach", "compactMap", "flatMap", "filter", "first", "contains", "allSatisfy", "sorted", "min", "max",
        "last", "drop", "prefix",
    ]

    /// The type of the elements of `collection`: ranges and `indices` `Int`, arrays their element type.
    func elementType(of collection: ExprSyntax, depth: Int) -> String? {
        var expression = collection
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first
        {
            expression = inner.expression
        }
        if let elements = expression.as(SequenceExprSyntax.self)?.elements,
            elements.contains(where: { ["..<", "..."].contains($0.as(BinaryOperatorExprSyntax.self)?.operator.text) })
        {
            return elements.first.flatMap { type(of: $0, depth: depth + 1) } ?? "Int"
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "indices" {
            return "Int"
        }
        return type(of: expression, depth: depth + 1).flatMap { TypeNames.sequenceElement(members.canonical($0)) }
    }

    /// The type of `name` when `pattern` binds it to an enum case's associated value (`case .failed(let code)`,
    /// `case let .failed(_, code)`): the case's parameter at that position, from the project's enum cases.
    func caseBindingType(of name: String, in pattern: PatternSyntax) -> String? {
        var pattern = pattern
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { pattern = binding.pattern }
        guard let expression = pattern.as(ExpressionPatternSyntax.self)?.expression,
            let call = expression.as(FunctionCallExprSyntax.self),
            let caseName = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        else { return nil }
        let arity = call.arguments.count
        for (position, argument) in call.arguments.enumerated() where Self.binds(name, argument.expression) {
            guard let signatures = index.signatures[caseName], signatures.count <= InputLimits.typeCandidates else {
                return nil
            }
            var types: Set<String> = []
            for signature in signatures where signature.parameters.count == arity {
                types.insert(members.canonical(signature.parameters[position].type))
            }
            guard types.count == 1 || Set(types.map(TypeNames.specifier(for:))).count == 1 else { return nil }
            return types.min()
        }
        return nil
    }

    /// Whether a case pattern's argument binds `name` (`let code`, `code` under `case let`).
    private static func binds(_ name: String, _ expression: ExprSyntax) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == name }
        guard var pattern = expression.as(PatternExprSyntax.self)?.pattern else { return false }
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { pattern = binding.pattern }
        return pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
    }

    /// The type of a stored property from its wrapper when it has no annotation of its own:
    /// `@Default(.launches) var launches` takes the `T` of `Key<T>` that `launches` is declared with.
    func wrapperType(of binding: PatternBindingSyntax, in variable: VariableDeclSyntax) -> String? {
        guard binding.typeAnnotation == nil, binding.initializer == nil,
            let attribute = variable.attributes.first?.as(AttributeSyntax.self),
            attribute.attributeName.trimmedDescription == "Default",
            case .argumentList(let arguments)? = attribute.arguments,
            let key = arguments.first?.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        else { return nil }
        guard let types = members.keyValueTypes[key], types.count == 1 else { return nil }
        return types.first
    }
}

/// Whether a type lookup fell back on a name's declarations anywhere in the project: `x.total` with `x` of unknown
/// type takes the one type `total` is declared with in the project, which is likely but not certain.
final class GuessLog {
    var guessed = false
}

extension TypeResolver {
    /// `type`, noted as a guess when there is one.
    func guessed(_ type: String?) -> String? {
        if type != nil { guesses.guessed = true }
        return type
    }
}

/// An interpolation's specifier and whether its type was known.
struct InterpolationSpecifier {
    var text: String
    var isKnown: Bool
}

extension StringFinder {
    /// The format specifier of one interpolation (docs/extraction.md, "Keys"), and whether it is certain: an
    /// expression whose type the reader cannot tell is written `%@` and is not.
    func interpolationSpecifier(for segment: ExpressionSegmentSyntax) -> InterpolationSpecifier {
        let arguments = Array(segment.expressions)
        if let given = arguments.first(where: { $0.label?.text == "specifier" }),
            let value = LiteralRendering.plainValue(of: given.expression)
        {
            return InterpolationSpecifier(text: value, isKnown: true)
        }
        guard let first = arguments.first else { return InterpolationSpecifier(text: "%@", isKnown: true) }
        // format:, style:, formatter: give text.
        if arguments.count > 1 { return InterpolationSpecifier(text: "%@", isKnown: true) }
        let expression = first.expression
        if let keyPath = expression.as(KeyPathExprSyntax.self),
            let component = keyPath.components.last?.component.as(KeyPathPropertyComponentSyntax.self)
        {
            let name = component.declName.baseName.text
            return InterpolationSpecifier(text: name.hasPrefix("$") ? "${\(name.dropFirst())}" : "%@", isKnown: true)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil,
            member.declName.baseName.text == "applicationName"
        {
            return InterpolationSpecifier(text: "${applicationName}", isKnown: true)
        }
        types.guesses.guessed = false
        guard let type = types.type(of: expression) else { return InterpolationSpecifier(text: "%@", isKnown: false) }
        return InterpolationSpecifier(
            text: TypeNames.specifier(for: types.members.canonical(type)), isKnown: !types.guesses.guessed)
    }

    /// The key of `literal` with its interpolations' specifiers, the specifiers of unknown type, and a note at each
    /// of those interpolations; nil when the literal does not parse.
    func renderKey(_ literal: StringLiteralExprSyntax, lines: LineIndex)
        -> (key: String, unresolved: [ExtractedString.UnresolvedSpecifier], notes: [Diagnostic])?
    {
        var unknown: [Int] = []
        var segments: [ExpressionSegmentSyntax] = []
        var ranges: [Range<Int>] = []
        let key = LiteralRendering.render(
            literal,
            specifier: { segment in
                let specifier = interpolationSpecifier(for: segment)
                if !specifier.isKnown { unknown.append(segments.count) }
                segments.append(segment)
                return specifier.text
            },
            ranges: &ranges)
        guard let key else { return nil }
        var unresolved: [ExtractedString.UnresolvedSpecifier] = []
        var notes: [Diagnostic] = []
        for position in unknown where position < ranges.count {
            let segment = segments[position]
            let location = lines.location(of: segment.positionAfterSkippingLeadingTrivia.utf8Offset)
            unresolved.append(ExtractedString.UnresolvedSpecifier(range: ranges[position], location: location))
            let expression = segment.expressions.trimmedDescription
            let written = String(decoding: Array(key.utf8)[ranges[position]], as: UTF8.self)
            notes.append(
                Diagnostic(
                    .note,
                    "the type of \(Diagnostic.quoted(Self.shortened(expression))) is not known without a type "
                        + "checker; the key \(Diagnostic.quoted(key)) has \(written) for it, where Xcode may write "
                        + "another specifier (sync takes a catalog key with any specifier there)",
                    at: location))
        }
        return (key, unresolved, notes)
    }

    /// An expression's text for a message: at most 60 characters.
    private static func shortened(_ text: String) -> String {
        text.count <= 60 ? text : String(text.prefix(59)) + "…"
    }
}
