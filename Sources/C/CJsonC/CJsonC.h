// SPDX-License-Identifier: MIT
/* json-c for tactus-wlr, which reads the traces it replays with it (compositor/trace.c): this module carries the
 * library and the flags pkg-config gives for it. */
#include <json.h>
