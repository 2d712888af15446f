#include "cxpath.h"

#include <string.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

/// The first error of a check, kept for the caller instead of printed.
typedef struct {
    int seen;
    int offset;
    char message[256];
} first_error;

static void keep_error(void *data, const xmlError *error) {
    first_error *kept = data;
    if (kept->seen || error == NULL) return;
    kept->seen = 1;
    // libxml2 puts the offset in the expression where it stopped in int1 for XPath errors.
    kept->offset = error->int1;
    strncpy(kept->message, error->message ? error->message : "invalid expression", sizeof kept->message - 1);
    kept->message[sizeof kept->message - 1] = 0;
    size_t n = strlen(kept->message);
    while (n > 0 && (kept->message[n - 1] == '\n' || kept->message[n - 1] == ' ')) kept->message[--n] = 0;
}

cxpath_status cxpath_check(const char *expression, int *offset, char *message, size_t size) {
    first_error kept = {0};
    xmlDocPtr doc = xmlNewDoc((const xmlChar *)"1.0");
    xmlXPathContextPtr context = doc ? xmlXPathNewContext(doc) : NULL;
    if (context == NULL) {
        if (doc) xmlFreeDoc(doc);
        if (size) { strncpy(message, "out of memory", size - 1); message[size - 1] = 0; }
        *offset = 0;
        return CXPATH_ERROR;
    }
    context->error = (xmlStructuredErrorFunc)keep_error;
    context->userData = &kept;
    cxpath_status status = CXPATH_ERROR;
    xmlXPathCompExprPtr compiled = xmlXPathCtxtCompile(context, (const xmlChar *)expression);
    if (compiled != NULL && !kept.seen) {
        context->node = (xmlNodePtr)doc;
        xmlXPathObjectPtr result = xmlXPathCompiledEval(compiled, context);
        if (result != NULL && !kept.seen) status = result->type == XPATH_NODESET ? CXPATH_NODES : CXPATH_NOT_NODES;
        if (result != NULL) xmlXPathFreeObject(result);
    }
    if (compiled != NULL) xmlXPathFreeCompExpr(compiled);
    xmlXPathFreeContext(context);
    xmlFreeDoc(doc);
    if (status == CXPATH_ERROR) {
        *offset = kept.seen ? kept.offset : 0;
        if (size) {
            strncpy(message, kept.seen ? kept.message : "invalid expression", size - 1);
            message[size - 1] = 0;
        }
    }
    return status;
}
