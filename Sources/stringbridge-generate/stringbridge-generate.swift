// stringbridge-generate — the build plugin's tool: compiled tables and accessors for a target.
// Door: run by `Plugins/StringBridgeGenerate`; modes `tables` and `accessors` (docs/runtime.md).
// Needs neither libxml2 nor swift-syntax, so a client's build stays small.
