// SPDX-License-Identifier: MIT
/*
 * tactus.h: the C ABI of libtactus, the Tactus gesture engine as a compositor plugin.
 *
 * A compositor creates one plugin for its wl_display with the table of callbacks below, forwards the touch and
 * touchpad events it already receives (shaped like wlroots' wlr_event_touch_* and wlr_event_pointer_swipe_*,
 * pinch_*, hold_* events), and gets gesture recognition, its bindings' actions and the tactus-gestures-v1
 * protocol for its clients.
 *
 * Every call happens on the compositor's thread, the one that runs the display's event loop; the plugin has no
 * thread of its own and runs its timers on that loop. Handles are opaque. A NULL plugin, or one destroyed
 * already, makes every call do nothing and return its "nothing happened" value (TACTUS_DELIVER, 0 or -1 as
 * documented); unknown device or binding ids are refused the same way and logged. (A destroyed handle is known
 * by its address: do not keep one, since a later plugin may be given the same address.)
 *
 * Callbacks may call back. Bindings' actions (run_action) run after the engine step, from the display's event loop
 * (an idle source), so that a compositor's command there may reload the configuration, add or remove devices and
 * bindings, or destroy clients. The other callbacks run inside the plugin's work; a call into the plugin from inside
 * any callback is queued and runs once the callbacks have returned, in the order made, before the event loop
 * sleeps. Its answer comes at once, from what its arguments tell: add_device, remove_device, remove_binding and
 * reload_config answer 0 unless the arguments (or the file, which is read at once) are bad, add_binding the id the
 * binding will have; what the queued call then refuses (an unknown id) is logged. A touch event answers
 * TACTUS_WITHHOLD, and comes through deliver_touch if it is to be delivered. A touchpad gesture event answers
 * TACTUS_DELIVER while the clients are getting its gesture (a binding that takes it over later ends it through
 * cancel_touchpad_gesture), and TACTUS_DROP when it begins one, which the clients then never get. After
 * tactus_plugin_destroy from inside a callback, calls with that handle do nothing and nothing queued runs; the
 * plugin is freed once the event loop is idle.
 *
 * Strings. A string the host passes (a configuration path, a device's name, a binding's action, direction or edge)
 * is read during the call and copied: the host may free it when the call returns. A string the plugin passes to a
 * callback (an action's name, a swipe's direction, a log message, a device's or output's name) lives until the
 * callback returns: a host that keeps it copies it.
 *
 * Growth. Every struct that crosses begins with its size, so that later minor versions can add fields at the end:
 * the host sets .size = sizeof(struct ...) in each struct it passes, and the plugin reads of it only what the size
 * covers, taking the fields the host's header lacked as zero or NULL; a struct that does not reach the fields it
 * needs, or whose size no compiler gives it (not a multiple of its alignment), is refused. Structs the plugin passes
 * carry the plugin's size. Inside structs, values of the enums below travel as uint32_t, whose size no compiler
 * chooses.
 */
#ifndef TACTUS_H
#define TACTUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI this header describes: a major and a minor version, and the two as one number, major << 16 | minor. A
 * libtactus serves a host of its own major version and of its minor version or an older one (a host built against
 * 3.0 loads a libtactus of 3.2, which reads of the host's structs only what they cover); it refuses another major
 * version, and a newer minor one, whose host would count on what the library lacks. tactus_plugin_abi_version says
 * which a library speaks before a host creates a plugin.
 * 3.5: tactus_host.app_id: the application of the window under the fingers, for bindings that name applications.
 * 3.4: tactus_plugin_set_session_locked: while a lock screen holds the session, no binding acts.
 * 3.3: diagonal swipes (tactus_values.direction and tactus_binding.direction take "up_left", "up_right",
 * "down_left" and "down_right") and TACTUS_GESTURE_TIP_TAP. A host of 3.2 or older whose configuration file binds
 * these receives them too: it ignores a kind and a direction it does not know.
 * 3.2: tactus_device.calibration, and one contract for coordinates, transform and size (tactus_device).
 * 3.1: seats (tactus_device.seat, tactus_host.seat_name, tactus_plugin_seat_capabilities).
 * 3.0: sizes at the head of structs, uint32_t for enum values inside them, tactus_plugin_abi_version, decisions for
 * touchpad gestures (their entries' answers, and cancel_touchpad_gesture). (2: where a
 * pinch or rotation started, and a surface's size. 1: the first.) */
#define TACTUS_ABI_MAJOR 3
#define TACTUS_ABI_MINOR 5
#define TACTUS_ABI_VERSION ((uint32_t)TACTUS_ABI_MAJOR << 16 | TACTUS_ABI_MINOR)

/* The library's SONAME, libtactus.so.N with N the ABI's major version, for dlopen: a compositor built for one major
 * version never loads a library of another (libtactus.so, without N, is the development files' link, for linking). */
#define TACTUS_LIBRARY "libtactus.so." TACTUS_STRINGIFY(TACTUS_ABI_MAJOR)
#define TACTUS_STRINGIFY(token) TACTUS_STRINGIFY_TOKEN(token)
#define TACTUS_STRINGIFY_TOKEN(token) #token

struct tactus_plugin;
struct wl_display;
struct wl_resource;
struct libinput_event;

/* What the host does with a client's raw touch event. */
enum tactus_decision {
	TACTUS_DELIVER = 0,  /* send it to the client under the touch now */
	TACTUS_WITHHOLD = 1, /* keep it from the client: the plugin holds it and later delivers or drops it */
	TACTUS_DROP = 2,     /* never send it: a compositor gesture owns the touch, or the event was invalid */
};

enum tactus_phase {
	TACTUS_PHASE_BEGAN = 0,
	TACTUS_PHASE_CHANGED = 1,
	TACTUS_PHASE_ENDED = 2,
	TACTUS_PHASE_CANCELLED = 3,
	TACTUS_PHASE_RECOGNIZED = 4,
	TACTUS_PHASE_FAILED = 5,
};

enum tactus_device_kind {
	TACTUS_DEVICE_TOUCHSCREEN = 1,
	TACTUS_DEVICE_TOUCHPAD = 2,
};

enum tactus_log_level {
	TACTUS_LOG_ERROR = 0,
	TACTUS_LOG_WARNING = 1,
	TACTUS_LOG_INFO = 2,
};

/* Which raw touch event a deferred decision is about. */
enum tactus_touch_type {
	TACTUS_TOUCH_DOWN = 0,
	TACTUS_TOUCH_MOTION = 1,
	TACTUS_TOUCH_UP = 2,
	TACTUS_TOUCH_FRAME = 3,
};

/* A raw touch event that was withheld and is now delivered, with its original time. */
struct tactus_touch {
	uint32_t size;
	uint32_t device;
	uint32_t type;     /* enum tactus_touch_type */
	uint32_t time_msec;
	int32_t touch_id;  /* not for frames */
	double x, y;       /* normalized to the device, 0...1; down and motion only */
};

/* A client surface under a layout point: its wl_surface resource, its top-left corner and its size in layout pixels.
 * The plugin lays out the hits for the host's minor version and sets their size; the host fills the rest. */
struct tactus_surface_hit {
	uint32_t size;
	struct wl_resource *surface;
	double origin_x, origin_y;
	/* 0 when unknown: pinches and rotations on the surface then tell its clients no start anchor, and the surface's
	 * exclusion region is ignored (the [clients] exclusion-limit, a share of the surface's area, cannot be kept). */
	double width, height;
};

struct tactus_rect {
	double x, y, width, height;
};

/* The values of a binding's gesture when its action runs; fields that the gesture kind lacks are 0. */
struct tactus_values {
	uint32_t size;
	double x, y;          /* location or anchor, layout pixels */
	double dx, dy;        /* translation, layout pixels */
	double scale;         /* pinch: 1 unchanged */
	double rotation;      /* rotate: degrees clockwise */
	uint32_t fingers;
	uint32_t count;       /* taps */
	const char *direction; /* swipe, where it went; tip-tap, where the tap landed from the held fingers: "left",
	                        * "right", "up", "down", "up_left", "up_right", "down_left", "down_right" (3.3);
	                        * otherwise NULL */
	/* Pinch, rotate: where the fingers' centroid was when all of them were down, layout pixels; and that point as
	 * fractions of the output region a touchscreen maps to (0, 0 its top-left corner, 1, 1 its bottom-right), when
	 * has_anchor: a touchpad's gestures have no region, so no anchor. */
	double start_x, start_y;
	double anchor_x, anchor_y;
	bool has_anchor;
};

/* What the compositor does for the plugin. Any callback may be NULL, or lie beyond the size: the plugin then does
 * without. */
struct tactus_host {
	uint32_t size; /* sizeof(struct tactus_host) */
	void *data;    /* passed to every callback */
	/* Writes the surfaces under (x, y) in layout pixels into hits, front first (the surface and the surfaces it
	 * is a subsurface of, never another client's window it covers), at most capacity; returns how many there are,
	 * which may be more (the plugin then uses the first capacity and logs that it did, once: so does a C error return
	 * such as (size_t)-1, a count like any other). */
	size_t (*surfaces_at)(void *data, double x, double y, struct tactus_surface_hit *hits, size_t capacity);
	/* Where the pointer is, in layout pixels: touchpad gestures go to the surface there. */
	void (*pointer_location)(void *data, double *x, double *y);
	/* The rectangles of a wl_region resource a client passed (surface-local pixels), at most capacity; returns how
	 * many the region has, which may be more (the plugin then uses the first capacity and logs that it did, once, as
	 * for (size_t)-1).
	 * NULL: the plugin cannot read regions and takes each as the whole surface, so a client's gesture with a region
	 * starts anywhere on its surface and its exclusion region covers as much of it as the exclusion limit allows. */
	size_t (*region_rectangles)(void *data, struct wl_resource *region, struct tactus_rect *rects, size_t capacity);
	/* The client already received touches of an interaction a compositor gesture took over: send it
	 * wl_touch.cancel and ignore the rest of that touch sequence. */
	void (*cancel_touches)(void *data, uint32_t device);
	/* A withheld touch event may go to the client now, in order, with its original time. */
	void (*deliver_touch)(void *data, const struct tactus_touch *touch);
	/* A binding's host action runs: its name, the phase, progress 0...1 and the values. Bindings run at the end
	 * (recognized, ended); live ones also at began, on every change and at cancelled (undo). Progress is an
	 * edge swipe's own; for other kinds 0 until the end, 1 at ended or recognized. Called from the display's event
	 * loop once the engine step that made it is over, in order; the host may call into the plugin from here. */
	void (*run_action)(void *data, const char *name, enum tactus_phase phase, double progress,
	                   const struct tactus_values *values);
	/* A message for the compositor's log. */
	void (*log)(void *data, enum tactus_log_level level, const char *message);
	/* For devices the plugin learns from tactus_plugin_handle_libinput_event: the output region (layout pixels) a
	 * device maps to, and the wl_output_transform still to apply to libinput's calibrated coordinates (tactus_device
	 * says what that is; 0 where the calibration matrix turns them), from its name and the output udev assigned it
	 * (WL_OUTPUT, may be NULL); returns false when the host does not know (the plugin then assumes 0,0 1920x1080).
	 * The plugin reads the size and the calibration matrix from libinput itself, the matrix again at every touch
	 * down: a device calibrated anew is announced again (what it had in flight ends). */
	bool (*device_output)(void *data, const char *device_name, const char *output_name, struct tactus_rect *region,
	                      uint32_t *transform);
	/* A compositor binding took over a touchpad gesture that clients were getting: end it for the client under the
	 * pointer as cancelled (zwp_pointer_gestures_v1's end with cancelled set) and forward nothing more of it; its
	 * later events return TACTUS_DROP. */
	void (*cancel_touchpad_gesture)(void *data, uint32_t device);
	/* The name of the seat a client's wl_seat resource stands for, as tactus_device.seat names seats (wlroots:
	 * wlr_seat_client_from_resource(seat)->seat->name), or NULL when that seat is gone (the resource is inert).
	 * A client's gesture objects recognize input from that seat's devices alone. NULL callback, as for hosts of
	 * ABI 3.0: every wl_seat stands for "seat0". (3.1) */
	const char *(*seat_name)(void *data, struct wl_resource *seat);
	/* The app id of the window a client surface (from surfaces_at) belongs to: its xdg_toplevel's app_id, that of the
	 * toplevel a popup or subsurface belongs to, or NULL when it has none (a layer surface, a window that set none).
	 * The plugin asks it of the surfaces under an interaction's start, front first, until one names an application:
	 * bindings with app-id or not-app-id act by it (tactus-config(5)). NULL callback, as for hosts of ABI 3.4 and
	 * older: no window names an application, so a binding with app-id never acts (the log says so once). (3.5) */
	const char *(*app_id)(void *data, struct wl_resource *surface);
};

/* A touch device, mapped onto an output region of the layout.
 *
 * Coordinates, transform and size: one contract. A touchscreen's x, y (the touch entries') are normalized to the
 * device, 0...1 on each axis, as the host has them: wlroots passes libinput's, which libinput has already turned
 * by the device's calibration matrix. From them to the output as the user sees it:
 *   1. calibration: the matrix libinput already applied to x, y (tells the plugin along which axes they run);
 *   2. transform: the turn still to apply to x, y, as a wl_output_transform value: 0 none; 1, 2, 3 a quarter, a
 *      half, three quarters clockwise (1: the device's top edge lies along the output's right edge, x' = 1 - y,
 *      y' = x, which is libinput's 90° matrix); 4...7 mirror x first (x = 1 - x), then turn as 0...3; then
 *   3. output: x 0...1 spans the region's width, y its height.
 * wlroots maps touches onto the output's box without the output's transform, so a wlroots host passes transform
 * 0, and the user of a rotated output turns the touches with libinput's calibration matrix (udev's
 * LIBINPUT_CALIBRATION_MATRIX, sway's calibration_matrix): pass that matrix here, as libinput has it. width_mm and
 * height_mm are the sensor's size along its own axes, as libinput_device_get_size gives them: the plugin measures
 * it along the calibrated x and y itself (a quarter-turn calibration swaps the sides), so that millimetres are
 * right whichever way the device is mounted. */
struct tactus_device {
	uint32_t size;                /* sizeof(struct tactus_device) */
	uint32_t id;                  /* the host's number for it, unique among its devices */
	uint32_t kind;                /* enum tactus_device_kind */
	const char *name;             /* may be NULL */
	double width_mm, height_mm;   /* the sensor's size along its own axes; 0 when unknown (96 dpi is assumed, logged) */
	struct tactus_rect output;    /* touchscreens: the output region it maps to, layout pixels */
	uint32_t transform;           /* touchscreens: the wl_output_transform still to apply to x, y (0 ... 7) */
	/* The seat it belongs to, by name (a wlr_seat's, libinput's logical seat); NULL: "seat0". Devices of different
	 * seats never form one gesture, and each seat's devices drive only the gestures clients made for that seat
	 * (compositor bindings take every seat's). Announcing a device again with another seat replaces it. (3.1) */
	const char *seat;
	/* Touchscreens: the calibration matrix already applied to x, y, libinput's six numbers (a b c d e f: x' = a x +
	 * b y + c, y' = d x + e y + f), as libinput_device_config_calibration_get_matrix gives them. All zero (a host
	 * of 3.1 or older, or none known): the identity. A matrix that folds the device onto a line is refused. (3.2) */
	float calibration[6];
};

enum tactus_gesture_kind {
	TACTUS_GESTURE_TAP = 1,
	TACTUS_GESTURE_LONG_PRESS = 2,
	TACTUS_GESTURE_DRAG = 3,
	TACTUS_GESTURE_SWIPE = 4,
	TACTUS_GESTURE_EDGE_SWIPE = 5,
	TACTUS_GESTURE_PINCH = 6,
	TACTUS_GESTURE_ROTATE = 7,
	TACTUS_GESTURE_HOLD = 8,
	TACTUS_GESTURE_TIP_TAP = 9, /* 3.3 */
};

enum tactus_policy {
	TACTUS_POLICY_WITHHOLD = 0,
	TACTUS_POLICY_FORWARD_THEN_CANCEL = 1,
};

enum tactus_priority {
	TACTUS_PRIORITY_NORMAL = 0,
	TACTUS_PRIORITY_HIGH = 1,
	TACTUS_PRIORITY_SIMULTANEOUS = 2,
};

/* A compositor binding. Zero fields take the gesture's defaults. */
struct tactus_binding {
	uint32_t size;                 /* sizeof(struct tactus_binding) */
	const char *action;            /* the name run_action receives */
	uint32_t kind;                 /* enum tactus_gesture_kind */
	uint32_t fingers;
	uint32_t count;                /* taps */
	const char *direction;         /* swipes and tip-taps: one direction of tactus_values.direction; NULL: a swipe
	                                * along any axis, a tip-tap on any side */
	const char *edge;              /* edge swipes: "left", "right", "top", "bottom" */
	double distance_mm;
	uint32_t modifiers;            /* TACTUS_MODIFIER_* that must be held */
	uint32_t policy;               /* enum tactus_policy */
	uint32_t priority;             /* enum tactus_priority */
	bool live;                     /* run the action on every change, not only at the end */
};

#define TACTUS_MODIFIER_SHIFT (1u << 0)
#define TACTUS_MODIFIER_CTRL  (1u << 1)
#define TACTUS_MODIFIER_ALT   (1u << 2)
#define TACTUS_MODIFIER_SUPER (1u << 3)

/*
 * The entry points, each declared once in this list as X(name, return type, (parameters)): the header declares
 * tactus_plugin_<name> from it just below, and struct tactus_plugin_entries, the table of function pointers a
 * compositor that loads libtactus with dlopen fills by looking each one up by its name:
 *
 *   struct tactus_plugin_entries tactus;
 *   #define LOOK_UP(name, type, parameters) *(void **)&tactus.name = dlsym(library, "tactus_plugin_" #name);
 *   TACTUS_PLUGIN_ENTRY_POINTS(LOOK_UP)
 *
 * so that the table and the library cannot disagree on a name or a type.
 */
#define TACTUS_PLUGIN_ENTRY_POINTS(X)                                                                                  \
	/* The ABI the library speaks: the TACTUS_ABI_VERSION of the header it was built from. */                          \
	X(abi_version, uint32_t, (void))                                                                                   \
	/* Creates the plugin on display: its timers go on the display's event loop and the tactus-gestures-v1 global      \
	 * is created there. abi_version is TACTUS_ABI_VERSION; host is copied. config_path names the configuration        \
	 * file (NULL: the user's, $XDG_CONFIG_HOME/tactus/config.toml or ~/.config/tactus/config.toml, else the first     \
	 * system-wide one of $XDG_CONFIG_DIRS or /etc/xdg, looked up at each reload); a missing file means built-in       \
	 * defaults; a bad one is logged with its file and line, and the plugin runs with built-in defaults.               \
	 * Returns NULL, after logging why through host->log, when it cannot. */                                           \
	X(create, struct tactus_plugin *,                                                                                  \
	  (uint32_t abi_version, struct wl_display *display, const struct tactus_host *host, const char *config_path))     \
	/* Destroys the plugin, before the display. NULL is ignored. The touch events it still withholds go to their      \
	 * clients first, through deliver_touch, in order (no client gets the rest of a touch without its beginning);     \
	 * no callback runs after it. From inside a touch entry's callback, that entry answers TACTUS_DELIVER for its     \
	 * own event unless it was withheld before, and so delivered with the others. The bindings' gestures in progress  \
	 * are cancelled, and their cancelled exec commands start (after the gesture's last command, a second at most:    \
	 * destroy may wait that long, or from inside a callback, the event loop once idle, before it frees the plugin);  \
	 * the commands that still run then (an application a gesture started) go on running, and the compositor, their   \
	 * parent, reaps them. */                                                                                         \
	X(destroy, void, (struct tactus_plugin *plugin))                                                                   \
                                                                                                                    \
	/* Devices: 0 on success, -1 for NULL arguments, a struct smaller than ABI 3.0's, an unknown id, a kind or         \
	 * transform out of range, a calibration that is not finite or folds the device onto a line. Adding an id that     \
	 * exists with only another output region or transform moves the device there (its monitor went, the layout       \
	 * changed): what it has in flight goes on, mapped the new way from its next event. Adding one with another kind,  \
	 * name, or size along its calibrated axes replaces the device (what it had in flight is cancelled). */            \
	X(add_device, int, (struct tactus_plugin *plugin, const struct tactus_device *device))                             \
	X(remove_device, int, (struct tactus_plugin *plugin, uint32_t device))                                             \
                                                                                                                    \
	/* Touchscreen events, as wlroots delivers them (x, y normalized to the device). Each returns what to do with      \
	 * that event for the client; later decisions arrive through deliver_touch and cancel_touches. */                  \
	X(touch_down, enum tactus_decision,                                                                                \
	  (struct tactus_plugin *plugin, uint32_t device, uint32_t time_msec, int32_t touch_id, double x, double y))       \
	X(touch_motion, enum tactus_decision,                                                                              \
	  (struct tactus_plugin *plugin, uint32_t device, uint32_t time_msec, int32_t touch_id, double x, double y))       \
	X(touch_up, enum tactus_decision,                                                                                  \
	  (struct tactus_plugin *plugin, uint32_t device, uint32_t time_msec, int32_t touch_id))                           \
	/* Cancels the device's whole interaction, as libinput cancels all of a device's touches together; touch_id is     \
	 * for the host's bookkeeping. */                                                                                  \
	X(touch_cancel, void, (struct tactus_plugin *plugin, uint32_t device, uint32_t time_msec, int32_t touch_id))       \
	X(touch_frame, enum tactus_decision, (struct tactus_plugin *plugin, uint32_t device))                              \
                                                                                                                    \
	/* Touchpad gestures, as wlroots delivers them (dx, dy unaccelerated, in the touchpad's units of libinput). Each   \
	 * returns whether the host forwards that event to clients (zwp_pointer_gestures_v1): TACTUS_DELIVER, or           \
	 * TACTUS_DROP for a gesture a compositor binding keeps (one that withholds and may take it, or has taken it).     \
	 * A gesture delivered at its begin that a binding takes over later (one that forwards, then cancels) is ended     \
	 * for clients through cancel_touchpad_gesture; its later events return TACTUS_DROP. */                            \
	X(swipe_begin, enum tactus_decision, (struct tactus_plugin *plugin, uint32_t device, uint32_t time_msec,           \
	                                      uint32_t fingers))                                                           \
	X(swipe_update, enum tactus_decision,                                                                              \
	  (struct tactus_plugin *plugin, uint32_t device, uint32_t time_msec, double dx, double dy))                       \
	X(swipe_end, enum tactus_decision, (struct tactus_plugin *plugin, uint32_t device, uint32_t time_msec,             \
	                                    bool cancelled))                                                               \
	X(pinch_begin, enum tactus_decision, (struct tactus_plugin *plugin, uint32_t device, uint32_t time_msec,           \
	                                      uint32_t fingers))                                                           \
	X(pinch_update, enum tactus_decision,                                                                              \
	  (struct tactus_plugin *plugin, uint32_t device, uint32_t time_msec, double dx, double dy, double scale,          \
	   double rotation))                                                                                               \
	X(pinch_end, enum tactus_decision, (struct tactus_plugin *plugin, uint32_t device, uint32_t time_msec,             \
	                                    bool cancelled))                                                               \
	X(hold_begin, enum tactus_decision, (struct tactus_plugin *plugin, uint32_t device, uint32_t time_msec,            \
	                                     uint32_t fingers))                                                            \
	X(hold_end, enum tactus_decision, (struct tactus_plugin *plugin, uint32_t device, uint32_t time_msec,              \
	                                   bool cancelled))                                                                \
	                                                                                                                   \
	/* For compositors that hold libinput themselves: one libinput event, whole (device added or removed, touch,       \
	 * touchpad gesture, keyboard key; pointer events are ignored). Devices learnt this way are numbered from          \
	 * 0x80000000 and placed through device_output; keys update the modifiers through xkbcommon. Returns the           \
	 * decision for a touch or touchpad gesture event, as its entry above would, TACTUS_DELIVER for the others. The    \
	 * event stays the caller's to destroy. */                                                                         \
	X(handle_libinput_event, enum tactus_decision, (struct tactus_plugin *plugin, struct libinput_event *event))       \
                                                                                                                    \
	/* The keyboard modifiers held now (TACTUS_MODIFIER_*). */                                                         \
	X(set_modifiers, void, (struct tactus_plugin *plugin, uint32_t modifiers))                                         \
                                                                                                                    \
	/* A client surface committed its state (tactus-gestures-v1 gesture and exclusion regions take effect). */         \
	X(surface_committed, void, (struct tactus_plugin *plugin, struct wl_resource *surface))                            \
	/* A seat's capabilities changed (WL_SEAT_CAPABILITY_* as wl_seat sends them), or the seat is gone (0): the        \
	 * gesture objects clients made for a seat with neither pointer nor touch become inert for good (a running         \
	 * gesture is cancelled first). A seat the host never named has every capability. (3.1) */                         \
	X(seat_capabilities, void, (struct tactus_plugin *plugin, const char *seat, uint32_t capabilities))                \
                                                                                                                    \
	/* The session is locked (true) or unlocked (false): a lock screen holds input (wlroots 0.15's input inhibitor      \
	 * while a client has it active; ext-session-lock-v1 from its lock until its unlock, not its client's end). While  \
	 * locked, no binding acts: the bindings (the file's and those added here) take no part in recognition, so no      \
	 * exec command, host action or step of a sequence runs, and clients' gestures no binding competes with (the lock  \
	 * screen's own) recognize as usual; keeping other clients' surfaces out of surfaces_at stays the host's. A        \
	 * binding's gesture in progress when the lock comes is cancelled then; host actions that waited for the event     \
	 * loop since before the lock do not run, but a live binding whose began run_action had gets cancelled, once (what \
	 * began ends). What a sequence had reached is forgotten. Bindings added or reloaded while locked wait. Unlocked,   \
	 * the bindings take part again from the next touch, and nothing of what happened while locked runs late. A new   \
	 * plugin is unlocked. (3.4) */                                                                                     \
	X(set_session_locked, void, (struct tactus_plugin *plugin, bool locked))                                           \
                                                                                                                    \
	/* Reads the configuration file again: its bindings replace those it declared before. Returns 0, or -1 (logged     \
	 * with file and line) when the file is bad, and the configuration in force stays. */                              \
	X(reload_config, int, (struct tactus_plugin *plugin))                                                              \
                                                                                                                    \
	/* Bindings: add returns a positive id, or -1 (logged) for a NULL, too small or impossible binding; the binding    \
	 * runs the host action named by its action field. remove returns 0, or -1 for an unknown id or one from the       \
	 * configuration file. */                                                                                          \
	X(add_binding, int32_t, (struct tactus_plugin *plugin, const struct tactus_binding *binding))                      \
	X(remove_binding, int, (struct tactus_plugin *plugin, int32_t binding))

#define TACTUS_PLUGIN_DECLARE(name, type, parameters) type tactus_plugin_##name parameters;
TACTUS_PLUGIN_ENTRY_POINTS(TACTUS_PLUGIN_DECLARE)
#undef TACTUS_PLUGIN_DECLARE

/* For compositors that load libtactus with dlopen: one pointer per entry point, named as the entry point without
 * its tactus_plugin_ prefix (entries.touch_down is tactus_plugin_touch_down). */
struct tactus_plugin_entries {
#define TACTUS_PLUGIN_ENTRY_POINTER(name, type, parameters) type (*name) parameters;
	TACTUS_PLUGIN_ENTRY_POINTS(TACTUS_PLUGIN_ENTRY_POINTER)
#undef TACTUS_PLUGIN_ENTRY_POINTER
};

#ifdef __cplusplus
}
#endif

#endif
