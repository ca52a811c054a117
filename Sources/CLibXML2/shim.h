#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H

// Debian/Ubuntu build libxml2 with ICU support, so <libxml/encoding.h> includes the system ICU headers
// (<unicode/ucnv.h>). Foundation on Swift 6.3.0/6.3.1 bundles its own ICU, and any Swift module that sees
// both fails a clean build with "'UErrorCode' has different definitions in different modules".
// We never touch xmlCharEncodingHandler by value (its ICU-only fields come last), so hiding them is safe.
// Keep this even on toolchains where the clash is fixed: it costs nothing.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlwriter.h>

#endif
