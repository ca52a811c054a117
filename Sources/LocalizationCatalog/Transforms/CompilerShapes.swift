/// Shapes of a localization that Xcode's String Catalog compiler refuses, or that Xcode's XLIFF export and import
/// lose data of (docs/formats/xliff.md, "Shapes"; Xcode 27).
package enum CompilerShapes {
    /// One problem of a localization's shape.
    package struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// Where, as an XLIFF-style variation path (`plural.one`, `device.other`); empty for the localization.
        package var path: String
        /// Whether Xcode's compiler refuses it (otherwise it compiles, but Xcode's XLIFF round trip loses data).
        package var isRefusedByCompiler: Bool
        /// What is wrong.
        package var message: String

        package var description: String {
            (path.isEmpty ? "" : "\(path): ") + message
        }
    }

    /// The problems of `localization`'s shape, depth first; empty for the shapes Xcode handles: a string unit
    /// alone, variations alone (a device case may hold plural variations), a string unit with substitutions,
    /// device variations with substitutions at the root.
    package static func problems(of localization: Localization) -> [Problem] {
        guard localization.hasMoreThanStringUnit else { return [] }
        var result: [Problem] = []
        let substitutions = localization.substitutions
        if !(substitutions?.isEmpty ?? true), localization.stringUnit == nil, localization.variations?.device == nil {
            result.append(
                Problem(
                    path: "", isRefusedByCompiler: true,
                    message: "substitutions without a stringUnit (Xcode's compiler: \"missing required stringUnit\")"))
        }
        collect(localization, path: "", isRoot: true, into: &result)
        for (name, substitution) in substitutions ?? [:] {
            for (category, value) in substitution.variations?.plural ?? [:] where value.variations != nil {
                if value.variations?.plural != nil || value.variations?.device != nil {
                    result.append(
                        Problem(
                            path: "substitutions.\(name).plural.\(category)", isRefusedByCompiler: true,
                            message: "a plural case holds variations; Xcode's compiler refuses it"))
                }
            }
        }
        return result
    }

    private static func collect(_ node: Localization, path: String, isRoot: Bool, into result: inout [Problem]) {
        let plural = node.variations?.plural
        let device = node.variations?.device
        guard plural != nil || device != nil || (!isRoot && node.substitutions != nil) else { return }
        func prefixed(_ step: String) -> String { path.isEmpty ? step : path + "." + step }
        if !isRoot, !(node.substitutions?.isEmpty ?? true) {
            result.append(
                Problem(
                    path: path, isRefusedByCompiler: true,
                    message: "substitutions inside a variation case (Xcode's compiler: \"undefined substitution\")"))
        }
        if node.stringUnit != nil, plural != nil || device != nil {
            result.append(
                Problem(
                    path: path, isRefusedByCompiler: false,
                    message:
                        "a stringUnit and variations side by side; Xcode's XLIFF export and import lose one of them"))
        }
        if plural != nil, device != nil {
            result.append(
                Problem(
                    path: path, isRefusedByCompiler: false,
                    message:
                        "plural and device variations side by side; Xcode's XLIFF export and import lose one of them"))
        }
        for (category, value) in plural ?? [:] {
            let casePath = prefixed("plural.\(category)")
            if value.variations?.plural != nil || value.variations?.device != nil
                || !(value.substitutions?.isEmpty ?? true)
            {
                result.append(
                    Problem(
                        path: casePath, isRefusedByCompiler: true,
                        message: "a plural case holds variations; Xcode's compiler refuses it"))
            }
        }
        for (name, value) in device ?? [:] {
            let casePath = prefixed("device.\(name)")
            if name == "other", value.variations?.plural != nil || value.variations?.device != nil {
                result.append(
                    Problem(
                        path: casePath, isRefusedByCompiler: true,
                        message: "device case other holds variations; Xcode's compiler refuses it"))
                continue
            }
            collect(value, path: casePath, isRoot: false, into: &result)
        }
    }
}
