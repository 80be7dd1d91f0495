// SPDX-License-Identifier: MIT
/*
 * tactus-wlr's control (control.c): simulator traces replayed on headless input devices, and commands on a Unix
 * socket, with which tests, the demo and the simulator's generators drive a headless compositor. The desktop owns
 * it: main creates it and takes it down. It keeps its own state (the headless devices, the replay playing, the
 * socket and its connections) and drives the desktop through the devices' wlroots signals as real input would.
 * Traces are read by trace.c (trace.h).
 *
 * Its dependencies go one way: the desktop (tactus-wlr.c) includes this header; the control includes the glue's
 * (tactus-glue.h: the plugin hears of the headless touchscreens and seats through it, and the reload command is the
 * glue's), never the desktop's, and knows of the desktop only the struct control_desktop it is created with.
 */
#ifndef CONTROL_H
#define CONTROL_H

#include <stdbool.h>
#include <stddef.h>

struct control;
struct glue;
struct wl_display;
struct wlr_backend;
struct wlr_output_layout;
struct wlr_seat;

/* A window as the windows command lists it: its place in the layout, its size, and its title (NULL: none). */
struct control_window {
	int x, y, width, height;
	const char *title;
};

/* What the control needs of the desktop, which fills it in for control_create: the wlroots objects the control drives
 * and reads, the glue, and the desktop's windows, called with data. The control keeps a copy. */
struct control_desktop {
	struct wl_display *display;
	struct wlr_backend *backend; /* the headless devices are made on it */
	struct wlr_seat *seat; /* seat0, the desktop's */
	struct wlr_output_layout *layout;
	struct glue *glue;
	void *data;
	/* Calls window(description, context) for each window, the focused one first. */
	void (*for_each_window)(void *data, void (*window)(const struct control_window *window, void *context),
	                        void *context);
};

/* The desktop's control, with nothing playing and no socket. */
struct control *control_create(const struct control_desktop *desktop);

/* Listens for commands on a Unix socket at path; false when it cannot (errno says why). */
bool control_listen(struct control *control, const char *path);

/* Reads a simulator trace at once, then starts playing it on the headless devices, and stops the compositor once it
 * has played (--replay, before the compositor runs); false, with why in error ("TRACE:LINE: reason" for a trace it
 * refuses, as trace.h reads them), when it cannot. */
bool control_replay_then_quit(struct control *control, const char *path, char *error, size_t error_size);

/* Drops the replay being read or played, if any, without answering its requester or touching the devices; closes
 * the socket and its connections, and removes it from the file system. NULL is ignored. */
void control_destroy(struct control *control);

#endif
