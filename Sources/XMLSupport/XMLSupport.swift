// XMLSupport — the XML layer: libxml2's SAX2 reader, a value tree for small documents, its writer and escaping.
// Door: `XMLEventParser`, `XMLDocumentTree`/`XMLElementNode`; `XMLStreamWriter`, `XMLEscaping` (docs/xml-layer.md).
// The only importer of CLibXML2; no libxml2 type leaves it; all `package`.
