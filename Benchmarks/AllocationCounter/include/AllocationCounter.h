// SPDX-License-Identifier: MIT
#ifndef TACTUS_ALLOCATION_COUNTER_H
#define TACTUS_ALLOCATION_COUNTER_H
#include <stdint.h>

/// Heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc) made by this process so far.
uint64_t tactus_allocation_count(void);

#endif
