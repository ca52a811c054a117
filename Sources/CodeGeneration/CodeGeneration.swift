// CodeGeneration — code and tables made from catalogs: typed accessors and compiled runtime tables.
// Door: `AccessorGenerator`, `LegacyAccessorGenerator`, `RuntimeTableEncoder`, `TableCompilation` (docs/generate.md).
// Text built line by line; no SwiftSyntaxBuilder, no libxml2 (the build plugin's tool links it).
