// SPDX-License-Identifier: MIT
// The server side of tactus-gestures-v1 for Swift: libwayland-server, the generated header, and the few
// things Swift cannot reach by itself.
#pragma once
// Without the deprecated definitions every libwayland object is opaque, as its API intends.
#define WL_HIDE_DEPRECATED 1
#include <wayland-server.h>
#include "tactus-gestures-v1-server-protocol.h"

// A listener that knows its Swift owner: Swift cannot use wl_container_of, so the owner travels beside the
// wl_listener, which comes first and so shares the struct's address.
struct tactus_listener {
    struct wl_listener listener;
    void *owner;
};

// The interface descriptions, by address: Swift would take the address of a copy.
static inline const struct wl_interface *tactus_gesture_manager_interface(void) {
    return &tactus_gesture_manager_v1_interface;
}
static inline const struct wl_interface *tactus_gesture_interface(void) { return &tactus_gesture_v1_interface; }
static inline const struct wl_interface *tactus_exclusion_interface(void) {
    return &tactus_gesture_exclusion_v1_interface;
}
static inline const struct wl_interface *tactus_wl_compositor_interface(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *tactus_wl_surface_interface(void) { return &wl_surface_interface; }
static inline const struct wl_interface *tactus_wl_region_interface(void) { return &wl_region_interface; }
static inline const struct wl_interface *tactus_wl_seat_interface(void) { return &wl_seat_interface; }
static inline const struct wl_interface *tactus_wl_callback_interface(void) { return &wl_callback_interface; }

// wl_resource_post_error is variadic, which Swift cannot call.
static inline void tactus_post_error(struct wl_resource *resource, uint32_t code, const char *message) {
    wl_resource_post_error(resource, code, "%s", message);
}
