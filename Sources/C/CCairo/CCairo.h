// SPDX-License-Identifier: MIT
/* cairo, with which tactusd draws its on-screen feedback into shared-memory buffers (Sources/TactusDaemon/Feedback):
 * this module carries the library and the flags pkg-config gives for it. */
#include <cairo.h>
