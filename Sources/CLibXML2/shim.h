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
#include <libxml/encoding.h>
#include <libxml/uri.h>
#include <libxml/globals.h>
#include <stdarg.h>
#include <stdio.h>

// libxml2 reports some problems without a parser context (encoding errors while input is converted, the
// writer's errors) through the thread's global structured error handler, and a few (`xmlParseChunk: encoder
// error`) through the thread's generic handler, a C variadic function Swift cannot define. By default both
// print to stderr. `stringbridge_route_errors` points both at a sink for the current thread and returns what it
// replaced, for `stringbridge_restore_errors`; a generic message is formatted and handed to `sink->message`.
typedef struct stringbridge_error_sink {
    void (*message)(void *context, const char *text);
    void *context;
} stringbridge_error_sink;

typedef struct stringbridge_error_handlers {
    void *generic;
    void *genericContext;
    void *structured;
    void *structuredContext;
} stringbridge_error_handlers;

static void stringbridge_generic_error(void *sink, const char *format, ...) {
    char text[1024];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(text, sizeof text, format, arguments);
    va_end(arguments);
    stringbridge_error_sink *target = (stringbridge_error_sink *)sink;
    if (target != NULL && target->message != NULL) target->message(target->context, text);
}

static inline stringbridge_error_handlers stringbridge_route_errors(
    stringbridge_error_sink *sink, xmlStructuredErrorFunc structured, void *structuredContext) {
    stringbridge_error_handlers saved = {
        (void *)xmlGenericError, xmlGenericErrorContext, (void *)xmlStructuredError, xmlStructuredErrorContext};
    xmlGenericError = stringbridge_generic_error;
    xmlGenericErrorContext = sink;
    xmlStructuredError = structured;
    xmlStructuredErrorContext = structuredContext;
    return saved;
}

static inline void stringbridge_restore_errors(stringbridge_error_handlers saved) {
    xmlGenericError = (xmlGenericErrorFunc)saved.generic;
    xmlGenericErrorContext = saved.genericContext;
    xmlStructuredError = (xmlStructuredErrorFunc)saved.structured;
    xmlStructuredErrorContext = saved.structuredContext;
}

#endif
