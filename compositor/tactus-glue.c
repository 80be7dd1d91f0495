// SPDX-License-Identifier: MIT
/*
 * The Tactus glue of tactus-wlr: libtactus loaded with dlopen, the input devices it knows by id, every touch asked
 * about before the client under it gets it (and delivered or cancelled later as the plugin decides), touchpad
 * gestures, keyboard modifiers and surface commits passed on, and the host callbacks through which the plugin hit
 * tests, finds the pointer and runs the compositor's commands. docs/integrating.md walks through this file from top
 * to bottom, section by section; the desktop around it is tactus-wlr.c, of which it knows only the struct
 * glue_desktop it is created with (tactus-glue.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <libinput.h>
#include <linux/input-event-codes.h>
#include <wayland-server-core.h>
#include <wlr/backend/libinput.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_pointer.h>
#include <wlr/types/wlr_pointer_gestures_v1.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/util/log.h>
#include <wlr/version.h>
#if WLR_VERSION_NUM < 0x001000
#include <wlr/types/wlr_region.h> /* wlr_compositor.h's since 0.16 */
#endif
#include "wlr-compat.h"

#include "plugin-host.h"
#include "tactus-glue.h"
#include "tactus.h"

/* The entry points and the glue's state */

#define MAX_DEVICES 16
#define MAX_TOUCHES 16

/* An input device the plugin knows; its index in glue->devices + 1 is its id there. */
struct announced_device {
	struct glue *glue;
	struct wlr_input_device *input; /* NULL: a free slot */
	struct wl_listener destroy;
	float calibration[6]; /* of a touchscreen libinput does not drive; all zero: none */
};

/* The pointer gestures of zwp_pointer_gestures_v1. */
enum touchpad_gesture { TOUCHPAD_NONE, TOUCHPAD_SWIPE, TOUCHPAD_PINCH, TOUCHPAD_HOLD };

struct glue {
	struct glue_desktop desktop;
	struct tactus_plugin_entries tactus; /* looked up by name: wlroots has no plugin system */
	struct tactus_plugin *plugin;
	/* The devices the plugin knows; the last touchscreen touched, for frames. */
	struct announced_device devices[MAX_DEVICES];
	uint32_t last_touch_device;
	struct wl_event_source *reannouncing; /* touchscreens are announced again once an output is gone */
	/* While a reload runs for someone who wants to know why it failed: where the plugin's error goes. */
	char *reload_error;
	size_t reload_error_size;
	/* Touch points delivered to clients, by device and the device's touch id, with the origin of the surface each
	 * began on; the device's seat keeps the surface. The seat knows each by its slot here: touch ids are the device's
	 * own, so two touchscreens touched at once use the same ones, and wlr_seat keys its points by id alone. */
	struct {
		bool active;
		uint32_t device;
		int32_t id;
		double origin_x, origin_y;
	} touches[MAX_TOUCHES];
	/* The touch that plays the pointer for a surface whose client has no wl_touch, and the origin of that surface;
	 * device 0 while none does. */
	struct {
		uint32_t device;
		int32_t id;
		double origin_x, origin_y;
	} pointer_touch;
	struct wl_listener touch_down, touch_motion, touch_up, touch_cancel, touch_frame;
	struct wl_listener swipe_begin, swipe_update, swipe_end, pinch_begin, pinch_update, pinch_end, hold_begin,
		hold_end;
	/* The pointer gesture clients are getting, and the time of its latest event. */
	enum touchpad_gesture forwarded_gesture;
	uint32_t forwarded_time;
	struct wl_listener new_surface;
	struct wl_list committing_surfaces;
};

/* Devices. The plugin knows touchscreens from the start and a pointer once it sends a touchpad gesture: a mouse
 * never does. */

static uint32_t device_id(struct glue *glue, struct wlr_input_device *device) {
	for (int i = 0; i < MAX_DEVICES; i++)
		if (glue->devices[i].input == device)
			return (uint32_t)i + 1;
	return 0;
}

static struct wlr_input_device *device_of_id(struct glue *glue, uint32_t id) {
	return id >= 1 && id <= MAX_DEVICES ? glue->devices[id - 1].input : NULL;
}

static void pointer_touch_up(struct glue *glue, uint32_t time_msec, bool taken_back);

/* An unplugged device: the plugin forgets it (cancelling what it had in flight) and its id is free again. */
static void announced_device_destroy(struct wl_listener *listener, void *data) {
	(void)data;
	struct announced_device *announced = wl_container_of(listener, announced, destroy);
	struct glue *glue = announced->glue;
	uint32_t id = (uint32_t)(announced - glue->devices) + 1;
	glue->tactus.remove_device(glue->plugin, id);
	if (glue->pointer_touch.device == id)
		pointer_touch_up(glue, monotonic_msec(), true);
	if (glue->last_touch_device == id)
		glue->last_touch_device = 0;
	wl_list_remove(&announced->destroy.link);
	announced->input = NULL;
}

/* A touchscreen covers the output udev names for it (WL_OUTPUT), else the whole layout; empty without outputs.
 * wlroots maps its coordinates without the output's transform (libinput's calibration matrix turns them), so the
 * plugin gets none either. */
static struct wlr_box touchscreen_region(const struct glue_desktop *desktop, struct wlr_input_device *device) {
	struct wlr_box box;
	const char *output_name = tactus_touchscreen(device)->output_name;
	struct wlr_output_layout_output *entry;
	if (output_name)
		wl_list_for_each(entry, &desktop->layout->outputs, link)
			if (strcmp(entry->output->name, output_name) == 0) {
				wlr_cursor_map_input_to_output(desktop->cursor, device, entry->output);
				wlr_output_layout_get_box(desktop->layout, entry->output, &box);
				return box;
			}
	wlr_output_layout_get_box(desktop->layout, NULL, &box);
	return box;
}

/* The device's place among those the plugin knows, taken when it is new; NULL when there is no room. */
static struct announced_device *announced_device(struct glue *glue, struct wlr_input_device *device) {
	uint32_t id = device_id(glue, device);
	if (!id) {
		id = device_id(glue, NULL);
		if (!id)
			return NULL;
		struct announced_device *announced = &glue->devices[id - 1];
		*announced = (struct announced_device){.glue = glue, .input = device};
		announced->destroy.notify = announced_device_destroy;
		wl_signal_add(&device->events.destroy, &announced->destroy);
	}
	return &glue->devices[id - 1];
}

/* The matrix libinput turns a touchscreen's touches by (the user's calibration for a rotated output), which wlroots
 * passes on as they are; for another driver's device, what the compositor was told. */
static void touchscreen_calibration(const struct announced_device *announced, float calibration[6]) {
	if (wlr_input_device_is_libinput(announced->input))
		libinput_device_config_calibration_get_matrix(wlr_libinput_get_device_handle(announced->input), calibration);
	else
		memcpy(calibration, announced->calibration, sizeof announced->calibration);
}

/* Tells the plugin about a device, again when its size or region changed; returns its id, 0 when there is no room. */
static uint32_t announce_device(struct glue *glue, struct wlr_input_device *device, enum tactus_device_kind kind) {
	struct announced_device *announced = announced_device(glue, device);
	if (!announced)
		return 0;
	uint32_t id = (uint32_t)(announced - glue->devices) + 1;
	struct tactus_device description = {
		.size = sizeof(struct tactus_device),
		.id = id, .kind = kind, .name = device->name,
		.seat = glue->desktop.seat_of(glue->desktop.data, device)->name,
	};
	if (kind == TACTUS_DEVICE_TOUCHSCREEN) {
		description.width_mm = tactus_touchscreen(device)->width_mm;
		description.height_mm = tactus_touchscreen(device)->height_mm;
		struct wlr_box box = touchscreen_region(&glue->desktop, device);
		if (!wlr_box_empty(&box))
			description.output = (struct tactus_rect){box.x, box.y, box.width, box.height};
		touchscreen_calibration(announced, description.calibration);
	} else if (wlr_input_device_is_libinput(device)) { /* a touchpad's size is libinput's alone since wlroots 0.16 */
		libinput_device_get_size(wlr_libinput_get_device_handle(device), &description.width_mm,
		                         &description.height_mm);
	}
	glue->tactus.add_device(glue->plugin, &description);
	wlr_log(WLR_INFO, "%s %s is tactus device %u", kind == TACTUS_DEVICE_TOUCHSCREEN ? "touchscreen" : "touchpad",
	        device->name, id);
	return id;
}

void glue_add_touchscreen(struct glue *glue, struct wlr_input_device *device) {
	if (glue)
		announce_device(glue, device, TACTUS_DEVICE_TOUCHSCREEN);
}

void glue_calibrate_touchscreen(struct glue *glue, struct wlr_input_device *device, const float calibration[6]) {
	struct announced_device *announced = glue ? announced_device(glue, device) : NULL;
	if (!announced)
		return;
	memcpy(announced->calibration, calibration, sizeof announced->calibration);
	announce_device(glue, device, TACTUS_DEVICE_TOUCHSCREEN);
}

/* The seat's clients' gestures stop for good once it has neither pointer nor touch, or is gone (capabilities 0). */
void glue_seat_capabilities(struct glue *glue, const char *seat, uint32_t capabilities) {
	if (glue)
		glue->tactus.seat_capabilities(glue->plugin, seat, capabilities);
}

static void reannounce_touchscreens(void *data) {
	struct glue *glue = data;
	glue->reannouncing = NULL;
	for (int i = 0; i < MAX_DEVICES; i++)
		if (glue->devices[i].input && glue->devices[i].input->type == WLR_INPUT_DEVICE_TOUCH)
			announce_device(glue, glue->devices[i].input, TACTUS_DEVICE_TOUCHSCREEN);
}

void glue_layout_changed(struct glue *glue) {
	if (glue)
		reannounce_touchscreens(glue);
}

void glue_output_destroyed(struct glue *glue) {
	if (glue && !glue->reannouncing)
		glue->reannouncing = wl_event_loop_add_idle(wl_display_get_event_loop(glue->desktop.display),
		                                            reannounce_touchscreens, glue);
}

static uint32_t touchpad_id(struct glue *glue, struct wlr_input_device *device) {
	uint32_t id = device_id(glue, device);
	return id ? id : announce_device(glue, device, TACTUS_DEVICE_TOUCHPAD);
}

/* Touch: ask first, then deliver. Touch input goes to the plugin first; what it lets through (now, or later when
 * it withheld it) goes to the client under the touch, and when a binding takes over what a client already saw, the
 * client gets a cancel. */

static int touch_slot(struct glue *glue, uint32_t device, int32_t id) {
	for (int i = 0; i < MAX_TOUCHES; i++)
		if (glue->touches[i].active && glue->touches[i].device == device && glue->touches[i].id == id)
			return i;
	return -1;
}

/* The seat a device the plugin knows belongs to. */
static struct wlr_seat *device_seat(struct glue *glue, uint32_t device) {
	struct wlr_input_device *input = device_of_id(glue, device);
	return input ? glue->desktop.seat_of(glue->desktop.data, input) : glue->desktop.seat;
}

/* The seat forgets a touch point when its client is cancelled or disconnects: so does the compositor. */
static int live_touch_slot(struct glue *glue, uint32_t device, int32_t id) {
	int slot = touch_slot(glue, device, id);
	if (slot >= 0 && !wlr_seat_touch_get_point(device_seat(glue, device), slot)) {
		glue->touches[slot].active = false;
		return -1;
	}
	return slot;
}

/* A surface whose client has no wl_touch gets a touch as the pointer, as sway does: the first such touch moves the
 * cursor there and presses the left button, its motions move it, its up releases it, and the other touches meanwhile
 * reach nobody. */
static bool is_pointer_touch(struct glue *glue, const struct tactus_touch *touch) {
	return glue->pointer_touch.device && glue->pointer_touch.device == touch->device &&
	       glue->pointer_touch.id == touch->touch_id;
}

static void pointer_touch_down(struct glue *glue, const struct tactus_touch *touch, struct wlr_surface *surface,
                               double lx, double ly, double sx, double sy) {
	struct wlr_seat *seat = device_seat(glue, touch->device);
	if (glue->pointer_touch.device || !(seat->capabilities & WL_SEAT_CAPABILITY_POINTER))
		return;
	glue->pointer_touch.device = touch->device;
	glue->pointer_touch.id = touch->touch_id;
	glue->pointer_touch.origin_x = lx - sx;
	glue->pointer_touch.origin_y = ly - sy;
	wlr_cursor_warp_closest(glue->desktop.cursor, NULL, lx, ly);
	wlr_seat_pointer_notify_enter(seat, surface, sx, sy);
	wlr_seat_pointer_notify_button(seat, touch->time_msec, BTN_LEFT, WL_POINTER_BUTTON_STATE_PRESSED);
	wlr_seat_pointer_notify_frame(seat);
}

static void pointer_touch_motion(struct glue *glue, const struct tactus_touch *touch, double lx, double ly) {
	struct wlr_seat *seat = device_seat(glue, touch->device);
	wlr_cursor_warp_closest(glue->desktop.cursor, NULL, lx, ly);
	wlr_seat_pointer_notify_motion(seat, touch->time_msec, lx - glue->pointer_touch.origin_x,
	                               ly - glue->pointer_touch.origin_y);
	wlr_seat_pointer_notify_frame(seat);
}

/* The pointer touch lifts, or is taken back (a binding took it over, the device cancelled or went): taken back, the
 * client gets a leave before the release, which then reaches nobody, so that its press never becomes a click. */
static void pointer_touch_up(struct glue *glue, uint32_t time_msec, bool taken_back) {
	struct wlr_seat *seat = device_seat(glue, glue->pointer_touch.device);
	glue->pointer_touch.device = 0;
	if (taken_back)
		wlr_seat_pointer_notify_clear_focus(seat);
	wlr_seat_pointer_notify_button(seat, time_msec, BTN_LEFT, WL_POINTER_BUTTON_STATE_RELEASED);
	wlr_seat_pointer_notify_frame(seat);
}

static void deliver_touch_down(struct glue *glue, const struct tactus_touch *touch, double lx, double ly) {
	const struct glue_desktop *desktop = &glue->desktop;
	struct wlr_seat *seat = device_seat(glue, touch->device);
	double sx, sy;
	struct wlr_surface *surface = desktop->surface_at(desktop->data, lx, ly, &sx, &sy);
	if (!surface || live_touch_slot(glue, touch->device, touch->touch_id) >= 0)
		return;
	if (!wlr_surface_accepts_touch(seat, surface)) {
		desktop->focus_surface(desktop->data, surface);
		pointer_touch_down(glue, touch, surface, lx, ly, sx, sy);
		return;
	}
	int slot = 0; /* a free one, which the seat does not hold either (its client may not have been told yet) */
	while (slot < MAX_TOUCHES && (glue->touches[slot].active || wlr_seat_touch_get_point(seat, slot)))
		slot++;
	if (slot == MAX_TOUCHES)
		return;
	desktop->focus_surface(desktop->data, surface);
	if (!wlr_seat_touch_notify_down(seat, surface, touch->time_msec, slot, sx, sy))
		return;
	glue->touches[slot].active = true;
	glue->touches[slot].device = touch->device;
	glue->touches[slot].id = touch->touch_id;
	glue->touches[slot].origin_x = lx - sx;
	glue->touches[slot].origin_y = ly - sy;
}

/* Sends one touch event to the client, as the plugin decided it may. */
static void deliver(struct glue *glue, const struct tactus_touch *touch) {
	struct wlr_input_device *device = device_of_id(glue, touch->device);
	struct wlr_seat *seat = device_seat(glue, touch->device);
	double lx = 0, ly = 0;
	if (device && (touch->type == TACTUS_TOUCH_DOWN || touch->type == TACTUS_TOUCH_MOTION))
		wlr_cursor_absolute_to_layout_coords(glue->desktop.cursor, device, touch->x, touch->y, &lx, &ly);
	if (is_pointer_touch(glue, touch)) {
		if (touch->type == TACTUS_TOUCH_MOTION)
			pointer_touch_motion(glue, touch, lx, ly);
		else if (touch->type == TACTUS_TOUCH_UP)
			pointer_touch_up(glue, touch->time_msec, false);
		return;
	}
	int slot = touch->type == TACTUS_TOUCH_FRAME ? -1 : live_touch_slot(glue, touch->device, touch->touch_id);
	switch (touch->type) {
	case TACTUS_TOUCH_DOWN:
		deliver_touch_down(glue, touch, lx, ly);
		break;
	case TACTUS_TOUCH_MOTION:
		if (slot >= 0)
			wlr_seat_touch_notify_motion(seat, touch->time_msec, slot, lx - glue->touches[slot].origin_x,
			                             ly - glue->touches[slot].origin_y);
		break;
	case TACTUS_TOUCH_UP:
		if (slot >= 0) {
			wlr_seat_touch_notify_up(seat, touch->time_msec, slot);
			glue->touches[slot].active = false;
		}
		break;
	case TACTUS_TOUCH_FRAME:
		wlr_seat_touch_notify_frame(seat);
		break;
	}
}

/* The plugin lets a withheld touch event go to the client now. */
static void host_deliver_touch(void *data, const struct tactus_touch *touch) { deliver(data, touch); }

/* A binding took over touches of the device that clients already had: each such client gets wl_touch.cancel, and
 * the seat forgets its points, so the rest of those sequences reaches nobody. wl_touch.cancel ends every touch of the
 * client, so its touches from other devices end with them: the seat forgets those too, and so does the glue when it
 * next looks (live_touch_slot). */
static void host_cancel_touches(void *data, uint32_t device) {
	struct glue *glue = data;
	struct wlr_seat *seat = device_seat(glue, device);
	if (glue->pointer_touch.device == device)
		pointer_touch_up(glue, monotonic_msec(), true);
	for (int i = 0; i < MAX_TOUCHES; i++) {
		if (!glue->touches[i].active || glue->touches[i].device != device)
			continue;
		glue->touches[i].active = false;
		struct wlr_touch_point *point = wlr_seat_touch_get_point(seat, i);
		if (!point)
			continue; /* cancelled with an earlier touch of its client, or the client is gone */
		tactus_seat_touch_notify_cancel(seat, point);
	}
}

/* A raw touch event as the plugin hands withheld ones back, so that delivering is one path for both. */
static struct tactus_touch raw_touch(uint32_t device, uint32_t type, uint32_t time_msec, int32_t touch_id, double x,
                                     double y) {
	return (struct tactus_touch){.size = sizeof(struct tactus_touch), .device = device, .type = type,
	                             .time_msec = time_msec, .touch_id = touch_id, .x = x, .y = y};
}

static void glue_touch_down(struct wl_listener *listener, void *data) {
	struct glue *glue = wl_container_of(listener, glue, touch_down);
	struct wlr_touch_down_event *event = data;
	glue->last_touch_device = device_id(glue, tactus_touch_event_device(event));
	struct tactus_touch touch =
		raw_touch(glue->last_touch_device, TACTUS_TOUCH_DOWN, event->time_msec, event->touch_id, event->x, event->y);
	if (glue->tactus.touch_down(glue->plugin, touch.device, touch.time_msec, touch.touch_id, touch.x, touch.y) ==
	    TACTUS_DELIVER)
		deliver(glue, &touch);
}

static void glue_touch_motion(struct wl_listener *listener, void *data) {
	struct glue *glue = wl_container_of(listener, glue, touch_motion);
	struct wlr_touch_motion_event *event = data;
	glue->last_touch_device = device_id(glue, tactus_touch_event_device(event));
	struct tactus_touch touch = raw_touch(glue->last_touch_device, TACTUS_TOUCH_MOTION, event->time_msec,
	                                      event->touch_id, event->x, event->y);
	if (glue->tactus.touch_motion(glue->plugin, touch.device, touch.time_msec, touch.touch_id, touch.x, touch.y) ==
	    TACTUS_DELIVER)
		deliver(glue, &touch);
}

static void glue_touch_up(struct wl_listener *listener, void *data) {
	struct glue *glue = wl_container_of(listener, glue, touch_up);
	struct wlr_touch_up_event *event = data;
	glue->last_touch_device = device_id(glue, tactus_touch_event_device(event));
	struct tactus_touch touch =
		raw_touch(glue->last_touch_device, TACTUS_TOUCH_UP, event->time_msec, event->touch_id, 0, 0);
	if (glue->tactus.touch_up(glue->plugin, touch.device, touch.time_msec, touch.touch_id) == TACTUS_DELIVER)
		deliver(glue, &touch);
}

/* libinput gave up on the device's touches (a palm, a lost device): so do the plugin and the clients. */
static void glue_touch_cancel(struct wl_listener *listener, void *data) {
	struct glue *glue = wl_container_of(listener, glue, touch_cancel);
	struct wlr_touch_cancel_event *event = data;
	uint32_t device = device_id(glue, tactus_touch_event_device(event));
	glue->tactus.touch_cancel(glue->plugin, device, event->time_msec, event->touch_id);
	host_cancel_touches(glue, device);
}

/* A frame carries no device (wlr_cursor drops it): it ends the events of the touchscreen whose touch came last, since
 * each device's events come with their own frame, so that two touchscreens used at once keep their frames apart. */
static void glue_touch_frame(struct wl_listener *listener, void *data) {
	(void)data;
	struct glue *glue = wl_container_of(listener, glue, touch_frame);
	struct tactus_touch touch = raw_touch(glue->last_touch_device, TACTUS_TOUCH_FRAME, 0, 0, 0, 0);
	if (glue->tactus.touch_frame(glue->plugin, touch.device) == TACTUS_DELIVER)
		deliver(glue, &touch);
}

/* Touchpads. Their gestures go to the plugin, and on to clients of zwp_pointer_gestures_v1 under the pointer when the
 * plugin answers TACTUS_DELIVER: a gesture a compositor binding keeps never reaches them, and one a binding takes
 * over midway ends for them as cancelled (host_cancel_touchpad_gesture). */

/* Which pointer gesture the clients are getting, and the time of its latest event, for a cancel. */
static void forwarding(struct glue *glue, enum touchpad_gesture gesture, uint32_t time_msec) {
	glue->forwarded_gesture = gesture;
	glue->forwarded_time = time_msec;
}

static void glue_swipe_begin(struct wl_listener *listener, void *data) {
	struct glue *glue = wl_container_of(listener, glue, swipe_begin);
	struct wlr_pointer_swipe_begin_event *event = data;
	if (glue->tactus.swipe_begin(glue->plugin, touchpad_id(glue, tactus_pointer_event_device(event)), event->time_msec, event->fingers) !=
	    TACTUS_DELIVER)
		return;
	forwarding(glue, TOUCHPAD_SWIPE, event->time_msec);
	wlr_pointer_gestures_v1_send_swipe_begin(glue->desktop.pointer_gestures, glue->desktop.seat, event->time_msec,
	                                         event->fingers);
}

static void glue_swipe_update(struct wl_listener *listener, void *data) {
	struct glue *glue = wl_container_of(listener, glue, swipe_update);
	struct wlr_pointer_swipe_update_event *event = data;
	if (glue->tactus.swipe_update(glue->plugin, touchpad_id(glue, tactus_pointer_event_device(event)), event->time_msec, event->dx,
	                              event->dy) != TACTUS_DELIVER)
		return;
	forwarding(glue, TOUCHPAD_SWIPE, event->time_msec);
	wlr_pointer_gestures_v1_send_swipe_update(glue->desktop.pointer_gestures, glue->desktop.seat, event->time_msec,
	                                          event->dx, event->dy);
}

static void glue_swipe_end(struct wl_listener *listener, void *data) {
	struct glue *glue = wl_container_of(listener, glue, swipe_end);
	struct wlr_pointer_swipe_end_event *event = data;
	if (glue->tactus.swipe_end(glue->plugin, touchpad_id(glue, tactus_pointer_event_device(event)), event->time_msec, event->cancelled) !=
	    TACTUS_DELIVER)
		return;
	forwarding(glue, TOUCHPAD_NONE, event->time_msec);
	wlr_pointer_gestures_v1_send_swipe_end(glue->desktop.pointer_gestures, glue->desktop.seat, event->time_msec,
	                                       event->cancelled);
}

static void glue_pinch_begin(struct wl_listener *listener, void *data) {
	struct glue *glue = wl_container_of(listener, glue, pinch_begin);
	struct wlr_pointer_pinch_begin_event *event = data;
	if (glue->tactus.pinch_begin(glue->plugin, touchpad_id(glue, tactus_pointer_event_device(event)), event->time_msec, event->fingers) !=
	    TACTUS_DELIVER)
		return;
	forwarding(glue, TOUCHPAD_PINCH, event->time_msec);
	wlr_pointer_gestures_v1_send_pinch_begin(glue->desktop.pointer_gestures, glue->desktop.seat, event->time_msec,
	                                         event->fingers);
}

static void glue_pinch_update(struct wl_listener *listener, void *data) {
	struct glue *glue = wl_container_of(listener, glue, pinch_update);
	struct wlr_pointer_pinch_update_event *event = data;
	if (glue->tactus.pinch_update(glue->plugin, touchpad_id(glue, tactus_pointer_event_device(event)), event->time_msec, event->dx,
	                              event->dy, event->scale, event->rotation) != TACTUS_DELIVER)
		return;
	forwarding(glue, TOUCHPAD_PINCH, event->time_msec);
	wlr_pointer_gestures_v1_send_pinch_update(glue->desktop.pointer_gestures, glue->desktop.seat, event->time_msec,
	                                          event->dx, event->dy, event->scale, event->rotation);
}

static void glue_pinch_end(struct wl_listener *listener, void *data) {
	struct glue *glue = wl_container_of(listener, glue, pinch_end);
	struct wlr_pointer_pinch_end_event *event = data;
	if (glue->tactus.pinch_end(glue->plugin, touchpad_id(glue, tactus_pointer_event_device(event)), event->time_msec, event->cancelled) !=
	    TACTUS_DELIVER)
		return;
	forwarding(glue, TOUCHPAD_NONE, event->time_msec);
	wlr_pointer_gestures_v1_send_pinch_end(glue->desktop.pointer_gestures, glue->desktop.seat, event->time_msec,
	                                       event->cancelled);
}

static void glue_hold_begin(struct wl_listener *listener, void *data) {
	struct glue *glue = wl_container_of(listener, glue, hold_begin);
	struct wlr_pointer_hold_begin_event *event = data;
	if (glue->tactus.hold_begin(glue->plugin, touchpad_id(glue, tactus_pointer_event_device(event)), event->time_msec, event->fingers) !=
	    TACTUS_DELIVER)
		return;
	forwarding(glue, TOUCHPAD_HOLD, event->time_msec);
	wlr_pointer_gestures_v1_send_hold_begin(glue->desktop.pointer_gestures, glue->desktop.seat, event->time_msec,
	                                        event->fingers);
}

static void glue_hold_end(struct wl_listener *listener, void *data) {
	struct glue *glue = wl_container_of(listener, glue, hold_end);
	struct wlr_pointer_hold_end_event *event = data;
	if (glue->tactus.hold_end(glue->plugin, touchpad_id(glue, tactus_pointer_event_device(event)), event->time_msec, event->cancelled) !=
	    TACTUS_DELIVER)
		return;
	forwarding(glue, TOUCHPAD_NONE, event->time_msec);
	wlr_pointer_gestures_v1_send_hold_end(glue->desktop.pointer_gestures, glue->desktop.seat, event->time_msec,
	                                      event->cancelled);
}

/* A binding took over the gesture the clients were getting: it ends for them as cancelled. */
static void host_cancel_touchpad_gesture(void *data, uint32_t device) {
	(void)device;
	struct glue *glue = data;
	struct wlr_pointer_gestures_v1 *gestures = glue->desktop.pointer_gestures;
	switch (glue->forwarded_gesture) {
	case TOUCHPAD_SWIPE:
		wlr_pointer_gestures_v1_send_swipe_end(gestures, glue->desktop.seat, glue->forwarded_time, true);
		break;
	case TOUCHPAD_PINCH:
		wlr_pointer_gestures_v1_send_pinch_end(gestures, glue->desktop.seat, glue->forwarded_time, true);
		break;
	case TOUCHPAD_HOLD:
		wlr_pointer_gestures_v1_send_hold_end(gestures, glue->desktop.seat, glue->forwarded_time, true);
		break;
	case TOUCHPAD_NONE:
		break;
	}
	glue->forwarded_gesture = TOUCHPAD_NONE;
}

/* Modifiers and commits: bindings can require modifiers held, and tactus-gestures-v1 exclusion regions take effect
 * at a surface's commit. */

void glue_set_modifiers(struct glue *glue, uint32_t wlr_modifiers) {
	if (!glue)
		return;
	glue->tactus.set_modifiers(glue->plugin, host_modifiers(wlr_modifiers));
}

/* A surface whose commits reach the plugin. */
struct committing_surface {
	struct wl_list link;
	struct glue *glue;
	struct wlr_surface *surface;
	struct wl_listener commit, destroy;
};

static void committing_surface_commit(struct wl_listener *listener, void *data) {
	(void)data;
	struct committing_surface *tracked = wl_container_of(listener, tracked, commit);
	tracked->glue->tactus.surface_committed(tracked->glue->plugin, tracked->surface->resource);
}

static void committing_surface_destroy(struct wl_listener *listener, void *data) {
	(void)data;
	struct committing_surface *tracked = wl_container_of(listener, tracked, destroy);
	wl_list_remove(&tracked->link);
	wl_list_remove(&tracked->commit.link);
	wl_list_remove(&tracked->destroy.link);
	free(tracked);
}

static void glue_new_surface(struct wl_listener *listener, void *data) {
	struct glue *glue = wl_container_of(listener, glue, new_surface);
	struct committing_surface *tracked = calloc(1, sizeof *tracked);
	tracked->glue = glue;
	tracked->surface = data;
	tracked->commit.notify = committing_surface_commit;
	wl_signal_add(&tracked->surface->events.commit, &tracked->commit);
	tracked->destroy.notify = committing_surface_destroy;
	wl_signal_add(&tracked->surface->events.destroy, &tracked->destroy);
	wl_list_insert(&glue->committing_surfaces, &tracked->link);
}

/* The lock: while a lock screen holds the session, the plugin lets no binding act, and the desktop's hit test keeps
 * every other client out (surface_at), so that the lock screen alone has gestures and touches. */

void glue_set_session_locked(struct glue *glue, bool locked) {
	if (!glue)
		return;
	glue->tactus.set_session_locked(glue->plugin, locked);
}

/* What the plugin asks of the compositor: its view of the desktop, and the actions its bindings run. */

/* The client surfaces under a layout point, front first: the surface, then each surface it is a subsurface of, so
 * that gestures on a window's main surface cover its subsurfaces. Each with its size as the client last committed
 * it, which pinches and rotations on it are anchored to. */
static size_t host_surfaces_at(void *data, double x, double y, struct tactus_surface_hit *hits, size_t capacity) {
	struct glue *glue = data;
	double sx, sy;
	struct wlr_surface *surface = glue->desktop.surface_at(glue->desktop.data, x, y, &sx, &sy);
	return host_surface_hits(surface, x - sx, y - sy, hits, capacity);
}

static void host_pointer_location(void *data, double *x, double *y) {
	struct glue *glue = data;
	*x = glue->desktop.cursor->x;
	*y = glue->desktop.cursor->y;
}

/* A wl_region a client passed for a gesture or an exclusion, which wlroots keeps as a pixman region of
 * surface-local pixels (plugin-host.c reads its rectangles). */
static size_t region_rectangles(void *data, struct wl_resource *region, struct tactus_rect *rects, size_t capacity) {
	(void)data;
	return host_region_rectangles(wlr_region_from_resource(region), rects, capacity);
}

/* The seat a client's wl_seat stands for, by the name devices are announced with; NULL once the seat is gone. */
static const char *host_seat_name(void *data, struct wl_resource *resource) {
	(void)data;
	struct wlr_seat_client *client = wlr_seat_client_from_resource(resource);
	return client ? client->seat->name : NULL;
}

/* The application of a window under the fingers, as its xdg_toplevel names it (plugin-host.c's host_app_id walks
 * from a popup or subsurface to its toplevel): bindings with app-id act by it (ABI 3.5). A compositor with windows of
 * its own kinds (Xwayland's, with their class) answers for those too. */
static const char *host_app_id_of_surface(void *data, struct wl_resource *surface) {
	(void)data;
	return host_app_id(surface);
}

/* A binding's host action: printed at every phase, run as the desktop's command when the gesture ends or is
 * recognized. */
static void host_run_action(void *data, const char *name, enum tactus_phase phase, double progress,
                            const struct tactus_values *values) {
	static const char *const phases[] = {"began", "changed", "ended", "cancelled", "recognized", "failed"};
	struct glue *glue = data;
	printf("action %s %s progress %.2f fingers %u\n", name, phase <= TACTUS_PHASE_FAILED ? phases[phase] : "?",
	       progress, values->fingers);
	fflush(stdout);
	if (phase == TACTUS_PHASE_ENDED || phase == TACTUS_PHASE_RECOGNIZED)
		glue->desktop.run_command(glue->desktop.data, name);
}

static void host_log(void *data, enum tactus_log_level level, const char *message) {
	struct glue *glue = data;
	wlr_log(level == TACTUS_LOG_ERROR ? WLR_ERROR : WLR_INFO, "%s", message);
	if (level == TACTUS_LOG_ERROR && glue->reload_error)
		snprintf(glue->reload_error, glue->reload_error_size, "%s", message);
}

bool glue_reload(struct glue *glue, char *error, size_t error_size) {
	if (!glue)
		return false;
	if (error && error_size)
		snprintf(error, error_size, "the configuration was refused");
	glue->reload_error = error_size ? error : NULL;
	glue->reload_error_size = error_size;
	bool reloaded = glue->tactus.reload_config(glue->plugin) == 0;
	glue->reload_error = NULL;
	return reloaded;
}

/* Loading the plugin: the library, its entry points, then the plugin on the display with the host callbacks, and
 * the signals the glue listens to. Before wlr_backend_start, so that the devices the backend announces at start
 * reach it. */

struct glue *glue_create(const struct glue_desktop *desktop, const char *plugin_path, const char *config_path) {
	void *library = dlopen(plugin_path, RTLD_NOW | RTLD_LOCAL);
	if (!library) {
		wlr_log(WLR_ERROR, "cannot load %s: %s", plugin_path, dlerror());
		return NULL;
	}
	struct glue *glue = calloc(1, sizeof *glue);
	glue->desktop = *desktop;
	const char *missing;
	if (!host_look_up_entries(library, &glue->tactus, &missing)) {
		wlr_log(WLR_ERROR, "%s is not libtactus: it lacks %s", plugin_path, missing);
		free(glue);
		return NULL;
	}
	struct tactus_host host = {
		.size = sizeof(struct tactus_host),
		.data = glue, .surfaces_at = host_surfaces_at, .pointer_location = host_pointer_location,
		.region_rectangles = region_rectangles, .run_action = host_run_action, .log = host_log,
		.deliver_touch = host_deliver_touch, .cancel_touches = host_cancel_touches,
		.cancel_touchpad_gesture = host_cancel_touchpad_gesture, .seat_name = host_seat_name,
		.app_id = host_app_id_of_surface,
	};
	glue->plugin = glue->tactus.create(TACTUS_ABI_VERSION, desktop->display, &host, config_path);
	if (!glue->plugin) {
		free(glue);
		return NULL;
	}
	wl_list_init(&glue->committing_surfaces);
	struct wlr_cursor *cursor = desktop->cursor;
	listen_to(&cursor->events.touch_down, &glue->touch_down, glue_touch_down);
	listen_to(&cursor->events.touch_motion, &glue->touch_motion, glue_touch_motion);
	listen_to(&cursor->events.touch_up, &glue->touch_up, glue_touch_up);
	listen_to(&cursor->events.touch_cancel, &glue->touch_cancel, glue_touch_cancel);
	listen_to(&cursor->events.touch_frame, &glue->touch_frame, glue_touch_frame);
	listen_to(&cursor->events.swipe_begin, &glue->swipe_begin, glue_swipe_begin);
	listen_to(&cursor->events.swipe_update, &glue->swipe_update, glue_swipe_update);
	listen_to(&cursor->events.swipe_end, &glue->swipe_end, glue_swipe_end);
	listen_to(&cursor->events.pinch_begin, &glue->pinch_begin, glue_pinch_begin);
	listen_to(&cursor->events.pinch_update, &glue->pinch_update, glue_pinch_update);
	listen_to(&cursor->events.pinch_end, &glue->pinch_end, glue_pinch_end);
	listen_to(&cursor->events.hold_begin, &glue->hold_begin, glue_hold_begin);
	listen_to(&cursor->events.hold_end, &glue->hold_end, glue_hold_end);
	listen_to(&desktop->compositor->events.new_surface, &glue->new_surface, glue_new_surface);
	return glue;
}

/* Shutting down: the plugin goes before the display's clients (it lets go of their gesture objects, and none of its
 * callbacks runs after this), and the glue stops listening to the devices, the cursor and the surfaces. */
void glue_destroy(struct glue *glue) {
	if (!glue)
		return;
	glue->tactus.destroy(glue->plugin);
	if (glue->reannouncing)
		wl_event_source_remove(glue->reannouncing);
	for (int i = 0; i < MAX_DEVICES; i++)
		if (glue->devices[i].input)
			wl_list_remove(&glue->devices[i].destroy.link);
	struct wl_listener *listeners[] = {
		&glue->touch_down, &glue->touch_motion, &glue->touch_up, &glue->touch_cancel, &glue->touch_frame,
		&glue->swipe_begin, &glue->swipe_update, &glue->swipe_end, &glue->pinch_begin, &glue->pinch_update,
		&glue->pinch_end, &glue->hold_begin, &glue->hold_end, &glue->new_surface,
	};
	for (size_t i = 0; i < sizeof listeners / sizeof listeners[0]; i++)
		wl_list_remove(&listeners[i]->link);
	struct committing_surface *tracked, *next;
	wl_list_for_each_safe(tracked, next, &glue->committing_surfaces, link)
		committing_surface_destroy(&tracked->destroy, NULL);
	free(glue);
}

/* Two helpers, which the desktop and the control use too. */

uint32_t monotonic_msec(void) {
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint32_t)(now.tv_sec * 1000 + now.tv_nsec / 1000000);
}

void listen_to(struct wl_signal *signal, struct wl_listener *listener, wl_notify_func_t notify) {
	listener->notify = notify;
	wl_signal_add(signal, listener);
}
