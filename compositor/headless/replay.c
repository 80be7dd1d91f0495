// SPDX-License-Identifier: MIT
/*
 * A trace read on the event loop, then played on headless devices in real time (replay.h): each event's time is the
 * trace's own, counted from the replay's start, whatever the event loop's delays.
 */
#define _POSIX_C_SOURCE 200809L
#define WLR_USE_UNSTABLE
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wlr/backend/headless.h>
#include <wlr/backend/multi.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_pointer.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/version.h>
#if WLR_VERSION_NUM >= 0x001000
#include <wlr/interfaces/wlr_keyboard.h>
#include <wlr/interfaces/wlr_pointer.h>
#include <wlr/interfaces/wlr_touch.h>
#endif
#include "wlr-compat.h"

#include "replay.h"

/* A trace is read for this long in a turn of the event loop, then the loop serves the rest for a millisecond. */
#define READING_NSEC_PER_TURN 2000000

struct replay_loading {
	struct trace_reading *reading; /* NULL when it could not start: error says why */
	struct wl_event_source *timer;
	void (*loaded)(struct trace *trace, const char *error, void *data);
	void *data;
	char error[1024];
};

static int64_t nanoseconds_since(const struct timespec *start) {
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (int64_t)(now.tv_sec - start->tv_sec) * 1000000000 + (now.tv_nsec - start->tv_nsec);
}

void replay_loading_cancel(struct replay_loading *loading) {
	wl_event_source_remove(loading->timer);
	trace_reading_free(loading->reading);
	free(loading);
}

/* Reads the trace for a while, steps of a few milliseconds at most, and hands it over once read or refused. */
static int read_for_a_turn(void *data) {
	struct replay_loading *loading = data;
	struct timespec start;
	clock_gettime(CLOCK_MONOTONIC, &start);
	struct trace trace = {0};
	enum trace_reading_progress progress = loading->reading ? TRACE_READING : TRACE_REFUSED;
	while (progress == TRACE_READING && nanoseconds_since(&start) < READING_NSEC_PER_TURN)
		progress = trace_reading_continue(loading->reading, &trace, loading->error, sizeof loading->error);
	if (progress == TRACE_READING) {
		wl_event_source_timer_update(loading->timer, 1);
		return 0;
	}
	void (*loaded)(struct trace *, const char *, void *) = loading->loaded;
	void *loaded_data = loading->data;
	char error[sizeof loading->error];
	memcpy(error, loading->error, sizeof error);
	replay_loading_cancel(loading);
	if (progress == TRACE_READ)
		loaded(&trace, NULL, loaded_data);
	else
		loaded(NULL, error, loaded_data);
	return 0;
}

struct replay_loading *replay_load(struct wl_event_loop *loop, const char *path,
                                   void (*loaded)(struct trace *trace, const char *error, void *data), void *data) {
	struct replay_loading *loading = calloc(1, sizeof *loading);
	loading->loaded = loaded;
	loading->data = data;
	/* A file that cannot be read is refused as a trace refused later is: on the loop, through loaded. */
	loading->reading = trace_reading_start(path, loading->error, sizeof loading->error);
	loading->timer = wl_event_loop_add_timer(loop, read_for_a_turn, loading);
	wl_event_source_timer_update(loading->timer, 1);
	return loading;
}

/* Events due at once are played this many at a time, so that clients and commands are served between them. */
#define EVENTS_PER_TICK 64

/* The touches a replay has down on a touchscreen, as far as a device's slots go: more would be none a device has. */
struct touches_down {
	int32_t ids[TRACE_MAX_SLOTS];
	size_t count;
};

struct replay {
	struct trace trace;
	struct replay_devices devices;
	size_t next; /* the index of the next event to play */
	struct wl_event_source *timer;
	struct timespec start;
	uint32_t start_msec; /* the events carry the trace's own times from here, whatever the loop's delays */
	bool ending;         /* every event played; the compositor's timers get a moment */
	/* What it has in flight, for replay_stop to end: touches down on each touchscreen, touchpad gestures begun. */
	struct touches_down down[TRACE_MAX_TOUCHSCREENS];
	bool swiping, pinching, holding;
	void (*finished)(void *data);
	void *data;
};

void replay_destroy(struct replay *replay) {
	wl_event_source_remove(replay->timer);
	trace_release(&replay->trace);
	free(replay);
}

/* A touch of a calibrated panel, as libinput reports it: the trace's position turned by the panel's matrix. */
static void replay_touch(struct wlr_input_device *device, const struct trace_touchscreen *panel,
                         const struct trace_event *e, uint32_t time) {
	struct wlr_touch *touch = wlr_touch_from_input_device(device);
	const float *m = panel->calibration;
	double x = m[0] * e->x + m[1] * e->y + m[2], y = m[3] * e->x + m[4] * e->y + m[5];
	switch (e->type) {
	case TRACE_TOUCH_DOWN: {
		struct wlr_touch_down_event event = {TACTUS_TOUCH_EVENT_FROM(device), .time_msec = time, .touch_id = e->touch_id,
		                                     .x = x, .y = y};
		wl_signal_emit(&touch->events.down, &event);
		break;
	}
	case TRACE_TOUCH_MOTION: {
		struct wlr_touch_motion_event event = {TACTUS_TOUCH_EVENT_FROM(device), .time_msec = time, .touch_id = e->touch_id,
		                                     .x = x, .y = y};
		wl_signal_emit(&touch->events.motion, &event);
		break;
	}
	case TRACE_TOUCH_UP: {
		struct wlr_touch_up_event event = {TACTUS_TOUCH_EVENT_FROM(device), .time_msec = time, .touch_id = e->touch_id};
		wl_signal_emit(&touch->events.up, &event);
		break;
	}
	case TRACE_TOUCH_CANCEL: {
		struct wlr_touch_cancel_event event = {TACTUS_TOUCH_EVENT_FROM(device), .time_msec = time, .touch_id = e->touch_id};
		wl_signal_emit(&touch->events.cancel, &event);
		break;
	}
	case TRACE_TOUCH_FRAME:
		wl_signal_emit(&touch->events.frame, NULL);
		break;
	default:
		break;
	}
}

/* A trace's touchpad deltas are millimetres of finger travel; wlroots delivers libinput's units, which the plugin reads
 * at this scale (LibinputTranslator.millimetresPerUnit: 1000 dpi, slowed by libinput's touchpad factor 0.2968). */
#define TOUCHPAD_UNITS_PER_MM (1000 / 25.4 * 0.2968)

static void replay_touchpad(struct wlr_input_device *device, const struct trace_event *e, uint32_t time) {
	struct wlr_pointer *pointer = wlr_pointer_from_input_device(device);
	double dx = e->x * TOUCHPAD_UNITS_PER_MM, dy = e->y * TOUCHPAD_UNITS_PER_MM;
	switch (e->type) {
	case TRACE_SWIPE_BEGIN: {
		struct wlr_pointer_swipe_begin_event event = {TACTUS_POINTER_EVENT_FROM(device), .time_msec = time,
		                                         .fingers = e->fingers};
		wl_signal_emit(&pointer->events.swipe_begin, &event);
		break;
	}
	case TRACE_SWIPE_UPDATE: {
		struct wlr_pointer_swipe_update_event event = {TACTUS_POINTER_EVENT_FROM(device), .time_msec = time,
		                                               .fingers = e->fingers, .dx = dx, .dy = dy};
		wl_signal_emit(&pointer->events.swipe_update, &event);
		break;
	}
	case TRACE_SWIPE_END: {
		struct wlr_pointer_swipe_end_event event = {TACTUS_POINTER_EVENT_FROM(device), .time_msec = time,
		                                       .cancelled = e->cancelled};
		wl_signal_emit(&pointer->events.swipe_end, &event);
		break;
	}
	case TRACE_PINCH_BEGIN: {
		struct wlr_pointer_pinch_begin_event event = {TACTUS_POINTER_EVENT_FROM(device), .time_msec = time,
		                                         .fingers = e->fingers};
		wl_signal_emit(&pointer->events.pinch_begin, &event);
		break;
	}
	case TRACE_PINCH_UPDATE: {
		struct wlr_pointer_pinch_update_event event = {TACTUS_POINTER_EVENT_FROM(device), .time_msec = time,
		                                               .fingers = e->fingers, .dx = dx, .dy = dy, .scale = e->scale,
		                                               .rotation = e->angle};
		wl_signal_emit(&pointer->events.pinch_update, &event);
		break;
	}
	case TRACE_PINCH_END: {
		struct wlr_pointer_pinch_end_event event = {TACTUS_POINTER_EVENT_FROM(device), .time_msec = time,
		                                       .cancelled = e->cancelled};
		wl_signal_emit(&pointer->events.pinch_end, &event);
		break;
	}
	case TRACE_HOLD_BEGIN: {
		struct wlr_pointer_hold_begin_event event = {TACTUS_POINTER_EVENT_FROM(device), .time_msec = time,
		                                         .fingers = e->fingers};
		wl_signal_emit(&pointer->events.hold_begin, &event);
		break;
	}
	case TRACE_HOLD_END: {
		struct wlr_pointer_hold_end_event event = {TACTUS_POINTER_EVENT_FROM(device), .time_msec = time,
		                                       .cancelled = e->cancelled};
		wl_signal_emit(&pointer->events.hold_end, &event);
		break;
	}
	default:
		break;
	}
}

/* Where the touch is among those down; their count when it is none of them. */
static size_t find_touch(const struct touches_down *down, int32_t id) {
	size_t i = 0;
	while (i < down->count && down->ids[i] != id)
		i++;
	return i;
}

/* Keeps track of the touches down and the touchpad gestures begun, as the event on touchscreen panel plays. A trace's
 * cancel is its touchscreen's, every touch at once, as tactus-sim plays it. */
static void follow(struct replay *replay, size_t panel, const struct trace_event *event) {
	struct touches_down *down = &replay->down[panel];
	size_t i;
	switch (event->type) {
	case TRACE_TOUCH_DOWN:
		if (find_touch(down, event->touch_id) == down->count && down->count < TRACE_MAX_SLOTS)
			down->ids[down->count++] = event->touch_id;
		break;
	case TRACE_TOUCH_UP:
		if ((i = find_touch(down, event->touch_id)) < down->count)
			down->ids[i] = down->ids[--down->count];
		break;
	case TRACE_TOUCH_CANCEL:
		down->count = 0;
		break;
	case TRACE_SWIPE_BEGIN:
	case TRACE_SWIPE_END:
		replay->swiping = event->type == TRACE_SWIPE_BEGIN;
		break;
	case TRACE_PINCH_BEGIN:
	case TRACE_PINCH_END:
		replay->pinching = event->type == TRACE_PINCH_BEGIN;
		break;
	case TRACE_HOLD_BEGIN:
	case TRACE_HOLD_END:
		replay->holding = event->type == TRACE_HOLD_BEGIN;
		break;
	default:
		break;
	}
}

static int64_t microseconds_since_start(const struct replay *replay) {
	return nanoseconds_since(&replay->start) / 1000;
}

/* Plays the events that are due, EVENTS_PER_TICK at most, and sets the timer for the next. */
static int replay_next(void *data) {
	struct replay *replay = data;
	if (replay->ending) {
		void (*finished)(void *) = replay->finished;
		void *finished_data = replay->data;
		replay_destroy(replay);
		finished(finished_data);
		return 0;
	}
	int64_t elapsed_us = microseconds_since_start(replay);
	for (int played = 0; replay->next < replay->trace.count; played++) {
		const struct trace_event *event = &replay->trace.events[replay->next];
		if (event->time_us > elapsed_us) {
			/* The timer counts milliseconds in an int: an event more than 24 days away waits that long, then again. */
			int64_t wait_ms = (event->time_us - elapsed_us + 999) / 1000;
			wl_event_source_timer_update(replay->timer, wait_ms < INT_MAX ? (int)wait_ms : INT_MAX);
			return 0;
		}
		if (played == EVENTS_PER_TICK) {
			wl_event_source_timer_update(replay->timer, 1);
			return 0;
		}
		replay->next++;
		/* Milliseconds that wrap, as wlroots' do: a time before the trace's start (it may have some) is due at once. */
		uint32_t time = replay->start_msec + (uint32_t)(event->time_us / 1000);
		size_t panel = trace_touchscreen_index(&replay->trace, event->device);
		replay_touch(replay->devices.touchscreens[panel], &replay->trace.touchscreens[panel], event, time);
		replay_touchpad(replay->devices.pointer, event, time);
		follow(replay, panel, event);
	}
	/* Every event played: a second for the compositor's timers (a double tap's window), then the end. */
	replay->ending = true;
	wl_event_source_timer_update(replay->timer, 1000);
	return 0;
}

struct replay *replay_start(struct wl_event_loop *loop, struct trace *trace, const struct replay_devices *devices,
                            void (*finished)(void *data), void *data) {
	struct replay *replay = calloc(1, sizeof *replay);
	replay->trace = *trace;
	*trace = (struct trace){0};
	replay->devices = *devices;
	replay->finished = finished;
	replay->data = data;
	clock_gettime(CLOCK_MONOTONIC, &replay->start);
	replay->start_msec = (uint32_t)(replay->start.tv_sec * 1000 + replay->start.tv_nsec / 1000000);
	replay->timer = wl_event_loop_add_timer(loop, replay_next, replay);
	wl_event_source_timer_update(replay->timer, 1);
	return replay;
}

/* Ends a touchpad gesture begun, of type (its end), as cancelled. */
static void cancel_gesture(struct replay *replay, bool *begun, enum trace_event_type type, uint32_t time) {
	if (!*begun)
		return;
	replay_touchpad(replay->devices.pointer, &(struct trace_event){.type = type, .cancelled = true}, time);
	*begun = false;
}

/* Cancels the touches down on touchscreen panel, each, then ends the frame. */
static void cancel_touches(struct replay *replay, size_t panel, uint32_t time) {
	struct touches_down *down = &replay->down[panel];
	if (!down->count)
		return;
	struct wlr_input_device *touchscreen = replay->devices.touchscreens[panel];
	const struct trace_touchscreen *described = &replay->trace.touchscreens[panel];
	for (size_t i = 0; i < down->count; i++)
		replay_touch(touchscreen, described, &(struct trace_event){.type = TRACE_TOUCH_CANCEL, .touch_id = down->ids[i]},
		             time);
	replay_touch(touchscreen, described, &(struct trace_event){.type = TRACE_TOUCH_FRAME}, time);
	down->count = 0;
}

void replay_stop(struct replay *replay) {
	/* Now, on the clock the events' times are on. */
	uint32_t time = replay->start_msec + (uint32_t)(microseconds_since_start(replay) / 1000);
	cancel_gesture(replay, &replay->swiping, TRACE_SWIPE_END, time);
	cancel_gesture(replay, &replay->pinching, TRACE_PINCH_END, time);
	cancel_gesture(replay, &replay->holding, TRACE_HOLD_END, time);
	for (size_t panel = 0; panel < TRACE_MAX_TOUCHSCREENS; panel++)
		cancel_touches(replay, panel, time);
	replay_destroy(replay);
}

static void find_headless(struct wlr_backend *backend, void *data) {
	if (wlr_backend_is_headless(backend))
		*(struct wlr_backend **)data = backend;
}

#if TACTUS_WLR_015
static struct wlr_input_device *make_device(struct wlr_backend *backend, struct wlr_backend *headless,
                                            enum wlr_input_device_type type) {
	(void)backend;
	return wlr_headless_add_input_device(headless, type);
}
#else
/* Since wlroots 0.16 the headless backend makes no input devices: a compositor makes its own, and announces them on
 * the backend it listens to. */
static const struct wlr_touch_impl touch_impl = {.name = "headless-touch"};
static const struct wlr_pointer_impl pointer_impl = {.name = "headless-pointer"};
static const struct wlr_keyboard_impl keyboard_impl = {.name = "headless-keyboard"};

static struct wlr_input_device *make_device(struct wlr_backend *backend, struct wlr_backend *headless,
                                            enum wlr_input_device_type type) {
	(void)headless;
	struct wlr_input_device *device = NULL;
	if (type == WLR_INPUT_DEVICE_TOUCH) {
		struct wlr_touch *touch = calloc(1, sizeof *touch);
		wlr_touch_init(touch, &touch_impl, "headless touchscreen");
		device = &touch->base;
	} else if (type == WLR_INPUT_DEVICE_POINTER) {
		struct wlr_pointer *pointer = calloc(1, sizeof *pointer);
		wlr_pointer_init(pointer, &pointer_impl, "headless pointer");
		device = &pointer->base;
	} else {
		struct wlr_keyboard *keyboard = calloc(1, sizeof *keyboard);
		wlr_keyboard_init(keyboard, &keyboard_impl, "headless keyboard");
		device = &keyboard->base;
	}
	wl_signal_emit_mutable(&backend->events.new_input, device);
	return device;
}

/* Finishing a device emits its destroy, which those who listen to it hear, then frees it. */
static void destroy_device(struct wlr_input_device *device) {
	if (!device)
		return;
	if (device->type == WLR_INPUT_DEVICE_TOUCH) {
		struct wlr_touch *touch = wlr_touch_from_input_device(device);
		wlr_touch_finish(touch);
		free(touch);
	} else if (device->type == WLR_INPUT_DEVICE_POINTER) {
		struct wlr_pointer *pointer = wlr_pointer_from_input_device(device);
		wlr_pointer_finish(pointer);
		free(pointer);
	} else {
		struct wlr_keyboard *keyboard = wlr_keyboard_from_input_device(device);
		wlr_keyboard_finish(keyboard);
		free(keyboard);
	}
}
#endif

bool replay_devices_make(struct replay_devices *devices, struct wlr_backend *backend, size_t touchscreens) {
	struct wlr_backend *headless = wlr_backend_is_headless(backend) ? backend : NULL;
	if (!headless && wlr_backend_is_multi(backend))
		wlr_multi_for_each_backend(backend, find_headless, &headless);
	if (!headless)
		return false;
	if (!devices->pointer)
		devices->pointer = make_device(backend, headless, WLR_INPUT_DEVICE_POINTER);
	if (!devices->keyboard)
		devices->keyboard = make_device(backend, headless, WLR_INPUT_DEVICE_KEYBOARD);
	bool made = devices->pointer && devices->keyboard;
	for (size_t i = 0; i < touchscreens && i < TRACE_MAX_TOUCHSCREENS; i++) {
		if (!devices->touchscreens[i])
			devices->touchscreens[i] = make_device(backend, headless, WLR_INPUT_DEVICE_TOUCH);
		made = made && devices->touchscreens[i];
	}
	return made && touchscreens <= TRACE_MAX_TOUCHSCREENS;
}

void replay_devices_destroy(struct replay_devices *devices) {
#if TACTUS_WLR_015
	(void)devices; /* the headless backend's own, which go with it */
#else
	for (size_t i = 0; i < TRACE_MAX_TOUCHSCREENS; i++)
		destroy_device(devices->touchscreens[i]);
	destroy_device(devices->pointer);
	destroy_device(devices->keyboard);
#endif
	*devices = (struct replay_devices){0};
}
