// SPDX-License-Identifier: MIT
// The client side of tactus-gestures-v1 for Swift: libwayland-client, the generated header, and the
// interface addresses Swift cannot take by itself (it would take the address of a copy).
#pragma once
#include <wayland-client.h>
#include "tactus-gestures-v1-client-protocol.h"

static inline const struct wl_interface *tactus_client_manager_interface(void) {
    return &tactus_gesture_manager_v1_interface;
}
static inline const struct wl_interface *tactus_client_compositor_interface(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *tactus_client_seat_interface(void) { return &wl_seat_interface; }
