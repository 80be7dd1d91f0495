// SPDX-License-Identifier: MIT
/* Nothing to call: the library's functions take the place of wlroots' own in a Wayfire it is preloaded into
 * (without-gpu.c says which, and why). */
