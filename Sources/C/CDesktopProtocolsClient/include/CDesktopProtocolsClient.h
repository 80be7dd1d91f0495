// SPDX-License-Identifier: MIT
// The standard protocols a desktop client speaks besides tactus-gestures-v1 (wayland-scanner's code from
// wayland-protocols): xdg-shell, so that the demo client can show a window in a desktop compositor, and
// pointer-gestures, so that it can show which touchpad gestures the compositor forwards to applications;
// ext-session-lock-v1 and wlroots' older input inhibitor (protocols/external), so that it can play a lock screen;
// wlroots' foreign toplevel management (protocols/external), so that tactusd learns which application has the focus;
// wlroots' layer shell (protocols/external), so that tactusd draws its feedback above the windows and places its edge
// strips; and the interface addresses Swift cannot take itself.
#pragma once
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"
#include "pointer-gestures-unstable-v1-client-protocol.h"
#include "ext-session-lock-v1-client-protocol.h"
#include "wlr-input-inhibitor-unstable-v1-client-protocol.h"
#include "wlr-foreign-toplevel-management-unstable-v1-client-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"

static inline const struct wl_interface *tactus_client_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
static inline const struct wl_interface *tactus_client_shm_interface(void) { return &wl_shm_interface; }
static inline const struct wl_interface *tactus_client_pointer_gestures_interface(void) {
	return &zwp_pointer_gestures_v1_interface;
}
static inline const struct wl_interface *tactus_client_input_inhibit_manager_interface(void) {
	return &zwlr_input_inhibit_manager_v1_interface;
}
static inline const struct wl_interface *tactus_client_session_lock_manager_interface(void) {
	return &ext_session_lock_manager_v1_interface;
}
static inline const struct wl_interface *tactus_client_foreign_toplevel_manager_interface(void) {
	return &zwlr_foreign_toplevel_manager_v1_interface;
}
static inline const struct wl_interface *tactus_client_layer_shell_interface(void) { return &zwlr_layer_shell_v1_interface; }
static inline const struct wl_interface *tactus_client_output_interface(void) { return &wl_output_interface; }
