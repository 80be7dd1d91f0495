// SPDX-License-Identifier: MIT
#include "tactus-version.h"

const char *tactus_version(void) { return TACTUS_VERSION; }
