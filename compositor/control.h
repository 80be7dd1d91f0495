// SPDX-License-Identifier: MIT
/*
 * tactus-wlr's control (control.c): simulator traces replayed on headless input devices, and commands on a Unix
 * socket, with which tests, the demo and the simulator's generators drive a headless compositor. The desktop owns
 * it: main creates it and takes it down. It keeps its own state (the headless devices, the replay playing, the
 * socket and its connections), drives the desktop through the devices' wlroots signals as real input would, and
 * reads the desktop's state (tactus-wlr.h); a replayed touchscreen's size reaches the glue (tactus-glue.h). Traces
 * are read by trace.c (trace.h).
 */
#ifndef CONTROL_H
#define CONTROL_H

#include <stdbool.h>
#include <stddef.h>

struct control;
struct server;

/* The server's control, with nothing playing and no socket. */
struct control *control_create(struct server *server);

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
