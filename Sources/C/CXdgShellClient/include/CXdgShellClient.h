// SPDX-License-Identifier: MIT
// xdg-shell for clients (wayland-scanner's code from wayland-protocols), so that the demo client can show a window
// in a desktop compositor, and the interface addresses Swift cannot take itself.
#pragma once
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"

static inline const struct wl_interface *tactus_client_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
static inline const struct wl_interface *tactus_client_shm_interface(void) { return &wl_shm_interface; }
