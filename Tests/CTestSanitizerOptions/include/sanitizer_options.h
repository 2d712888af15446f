#ifndef SANITIZER_OPTIONS_H
#define SANITIZER_OPTIONS_H
// Nothing to call: the target only supplies AddressSanitizer's default options to the test
// process (see sanitizer_options.c).
#endif
