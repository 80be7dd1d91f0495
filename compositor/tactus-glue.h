// SPDX-License-Identifier: MIT
/*
 * tactus-wlr's Tactus glue (tactus-glue.c): everything between the desktop and libtactus, and the code that
 * docs/integrating.md walks through for a compositor author to copy. The desktop creates it before starting the
 * backend, tells it about touchscreens, outputs and keyboard modifiers, and takes it down before its clients. The
 * glue listens to the cursor's touch and touchpad events and to surface commits itself. Every function ignores a NULL
 * glue, as the plugin ignores a NULL plugin.
 *
 * Its dependencies go one way: the desktop (tactus-wlr.c) and the control (control.c) include this header; the glue
 * includes neither of theirs, and knows of the desktop only the struct glue_desktop it is created with.
 */
#ifndef TACTUS_GLUE_H
#define TACTUS_GLUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct glue;
struct wlr_compositor;
struct wlr_cursor;
struct wlr_input_device;
struct wlr_output_layout;
struct wlr_pointer_gestures_v1;
struct wlr_seat;
struct wlr_surface;

/* What the glue needs of the desktop, which fills it in for glue_create: the wlroots objects the glue listens to and
 * feeds, and the answers only the desktop has, each function called with data. The glue keeps a copy. */
struct glue_desktop {
	struct wl_display *display;
	struct wlr_compositor *compositor;
	struct wlr_output_layout *layout;
	struct wlr_cursor *cursor;
	struct wlr_seat *seat; /* seat0: where touchpad gestures go, and the seat of a device the glue does not know */
	struct wlr_pointer_gestures_v1 *pointer_gestures;
	void *data;
	/* The seat a device belongs to. */
	struct wlr_seat *(*seat_of)(void *data, struct wlr_input_device *device);
	/* The front client surface under a layout point, with that point in its coordinates; NULL when there is none, or
	 * when it is not the surface of the client that keeps input to itself (a lock screen), if one does. */
	struct wlr_surface *(*surface_at)(void *data, double x, double y, double *sx, double *sy);
	/* A touch on a surface: raises its window and gives it the keyboard, as a click does. */
	void (*focus_surface)(void *data, struct wlr_surface *surface);
	/* Runs the desktop's command of that name, as a binding's host action names it. */
	void (*run_command)(void *data, const char *name);
};

/* Loads libtactus from plugin_path and creates the plugin on the desktop's display, with the configuration file at
 * config_path (NULL: the plugin's own lookup, $XDG_CONFIG_HOME then $XDG_CONFIG_DIRS); NULL, logged, when it
 * cannot. */
struct glue *glue_create(const struct glue_desktop *desktop, const char *plugin_path, const char *config_path);

/* Reads the configuration file again (SIGHUP, the control's reload). True when it is in force; false when it is bad,
 * the configuration in force staying, with the plugin's message (logged too) in error when error_size is not 0. */
bool glue_reload(struct glue *glue, char *error, size_t error_size);

/* Destroys the plugin and lets go of everything the glue listens to: before wl_display_destroy_clients. */
void glue_destroy(struct glue *glue);

/* A touchscreen came, or its physical size changed: the plugin learns it, with the layout region it covers. */
void glue_add_touchscreen(struct glue *glue, struct wlr_input_device *device);

/* The calibration matrix a touchscreen that libinput does not drive turns its touches by, libinput's six numbers
 * (a headless touchscreen playing a calibrated panel): the plugin learns the touchscreen again with it. Those that
 * libinput drives have their matrix read from libinput. */
void glue_calibrate_touchscreen(struct glue *glue, struct wlr_input_device *device, const float calibration[6]);

/* An output joined the layout, or turned or changed its mode or scale: touchscreens are announced again, since the
 * region they cover may have changed (what the plugin has in flight on them goes on, mapped the new way). */
void glue_layout_changed(struct glue *glue);

/* An output is going: touchscreens are announced again once the layout has let go of it too (it hears of the
 * destroy after the desktop), when the event loop is next idle. */
void glue_output_destroyed(struct glue *glue);

/* A seat's capabilities changed (WL_SEAT_CAPABILITY_*), or it is going (0): the plugin stops its clients' gestures
 * once it has neither pointer nor touch. */
void glue_seat_capabilities(struct glue *glue, const char *seat, uint32_t capabilities);

/* The keyboard modifiers held now, as wlroots has them (WLR_MODIFIER_*). */
void glue_set_modifiers(struct glue *glue, uint32_t wlr_modifiers);

/* A lock screen took the session (true) or let it go (false): while it holds it, no binding acts, and the lock
 * screen's own gestures work. The compositor calls this when its lock begins and ends: wlroots 0.15's input inhibitor
 * activated and deactivated; ext-session-lock-v1's lock and its unlock (a lock client that dies without unlocking
 * leaves the session locked). */
void glue_set_session_locked(struct glue *glue, bool locked);

/* Two helpers the glue needs, which the desktop and the control use too. CLOCK_MONOTONIC in milliseconds, the clock
 * of input events' time_msec: */
uint32_t monotonic_msec(void);

/* Sets the listener's notify function and adds it to the signal. */
void listen_to(struct wl_signal *signal, struct wl_listener *listener, wl_notify_func_t notify);

#endif
