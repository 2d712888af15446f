#ifndef CXPATH_H
#define CXPATH_H

#include <stddef.h>

/// What libxml2 makes of an XPath expression before it is run over a screen.
typedef enum {
    CXPATH_NODES = 0,      ///< compiles and evaluates to a node set
    CXPATH_NOT_NODES = 1,  ///< evaluates to a number, string or boolean
    CXPATH_ERROR = 2,      ///< libxml2 refuses it: `offset` and `message` say where and why
} cxpath_status;

/// Compiles `expression` and evaluates it over an empty document with libxml2, with its errors
/// caught rather than printed (FoundationXML's `nodes(forXPath:)` prints them, then traps).
/// On CXPATH_ERROR, `offset` is the byte offset where libxml2 stopped reading and `message`
/// (NUL-terminated, cut to `size`) its message.
cxpath_status cxpath_check(const char *expression, int *offset, char *message, size_t size);

#endif
