// CatalogEditorServer — `stringbridge edit`: the report's page served on 127.0.0.1 with editing (FlyingFox).
// Door: `EditorServer` (token, Host and Origin checks, routes), `EditorProject` (tables by id, saves), `KeySlots`.
// Saves only through the CLI's writers, in-place editors and `FileTransaction`; never names a file outside ROOT.
