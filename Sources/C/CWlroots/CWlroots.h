// SPDX-License-Identifier: MIT
/* wlroots for tactus-wlr: the compositor includes the headers it needs itself (with WLR_USE_UNSTABLE); this
 * module carries the library and the flags pkg-config gives for it. */
#include <wayland-server-core.h>
