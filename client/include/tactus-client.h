/* SPDX-License-Identifier: MIT */
/*
 * tactus-client.h: gestures for any Wayland application, through the compositor's tactus-gestures-v1 protocol.
 *
 * The compositor recognizes taps, long presses, drags, swipes, edge swipes, pinches, rotations, holds and tip-taps on
 * the application's own surfaces, from touchscreens and touchpads, and arbitrates them against its own bindings. This
 * library asks for them and hands each result to a function of the application, with its values in the surface's
 * coordinates (logical pixels from its top-left corner).
 *
 *     struct tactus_client *client = tactus_client_new(display);
 *     if (!tactus_client_is_available(client))
 *         fprintf(stderr, "%s\n", tactus_client_problem(client));  // the application runs on, without gestures
 *     struct tactus_client_gesture *pinch =
 *         tactus_client_gesture_new(client, surface, NULL, TACTUS_CLIENT_PINCH, on_pinch, state);
 *     tactus_client_gesture_set_fingers(pinch, 2);
 *     tactus_client_gesture_commit(pinch);
 *
 * Threads and loops: the library has no thread of its own. Its Wayland objects live on the display's default queue,
 * which the application (or its toolkit's main loop) already dispatches; handlers run from that dispatch, on that
 * thread. Only tactus_client_new does a round trip, on a queue of its own, so that it dispatches none of the
 * application's events. Every function is to be called from the thread that dispatches the display.
 *
 * Errors: a value the protocol would refuse (a protocol error, which ends the application's connection) is refused
 * here instead: the function returns false, sends nothing, and tactus_client_problem says why. On a compositor without
 * the protocol everything still works and nothing is ever recognized: the application carries on without gestures.
 *
 * Lifetimes: a gesture may be destroyed at any time, also from its own handler; a gesture whose surface is destroyed
 * is cancelled (reason TACTUS_CLIENT_REASON_OTHER) and then never called again. tactus_client_destroy destroys the
 * gestures and exclusions still there; the display must outlive the client.
 *
 * Link with `pkg-config --libs tactus-client`.
 */
#ifndef TACTUS_CLIENT_H
#define TACTUS_CLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct wl_display;
struct wl_seat;
struct wl_surface;

/** The library's connection to the compositor's gestures, one per wl_display. */
struct tactus_client;
/** One gesture the compositor recognizes on one surface. */
struct tactus_client_gesture;
/** A part of a surface where the compositor's own gestures should not start. */
struct tactus_client_exclusion;

/** What a gesture recognizes; the protocol's kind enum. */
enum tactus_client_kind {
	TACTUS_CLIENT_TAP = 1,        /* one or more quick touches; discrete */
	TACTUS_CLIENT_LONG_PRESS = 2, /* fingers held still; discrete */
	TACTUS_CLIENT_DRAG = 3,       /* fingers moving together; continuous */
	TACTUS_CLIENT_SWIPE = 4,      /* a quick stroke in one direction; discrete */
	TACTUS_CLIENT_EDGE_SWIPE = 5, /* fingers moving in from an edge of the output; continuous */
	TACTUS_CLIENT_PINCH = 6,      /* fingers spreading or closing; continuous */
	TACTUS_CLIENT_ROTATE = 7,     /* fingers turning; continuous */
	TACTUS_CLIENT_HOLD = 8,       /* fingers resting; continuous */
	TACTUS_CLIENT_TIP_TAP = 9,    /* fingers held while one more taps beside them; discrete (protocol version 3) */
};

/** Where a gesture is: continuous ones go began, changed..., then ended or cancelled; discrete ones are recognized;
 * either kind may fail (informational: a gesture that never began). */
enum tactus_client_phase {
	TACTUS_CLIENT_BEGAN,
	TACTUS_CLIENT_CHANGED,
	TACTUS_CLIENT_ENDED,
	TACTUS_CLIENT_CANCELLED,
	TACTUS_CLIENT_RECOGNIZED,
	TACTUS_CLIENT_FAILED,
};

/** Why a gesture failed or was cancelled; the protocol's reason enum. */
enum tactus_client_reason {
	TACTUS_CLIENT_REASON_MOVED_TOO_FAR = 0,
	TACTUS_CLIENT_REASON_MOVED_TOO_LITTLE = 1,
	TACTUS_CLIENT_REASON_TOO_SLOW = 2,
	TACTUS_CLIENT_REASON_TOO_SHORT = 3,
	TACTUS_CLIENT_REASON_WRONG_FINGER_COUNT = 4,
	TACTUS_CLIENT_REASON_WRONG_DIRECTION = 5,
	TACTUS_CLIENT_REASON_OUTSIDE_EDGE_ZONE = 6,
	TACTUS_CLIENT_REASON_TIMED_OUT = 7,
	TACTUS_CLIENT_REASON_LOST_TO_ANOTHER_GESTURE = 8,
	TACTUS_CLIENT_REASON_CANCELLED_BY_INPUT = 9,
	TACTUS_CLIENT_REASON_DEVICE_REMOVED = 10,
	TACTUS_CLIENT_REASON_OTHER = 11,
	TACTUS_CLIENT_REASON_UNSUPPORTED_INPUT = 12,
	TACTUS_CLIENT_REASON_UNRESOLVED = 13,
};

/** Directions of a swipe or a tip-tap, as the user sees the output; a bit set. Diagonals need protocol version 3. */
enum tactus_client_direction {
	TACTUS_CLIENT_LEFT = 1,
	TACTUS_CLIENT_RIGHT = 2,
	TACTUS_CLIENT_UP = 4,
	TACTUS_CLIENT_DOWN = 8,
	TACTUS_CLIENT_UP_LEFT = 16,
	TACTUS_CLIENT_UP_RIGHT = 32,
	TACTUS_CLIENT_DOWN_LEFT = 64,
	TACTUS_CLIENT_DOWN_RIGHT = 128,
};

/** The edge of the output an edge swipe comes from. */
enum tactus_client_edge {
	TACTUS_CLIENT_EDGE_LEFT = 1,
	TACTUS_CLIENT_EDGE_RIGHT = 2,
	TACTUS_CLIENT_EDGE_TOP = 3,
	TACTUS_CLIENT_EDGE_BOTTOM = 4,
};

/** How a gesture ranks against the surface's others. */
enum tactus_client_priority {
	TACTUS_CLIENT_PRIORITY_NORMAL = 0,       /* competes; an inner surface's gesture beats an outer one's */
	TACTUS_CLIENT_PRIORITY_HIGH = 1,         /* beats the surface's normal gestures */
	TACTUS_CLIENT_PRIORITY_SIMULTANEOUS = 2, /* competes with nothing; runs alongside whatever wins */
};

/** Which values an event carries (tactus_client_event.values), by kind: see each field. */
enum tactus_client_value {
	TACTUS_CLIENT_HAS_LOCATION = 1 << 0,
	TACTUS_CLIENT_HAS_TRANSLATION = 1 << 1,
	TACTUS_CLIENT_HAS_VELOCITY = 1 << 2,
	TACTUS_CLIENT_HAS_SCALE = 1 << 3,
	TACTUS_CLIENT_HAS_ROTATION = 1 << 4,
	TACTUS_CLIENT_HAS_COUNT = 1 << 5,
	TACTUS_CLIENT_HAS_FINGERS = 1 << 6,
	TACTUS_CLIENT_HAS_DIRECTION = 1 << 7,
	TACTUS_CLIENT_HAS_PROGRESS = 1 << 8,
	TACTUS_CLIENT_HAS_START_LOCATION = 1 << 9,
	TACTUS_CLIENT_HAS_START_ANCHOR = 1 << 10,
};

/** One step of a gesture with its values, as one group of the protocol's events closed by its frame. Positions are
 * logical pixels of the gesture's surface from its top-left corner; translations, scales and angles count from where
 * the fingers landed, so the application applies them to what its content was then. */
struct tactus_client_event {
	enum tactus_client_phase phase;
	enum tactus_client_reason reason; /* cancelled and failed only */
	uint32_t serial;                  /* began's serial, the same in its changed, ended or cancelled; 0 for failed */
	uint32_t time;                    /* milliseconds, the input's clock */
	uint32_t values;                  /* the enum tactus_client_value bits of the fields below that came */
	double x, y;                      /* where the fingers are, the drag's location or the pinch's anchor */
	double dx, dy;                    /* drag, swipe, edge swipe: travel since the fingers landed */
	double velocity_x, velocity_y;    /* drag, swipe: logical pixels per second */
	double scale;                     /* pinch: 1 means unchanged */
	double rotation;                  /* rotate: degrees clockwise, cumulative */
	uint32_t count;                   /* tap: how many taps */
	uint32_t fingers;                 /* how many fingers make the gesture */
	uint32_t direction;               /* swipe, tip-tap: one enum tactus_client_direction */
	double progress;                  /* edge swipe: 0 to 1 */
	double start_x, start_y;          /* pinch, rotate: where the fingers' centroid started */
	double anchor_x, anchor_y;        /* pinch, rotate: the start as fractions of the surface's width and height */
};

/** Called for each step of a gesture; event lives until the function returns. The gesture may be destroyed here. */
typedef void (*tactus_client_handler)(struct tactus_client_gesture *gesture, const struct tactus_client_event *event,
                                      void *data);

/** A rectangle of a surface, in its logical pixels. */
struct tactus_client_rectangle {
	int32_t x, y, width, height;
};

/**
 * Connects to the gestures of the compositor behind display, with one round trip on a queue of the library's own.
 * Returns NULL only when memory runs out; on a compositor without the protocol the client exists and is not
 * available (tactus_client_is_available).
 */
struct tactus_client *tactus_client_new(struct wl_display *display);

/** Destroys the client with the gestures and exclusions still made through it, whose handlers are not called again. */
void tactus_client_destroy(struct tactus_client *client);

/** Whether the compositor offers tactus-gestures-v1 (and a seat): without it, gestures are made and never happen. */
bool tactus_client_is_available(const struct tactus_client *client);

/** The protocol version in use (1 to 3), or 0 when not available. Diagonal directions and tip-taps need 3. */
uint32_t tactus_client_protocol_version(const struct tactus_client *client);

/** Why the client is not available, or why the last refused call was refused; NULL when there is nothing to say.
 * The text is the client's until its next call. */
const char *tactus_client_problem(const struct tactus_client *client);

/** Called once the compositor has sent every group of one input frame, on all of the client's gestures: a pinch and a
 * rotation of the same fingers are both in when it runs. NULL removes it. */
void tactus_client_set_frame_handler(struct tactus_client *client, void (*handler)(void *data), void *data);

/**
 * Asks the compositor to recognize a gesture of kind on surface, from the devices of seat (NULL: the first seat the
 * compositor offers), and to call handler with data at each step. Its parameters start at the compositor's defaults;
 * it takes part in interactions once committed (tactus_client_gesture_commit). surface may be NULL: the gesture then
 * waits, keeping its parameters and relations, for tactus_client_gesture_set_surface. Returns NULL, saying why in
 * tactus_client_problem, for a kind the protocol does not have, or lacks in the version in use.
 */
struct tactus_client_gesture *tactus_client_gesture_new(struct tactus_client *client, struct wl_surface *surface,
                                                        struct wl_seat *seat, enum tactus_client_kind kind,
                                                        tactus_client_handler handler, void *data);

/** Moves the gesture to another surface, or to none (NULL), as a toolkit's window is hidden and shown with a new
 * wl_surface: its committed parameters, its region and its relations to gestures of the new surface go with it; a
 * gesture running on the old surface ends without further calls. */
void tactus_client_gesture_set_surface(struct tactus_client_gesture *gesture, struct wl_surface *surface);

/** Stops the gesture: a running one ends without further calls, and relations to it are dropped. */
void tactus_client_gesture_destroy(struct tactus_client_gesture *gesture);

enum tactus_client_kind tactus_client_gesture_get_kind(const struct tactus_client_gesture *gesture);
struct wl_surface *tactus_client_gesture_get_surface(const struct tactus_client_gesture *gesture);
void *tactus_client_gesture_get_data(const struct tactus_client_gesture *gesture);

/* The parameters, pending until tactus_client_gesture_commit; each returns false, sending nothing, for a value or a
 * parameter the gesture's kind does not take (tactus_client_problem says which). */

/** 1 to 10 fingers; pinch and rotate 2 to 5. */
bool tactus_client_gesture_set_fingers(struct tactus_client_gesture *gesture, uint32_t fingers);
/** Tap only: 1 to 5 taps. */
bool tactus_client_gesture_set_tap_count(struct tactus_client_gesture *gesture, uint32_t count);
/** Millimetres of finger travel, above 0 and at most 500: the most a tap, long press or tip-tap may travel; the
 * travel before a drag or swipe begins or counts; an edge swipe's travel at which its progress reaches 1. */
bool tactus_client_gesture_set_distance(struct tactus_client_gesture *gesture, double millimetres);
/** 1 to 10000 ms: how long a long press or hold stays, the longest pause between taps, the longest a tip-tap's finger
 * stays down. */
bool tactus_client_gesture_set_duration(struct tactus_client_gesture *gesture, uint32_t milliseconds);
/** Pinch only: the change of scale before it begins, above 0 and below 1. */
bool tactus_client_gesture_set_scale_delta(struct tactus_client_gesture *gesture, double delta);
/** Rotate only: the degrees before it begins, above 0 and at most 180. */
bool tactus_client_gesture_set_angle_delta(struct tactus_client_gesture *gesture, double degrees);
/** Swipe and tip-tap: the directions accepted, a non-empty set of enum tactus_client_direction. */
bool tactus_client_gesture_set_directions(struct tactus_client_gesture *gesture, uint32_t directions);
/** Edge swipe only: the output's edge it comes from. */
bool tactus_client_gesture_set_edge(struct tactus_client_gesture *gesture, enum tactus_client_edge edge);
bool tactus_client_gesture_set_priority(struct tactus_client_gesture *gesture, enum tactus_client_priority priority);
/** Lets the gesture run alongside other, a gesture of the same surface, rather than compete with it. */
bool tactus_client_gesture_recognize_simultaneously_with(struct tactus_client_gesture *gesture,
                                                         struct tactus_client_gesture *other);
/** Makes the gesture wait for other, a gesture of the same surface, to fail. Refused where the two would also run
 * together, or where the waits would go round in a circle: the compositor could never decide. */
bool tactus_client_gesture_require_failure_of(struct tactus_client_gesture *gesture,
                                              struct tactus_client_gesture *other);
/** Drops the relations this gesture asked for, at its next commit. */
void tactus_client_gesture_clear_relations(struct tactus_client_gesture *gesture);
/** Applies the pending parameters from the next interaction on. */
void tactus_client_gesture_commit(struct tactus_client_gesture *gesture);

/** Where interactions may start: count rectangles of the surface (count 0: the whole surface, the default). Like the
 * surface's input region, it takes effect at the surface's next wl_surface.commit. */
bool tactus_client_gesture_set_region(struct tactus_client_gesture *gesture,
                                      const struct tactus_client_rectangle *rectangles, size_t count);

/** Asks that the compositor's own gestures of normal priority not start on rectangles of surface (the compositor
 * caps how much of a surface that may be, by default half). Takes effect at the surface's next commit. Returns NULL,
 * saying why, where the surface already has an exclusion. */
struct tactus_client_exclusion *tactus_client_exclusion_new(struct tactus_client *client, struct wl_surface *surface,
                                                            const struct tactus_client_rectangle *rectangles,
                                                            size_t count);
/** Replaces the excluded rectangles (count 0: none). */
bool tactus_client_exclusion_set_region(struct tactus_client_exclusion *exclusion,
                                        const struct tactus_client_rectangle *rectangles, size_t count);
/** Removes the exclusion at the surface's next commit. */
void tactus_client_exclusion_destroy(struct tactus_client_exclusion *exclusion);

/** Names for logs: "pinch", "began", "lost_to_another_gesture", "up_left" (the protocol's own words), or NULL. */
const char *tactus_client_kind_name(enum tactus_client_kind kind);
const char *tactus_client_phase_name(enum tactus_client_phase phase);
const char *tactus_client_reason_name(enum tactus_client_reason reason);
const char *tactus_client_direction_name(enum tactus_client_direction direction);

#ifdef __cplusplus
}
#endif

#endif
