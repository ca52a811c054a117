// PropertyListSupport — property lists (XML and binary) for the legacy formats, with positions; not a format.
// Door: `PropertyListReader` (picks the form), `PropertyListNode`, `PropertyListValue`, `PropertyListDialect`.
// All `package`; each format words the problems it reports through its own dialect.
