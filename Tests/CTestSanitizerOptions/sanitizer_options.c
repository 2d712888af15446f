// AddressSanitizer's default options for the test process (`swift test --sanitize=address`),
// read by its runtime at start-up; an ordinary build never calls this.
//
// Leak checking is off in the test process only: on Linux, XCTest leaves its own suite objects
// (XCTMainMisc, test closures, teardown blocks) and Foundation some buffers unreleased when it
// exits, about 9 KB even for a suite of pure value tests, which LeakSanitizer would report as a
// failure of every run. Leaks of ours are still caught where they can be told apart: the
// command-line tests run the sanitized `hierarchy` binary, whose leak check stays on (a leak
// there makes the command exit 1 and the test fail), and the fuzz targets check every input for
// leaks (scripts/fuzz.sh). Memory errors (overflows, use after free) are reported everywhere.
#include "sanitizer_options.h"

const char *__asan_default_options(void);
const char *__asan_default_options(void) {
    return "detect_leaks=0";
}
