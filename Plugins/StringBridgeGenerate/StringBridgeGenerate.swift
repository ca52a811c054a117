// StringBridgeGenerate — the SwiftPM build-tool plugin that compiles a target's tables for StringBridgeRuntime.
// Door: `plugins: [.plugin(name: "StringBridgeGenerate", package: "stringbridge")]` on a target.
// Depends on `stringbridge-generate` only, never on the `stringbridge` executable.
