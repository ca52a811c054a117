/// For each token that opens a bracket (`(`, `[`, `{`), the index of the token that closes it.
///
/// Any closing bracket closes the innermost open one; `nil` for one never closed. One pass, so that reading the
/// arguments of nested calls stays linear. `punctuation` holds each token's punctuation byte (`nil` for other
/// tokens); shared by the C and the genstrings Swift readers.
func bracketClosers(_ punctuation: [UInt8?]) -> [Int?] {
    var result = [Int?](repeating: nil, count: punctuation.count)
    var open: [Int] = []
    for (index, byte) in punctuation.enumerated() {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): open.append(index)
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
            if let opener = open.popLast() { result[opener] = index }
        default: break
        }
    }
    return result
}
