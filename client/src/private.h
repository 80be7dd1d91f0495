/* SPDX-License-Identifier: MIT */
/* What the library's files share: the client's, the gesture's and the exclusion's state. */
#ifndef TACTUS_CLIENT_PRIVATE_H
#define TACTUS_CLIENT_PRIVATE_H

#include <wayland-client.h>

#include "tactus-client.h"
#include "tactus-gestures-v1-client-protocol.h"

struct tactus_client {
	struct wl_display *display;
	struct wl_registry *registry;
	struct wl_compositor *compositor; /* for the regions given as rectangles */
	struct tactus_gesture_manager_v1 *manager;
	uint32_t manager_name;            /* the global's name, to notice it go */
	struct wl_list seats;             /* struct seat.link, in the order the compositor offered them */
	struct wl_list gestures;          /* struct tactus_client_gesture.link */
	struct wl_list exclusions;        /* struct tactus_client_exclusion.link */
	int open_groups;                  /* gestures with a group of events begun and not yet closed by its frame */
	void (*frame_handler)(void *data);
	void *frame_data;
	char problem[256];
};

/* A wl_seat the library bound, to name the seat of gestures made without one. */
struct seat {
	struct wl_list link;
	struct wl_seat *seat;
	uint32_t name;
};

/* A relation a gesture asked for, kept to refuse a commit the compositor would raise conflicting_state for. */
struct relation {
	struct tactus_client_gesture *other;
	bool simultaneous; /* recognize_simultaneously_with, else require_failure_of */
	bool cleared;      /* by clear_relations, until the commit */
};

/* The parameters a gesture takes, as set_* requests; their values as the wire has them. */
enum parameter {
	PARAMETER_FINGERS,
	PARAMETER_TAP_COUNT,
	PARAMETER_DISTANCE,
	PARAMETER_DURATION,
	PARAMETER_SCALE_DELTA,
	PARAMETER_ANGLE_DELTA,
	PARAMETER_DIRECTIONS,
	PARAMETER_EDGE,
	PARAMETER_PRIORITY,
	PARAMETER_COUNT,
};

struct parameters {
	uint32_t set; /* bits: 1 << enum parameter */
	uint32_t values[PARAMETER_COUNT];
};

struct tactus_client_gesture {
	struct wl_list link;
	struct tactus_client *client;
	struct tactus_gesture_v1 *object; /* NULL without a surface, or where the compositor has no protocol */
	struct wl_surface *surface;
	struct wl_seat *seat;             /* NULL: the client's first seat */
	enum tactus_client_kind kind;
	tactus_client_handler handler;
	void *data;
	struct tactus_client_event event; /* the group of events being received */
	bool group_open;
	struct parameters pending, committed;
	bool was_committed;
	struct tactus_client_rectangle *region; /* NULL: the whole surface */
	size_t region_count;
	struct relation *relations;       /* asked for, committed or pending */
	size_t relation_count;
};

struct tactus_client_exclusion {
	struct wl_list link;
	struct tactus_client *client;
	struct tactus_gesture_exclusion_v1 *object; /* NULL where the compositor has no protocol */
	struct wl_surface *surface;
};

/* Says why a call was refused (tactus_client_problem); returns false, for `return refuse(...)`. */
bool client_refuse(struct tactus_client *client, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* Whether every rectangle has an area; says which has none when one has not. */
bool client_rectangles_checked(struct tactus_client *client, const struct tactus_client_rectangle *rectangles,
                               size_t count);

/* A wl_region of checked rectangles, or NULL for none (the whole surface, or no exclusion). */
struct wl_region *client_region(struct tactus_client *client, const struct tactus_client_rectangle *rectangles,
                                size_t count);

/* The first seat the compositor offered, or NULL. */
struct wl_seat *client_first_seat(struct tactus_client *client);

#endif
