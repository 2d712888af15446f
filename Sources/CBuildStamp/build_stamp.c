#include "build_stamp.h"

// Named only by scripts/release.sh, through -Xcc -D…: a header that defines HIERARCHY_COMMIT and
// HIERARCHY_TAGGED (see build_stamp.h).
#ifdef HIERARCHY_STAMP_HEADER
#include HIERARCHY_STAMP_HEADER
#endif
#ifndef HIERARCHY_COMMIT
#define HIERARCHY_COMMIT ""
#endif
#ifndef HIERARCHY_TAGGED
#define HIERARCHY_TAGGED 0
#endif

const char *hierarchy_build_commit(void) { return HIERARCHY_COMMIT; }

int hierarchy_build_tagged(void) { return HIERARCHY_TAGGED; }
