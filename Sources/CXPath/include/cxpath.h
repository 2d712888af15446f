#ifndef CXPATH_H
#define CXPATH_H

#include <stddef.h>

/// libxml2's XPath run over a screen's XML with its errors caught, never printed:
/// FoundationXML's `nodes(forXPath:)` prints them, then crashes on an expression that compiles
/// but fails while running (`matches()`, `$x`). `XPathChecker` refuses those first; this is what
/// runs what it passes.

/// What an XPath expression gave.
typedef enum {
    CXPATH_NODES = 0,      ///< a node set
    CXPATH_NOT_NODES = 1,  ///< a number, string or boolean
    CXPATH_ERROR = 2,      ///< libxml2 refused it: `offset` and `message` say where and why
} cxpath_status;

/// A document held by libxml2 for XPath alone, its elements numbered in document order from 0
/// (the document element) as `ScreenXML.elements` are.
typedef struct cxpath_document cxpath_document;

/// Parses `length` bytes of XML (no network, no entity expansion, any size and depth libxml2
/// allows with XML_PARSE_HUGE); NULL when libxml2 refuses them. Nothing is printed.
cxpath_document *cxpath_document_read(const char *bytes, size_t length);

void cxpath_document_free(cxpath_document *document);

/// The most steps (libxml2's operations: nodes visited, values compared) one XPath takes over a
/// screen before it is stopped with "operation limit exceeded": a locator UI tests write takes
/// under 2,000,000 over 73,000 elements; `//*[count(//*[count(//*) > 0]) > 0]` over a few
/// thousand would run for hours.
#define CXPATH_OPERATION_LIMIT 50000000UL

/// What one XPath selected over a document.
typedef struct {
    /// The element numbers selected, in document order, without repeats (malloc'd; free with
    /// `cxpath_selection_free`).
    long *elements;
    size_t count;
    /// How many selected nodes are not elements (attributes, text, namespaces…).
    size_t others;
    /// libxml2's node type of the first of those (2 for an attribute), 0 when there is none.
    int first_other_type;
} cxpath_selection;

/// Evaluates `expression` from the document element with libxml2's errors caught, none printed
/// (neither the structured errors nor libxml2's generic messages). On CXPATH_ERROR, `message`
/// (NUL-terminated, cut to `size`) says why and `offset` is where libxml2 stopped reading, or -1
/// when the error came while running (libxml2 does not say where).
cxpath_status cxpath_select(cxpath_document *document, const char *expression, cxpath_selection *selection,
                            int *offset, char *message, size_t size);

void cxpath_selection_free(cxpath_selection *selection);

#endif
