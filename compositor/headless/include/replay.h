// SPDX-License-Identifier: MIT
/*
 * Replays (replay.c): a simulator trace (trace.h) read on the compositor's event loop, then played in real time on
 * headless input devices, through the signals of their wlroots devices, as a driver would send them: what a
 * compositor does with them is its own input path. Used by the controls that drive a headless compositor in tests:
 * tactus-wlr's (control.c) and the Wayfire test plugin's (Tests/WayfireControl).
 */
#ifndef REPLAY_H
#define REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <wayland-server-core.h>

#include "trace.h"

#ifdef __cplusplus
extern "C" {
#endif

struct wlr_backend;
struct wlr_input_device;

/* The headless devices replays and commands play on: a touchscreen for each of a trace's, a pointer for its touchpad
 * gestures, and a keyboard for keys. */
struct replay_devices {
	struct wlr_input_device *touchscreens[TRACE_MAX_TOUCHSCREENS];
	struct wlr_input_device *pointer, *keyboard;
};

/* Makes what is missing of the pointer, the keyboard and the first `touchscreens` touchscreens, when backend is or
 * holds the headless backend (wlr_backend_autocreate wraps it in a multi-backend): on wlroots 0.15 the headless
 * backend's own devices; since 0.16, which has none, devices of the caller's, announced on backend (new_input), the
 * backend the compositor listens to. False without the headless backend. */
bool replay_devices_make(struct replay_devices *devices, struct wlr_backend *backend, size_t touchscreens);

/* Takes the devices away, before the backend goes: those made since wlroots 0.16 are destroyed (their destroy signals
 * heard first); the headless backend's of 0.15 go with it. */
void replay_devices_destroy(struct replay_devices *devices);

struct replay_loading;

/* Starts reading the trace at path on the event loop, a few milliseconds of each turn, so that a compositor serves
 * its clients and commands while a large trace is read. Once it is read whole, calls loaded(trace, NULL, data), which
 * takes its events over; once it is refused, or cannot be read, loaded(NULL, why, data) ("PATH:LINE: reason" or
 * "PATH: reason"). Either way the loading frees itself first. */
struct replay_loading *replay_load(struct wl_event_loop *loop, const char *path,
                                   void (*loaded)(struct trace *trace, const char *error, void *data), void *data);

/* Stops reading, without calling loaded, and frees the loading. */
void replay_loading_cancel(struct replay_loading *loading);

struct replay;

/* Starts playing trace (the replay owns its events from here) on devices, which must have a touchscreen for each of
 * the trace's, from the event loop: events due at once a few at a time, so that clients are served between them. Once
 * every event has played and a second has passed for timers (a double tap's window), the replay frees itself and
 * calls finished(data). */
struct replay *replay_start(struct wl_event_loop *loop, struct trace *trace, const struct replay_devices *devices,
                            void (*finished)(void *data), void *data);

/* Stops a replay before its end, without calling its finished callback, and frees it. What it had in flight ends
 * as a device's does when libinput gives up on it: each touch still down on a touchscreen is cancelled, followed by a
 * frame, and a touchpad gesture begun and not ended ends as cancelled; so every gesture those began ends, once. */
void replay_stop(struct replay *replay);

/* Frees a replay, leaving its devices as they are: for a compositor that goes away with them. */
void replay_destroy(struct replay *replay);

#ifdef __cplusplus
}
#endif

#endif
