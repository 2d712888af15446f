#include "cxpath.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

/// The first error of a check, kept for the caller instead of printed.
typedef struct {
    int seen;
    int offset;
    int code;
} first_error;

/// libxml2's messages for its XPath error codes (xpath.c's `xmlXPathErrorMessages`, which is
/// not exported; the structured error it hands a context's handler has no message).
static const char *const messages[] = {
    "ok", "number encoding", "unfinished literal", "start of literal", "expected $ for variable reference",
    "undefined variable", "invalid predicate", "invalid expression", "missing closing curly brace",
    "unregistered function", "invalid operand", "invalid type", "invalid number of arguments",
    "invalid context size", "invalid context position", "memory allocation error", "syntax error",
    "resource error", "sub resource error", "undefined namespace prefix", "encoding error",
    "character out of XML range", "invalid or incomplete context", "stack usage error",
    "forbidden variable", "it takes more than 50,000,000 steps over this screen, the most this runs", "recursion limit exceeded",
};

static void keep_error(void *data, const xmlError *error) {
    first_error *kept = data;
    if (kept->seen || error == NULL) return;
    kept->seen = 1;
    // libxml2 puts the offset in the expression where it stopped in int1 for XPath errors
    // found while compiling; while running it has no expression text (base is NULL) and says 0.
    kept->offset = error->int1;
    kept->code = error->code - XML_XPATH_EXPRESSION_OK;
}

static void write_message(const first_error *kept, char *message, size_t size) {
    if (size == 0) return;
    int count = (int)(sizeof messages / sizeof messages[0]);
    const char *text = kept->seen && kept->code > 0 && kept->code < count ? messages[kept->code] : "invalid expression";
    strncpy(message, text, size - 1);
    message[size - 1] = 0;
}

static void silent_generic(void *context, const char *format, ...) { (void)context; (void)format; }
static void silent_structured(void *context, const xmlError *error) { (void)context; (void)error; }

/// libxml2's global (per-thread) handlers, replaced by silent ones while it works for us:
/// XPath prints "function not found" through the generic one whatever the context's handler.
typedef struct {
    xmlGenericErrorFunc generic;
    void *generic_context;
    xmlStructuredErrorFunc structured;
    void *structured_context;
} handlers;

static handlers silence(void) {
    handlers saved = {xmlGenericError, xmlGenericErrorContext, xmlStructuredError, xmlStructuredErrorContext};
    xmlSetGenericErrorFunc(NULL, silent_generic);
    // Cast: libxml2 2.12 made the error `const` in the handler's type; 2.9 (Debian 12's) has not.
    xmlSetStructuredErrorFunc(NULL, (xmlStructuredErrorFunc)silent_structured);
    return saved;
}

static void restore(handlers saved) {
    xmlSetGenericErrorFunc(saved.generic_context, saved.generic);
    xmlSetStructuredErrorFunc(saved.structured_context, saved.structured);
}

/// Compiles and evaluates `expression` in `context` from its node; the result, or NULL with
/// `kept` saying why.
static xmlXPathObjectPtr evaluate(xmlXPathContextPtr context, const char *expression, first_error *kept) {
    context->error = (xmlStructuredErrorFunc)keep_error;
    context->userData = kept;
    context->opLimit = CXPATH_OPERATION_LIMIT;
    xmlXPathObjectPtr result = NULL;
    xmlXPathCompExprPtr compiled = xmlXPathCtxtCompile(context, (const xmlChar *)expression);
    if (compiled != NULL && !kept->seen) {
        // Running errors are reported at no place in the expression.
        result = xmlXPathCompiledEval(compiled, context);
        if (result != NULL && kept->seen) {
            xmlXPathFreeObject(result);
            result = NULL;
        }
        if (result == NULL && !kept->seen) kept->seen = 1;
        if (kept->seen) kept->offset = -1;
    }
    if (compiled != NULL) xmlXPathFreeCompExpr(compiled);
    if (compiled == NULL) kept->seen = 1;
    return result;
}

struct cxpath_document {
    xmlDocPtr doc;
};

/// Numbers the elements from `root` in document order (1, 2… in `_private`, which libxml2
/// leaves to its users), walking without recursion so that any depth is safe.
static void number_elements(xmlNodePtr root) {
    intptr_t next = 1;
    xmlNodePtr node = root;
    while (node != NULL) {
        node->_private = (void *)next++;
        xmlNodePtr child = node->children;
        while (child != NULL && child->type != XML_ELEMENT_NODE) child = child->next;
        if (child != NULL) { node = child; continue; }
        // Up to the nearest ancestor (or the node itself) with a following element.
        while (node != NULL && node != root) {
            xmlNodePtr sibling = node->next;
            while (sibling != NULL && sibling->type != XML_ELEMENT_NODE) sibling = sibling->next;
            if (sibling != NULL) { node = sibling; break; }
            node = node->parent;
        }
        if (node == root) break;
    }
}

cxpath_document *cxpath_document_read(const char *bytes, size_t length) {
    if (length > INT32_MAX) return NULL;
    handlers saved = silence();
    int options = XML_PARSE_NONET | XML_PARSE_HUGE | XML_PARSE_NOERROR | XML_PARSE_NOWARNING;
    xmlDocPtr doc = xmlReadMemory(bytes, (int)length, NULL, "UTF-8", options);
    restore(saved);
    if (doc == NULL) return NULL;
    xmlNodePtr root = xmlDocGetRootElement(doc);
    if (root == NULL) { xmlFreeDoc(doc); return NULL; }
    number_elements(root);
    cxpath_document *document = malloc(sizeof *document);
    if (document == NULL) { xmlFreeDoc(doc); return NULL; }
    document->doc = doc;
    return document;
}

void cxpath_document_free(cxpath_document *document) {
    if (document == NULL) return;
    xmlFreeDoc(document->doc);
    free(document);
}

static int by_number(const void *a, const void *b) {
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

/// The element numbers of `nodes`, sorted, without repeats; the others counted.
static int collect(xmlNodeSetPtr nodes, cxpath_selection *selection) {
    int total = nodes ? nodes->nodeNr : 0;
    selection->elements = malloc(sizeof(long) * (size_t)(total > 0 ? total : 1));
    if (selection->elements == NULL) return 0;
    for (int i = 0; i < total; i++) {
        xmlNodePtr node = nodes->nodeTab[i];
        // A namespace node is an xmlNs, whose `type` lies where an xmlNode's does.
        if (node != NULL && node->type == XML_ELEMENT_NODE && node->_private != NULL) {
            selection->elements[selection->count++] = (long)(intptr_t)node->_private - 1;
        } else {
            if (selection->others++ == 0 && node != NULL) selection->first_other_type = (int)node->type;
        }
    }
    qsort(selection->elements, selection->count, sizeof(long), by_number);
    size_t kept = 0;
    for (size_t i = 0; i < selection->count; i++) {
        if (kept == 0 || selection->elements[kept - 1] != selection->elements[i]) selection->elements[kept++] = selection->elements[i];
    }
    selection->count = kept;
    return 1;
}

cxpath_status cxpath_select(cxpath_document *document, const char *expression, cxpath_selection *selection,
                            int *offset, char *message, size_t size) {
    *selection = (cxpath_selection){NULL, 0, 0, 0};
    first_error kept = {0};
    handlers saved = silence();
    cxpath_status status = CXPATH_ERROR;
    xmlXPathContextPtr context = xmlXPathNewContext(document->doc);
    if (context != NULL) {
        // From the document element, as FoundationXML's `nodes(forXPath:)` and lxml's
        // `ElementTree.xpath` evaluate (`name` is a child of it, `/name` the element itself).
        context->node = xmlDocGetRootElement(document->doc);
        xmlXPathObjectPtr result = evaluate(context, expression, &kept);
        if (result != NULL && result->type != XPATH_NODESET) status = CXPATH_NOT_NODES;
        else if (result != NULL) status = collect(result->nodesetval, selection) ? CXPATH_NODES : CXPATH_ERROR;
        if (result != NULL && status == CXPATH_ERROR) kept = (first_error){1, -1, XPATH_MEMORY_ERROR};
        if (result != NULL) xmlXPathFreeObject(result);
        xmlXPathFreeContext(context);
    } else {
        kept = (first_error){1, -1, XPATH_MEMORY_ERROR};
    }
    restore(saved);
    if (status == CXPATH_ERROR) {
        *offset = kept.offset;
        write_message(&kept, message, size);
    }
    return status;
}

void cxpath_selection_free(cxpath_selection *selection) {
    free(selection->elements);
    selection->elements = NULL;
    selection->count = 0;
}
