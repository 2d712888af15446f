#ifndef CPNG_H
#define CPNG_H
#include <stddef.h>
int cpng_version(void);
#endif
