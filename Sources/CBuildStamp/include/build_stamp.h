#ifndef BUILD_STAMP_H
#define BUILD_STAMP_H
// What scripts/release.sh knows of a build and the Swift code cannot: the git commit it was built
// from and whether that commit is the release's tag. The script writes them into a header of its
// build folder and names that header to the C compiler
// (`swift build -Xcc -DHIERARCHY_STAMP_HEADER='"…/stamp.h"'`); a plain `swift build` names none,
// and the build says it is a development build of an unknown commit. This costs nothing at build
// time, needs neither git nor a plugin in the build, and keeps a development build's version the
// same from commit to commit (so no golden changes). The flag itself never changes (the header's
// path is the build folder's), so a release of the next commit rebuilds this file alone.

/// The commit the release script built, as `git rev-parse HEAD` printed it (`-dirty` after it when
/// the tree had changes); "" when unknown.
const char *hierarchy_build_commit(void);

/// 1 when the release script built the commit of the version's tag (`vX.Y.Z`) from a clean tree, else 0.
int hierarchy_build_tagged(void);

#endif
