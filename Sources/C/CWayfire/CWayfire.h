// SPDX-License-Identifier: MIT
/* Wayfire's plugin API for the Wayfire plugins (compositor/wayfire, Tests/WayfireControl): they include the headers
 * they need themselves; this module carries the flags pkg-config gives for them. Nothing is linked: a plugin's Wayfire
 * symbols are the compositor's own, found when Wayfire loads it. */
#include <wayland-server-core.h>
