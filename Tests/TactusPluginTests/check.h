// SPDX-License-Identifier: MIT
/* The C tests' checks: one line per check ("ok: ..." or "FAILED (file:line): ..."), counted for the closing
 * "N passed, N failed" line. */
#ifndef TACTUS_TEST_CHECK_H
#define TACTUS_TEST_CHECK_H

#include <stdio.h>

static int passed, failed;

#define CHECK(condition, ...)                               \
	do {                                                    \
		if (condition) {                                    \
			passed++;                                       \
			printf("ok: ");                                 \
		} else {                                            \
			failed++;                                       \
			printf("FAILED (%s:%d): ", __FILE__, __LINE__); \
		}                                                   \
		printf(__VA_ARGS__);                                \
		printf("\n");                                       \
	} while (0)

#endif
