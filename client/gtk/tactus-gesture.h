/* SPDX-License-Identifier: MIT */
/*
 * tactus-gesture.h: the compositor's gestures on a GTK 4 widget, as GObjects with signals (libtactus-client-gtk,
 * GObject introspection namespace TactusClient 1.0, for C, Python, GJS and Vala alike).
 *
 *     TactusGesture *pinch = tactus_gesture_new(picture, TACTUS_GESTURE_KIND_PINCH);
 *     g_signal_connect(pinch, "changed", G_CALLBACK(on_pinch_changed), state);
 *
 * A gesture follows its widget's window: it is asked for on the window's wl_surface when the widget is mapped, again
 * on the new wl_surface GTK makes when the window is shown again, and only where the widget lies on it (its region
 * follows the widget's bounds). Its events carry positions in the widget's coordinates. Parameters and relations
 * take effect at once. Outside Wayland, or on a compositor without tactus-gestures-v1, the gestures are made and
 * never happen (tactus_gesture_is_available); the application runs on.
 */
#ifndef TACTUS_GESTURE_H
#define TACTUS_GESTURE_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * TactusGestureKind:
 * @TACTUS_GESTURE_KIND_TAP: one or more quick touches; recognized
 * @TACTUS_GESTURE_KIND_LONG_PRESS: fingers held still; recognized
 * @TACTUS_GESTURE_KIND_DRAG: fingers moving together; began, changed, ended
 * @TACTUS_GESTURE_KIND_SWIPE: a quick stroke in one direction; recognized
 * @TACTUS_GESTURE_KIND_EDGE_SWIPE: fingers moving in from an edge of the output; began, changed, ended
 * @TACTUS_GESTURE_KIND_PINCH: fingers spreading or closing; began, changed, ended
 * @TACTUS_GESTURE_KIND_ROTATE: fingers turning; began, changed, ended
 * @TACTUS_GESTURE_KIND_HOLD: fingers resting; began, changed, ended
 * @TACTUS_GESTURE_KIND_TIP_TAP: fingers held while one more taps beside them; recognized
 *
 * What a gesture recognizes.
 */
typedef enum {
	TACTUS_GESTURE_KIND_TAP = 1,
	TACTUS_GESTURE_KIND_LONG_PRESS = 2,
	TACTUS_GESTURE_KIND_DRAG = 3,
	TACTUS_GESTURE_KIND_SWIPE = 4,
	TACTUS_GESTURE_KIND_EDGE_SWIPE = 5,
	TACTUS_GESTURE_KIND_PINCH = 6,
	TACTUS_GESTURE_KIND_ROTATE = 7,
	TACTUS_GESTURE_KIND_HOLD = 8,
	TACTUS_GESTURE_KIND_TIP_TAP = 9,
} TactusGestureKind;

/**
 * TactusGesturePhase:
 * @TACTUS_GESTURE_PHASE_BEGAN: a continuous gesture began
 * @TACTUS_GESTURE_PHASE_CHANGED: a running gesture has new values
 * @TACTUS_GESTURE_PHASE_ENDED: a continuous gesture ended
 * @TACTUS_GESTURE_PHASE_CANCELLED: a continuous gesture was cancelled: undo what it did
 * @TACTUS_GESTURE_PHASE_RECOGNIZED: a discrete gesture happened
 * @TACTUS_GESTURE_PHASE_FAILED: the gesture did not happen, and the reason says why
 *
 * Where a gesture is; each phase has its signal of the same name.
 */
typedef enum {
	TACTUS_GESTURE_PHASE_BEGAN,
	TACTUS_GESTURE_PHASE_CHANGED,
	TACTUS_GESTURE_PHASE_ENDED,
	TACTUS_GESTURE_PHASE_CANCELLED,
	TACTUS_GESTURE_PHASE_RECOGNIZED,
	TACTUS_GESTURE_PHASE_FAILED,
} TactusGesturePhase;

/**
 * TactusGestureReason:
 * @TACTUS_GESTURE_REASON_MOVED_TOO_FAR: a finger travelled farther than the gesture allows
 * @TACTUS_GESTURE_REASON_MOVED_TOO_LITTLE: the fingers did not travel far enough
 * @TACTUS_GESTURE_REASON_TOO_SLOW: the fingers were not fast enough at the end
 * @TACTUS_GESTURE_REASON_TOO_SHORT: the fingers lifted before the minimum duration
 * @TACTUS_GESTURE_REASON_WRONG_FINGER_COUNT: more or fewer fingers than the gesture wants
 * @TACTUS_GESTURE_REASON_WRONG_DIRECTION: the motion went in a direction the gesture does not accept
 * @TACTUS_GESTURE_REASON_OUTSIDE_EDGE_ZONE: the interaction did not start at the edge
 * @TACTUS_GESTURE_REASON_TIMED_OUT: the next tap did not come in time
 * @TACTUS_GESTURE_REASON_LOST_TO_ANOTHER_GESTURE: another gesture, possibly the compositor's, won
 * @TACTUS_GESTURE_REASON_CANCELLED_BY_INPUT: the input stack cancelled the touches
 * @TACTUS_GESTURE_REASON_DEVICE_REMOVED: the device went away
 * @TACTUS_GESTURE_REASON_OTHER: any other reason (the window went, for one)
 * @TACTUS_GESTURE_REASON_UNSUPPORTED_INPUT: the device cannot make this gesture
 * @TACTUS_GESTURE_REASON_UNRESOLVED: the interaction ended with the gesture still undecided
 *
 * Why a gesture failed or was cancelled.
 */
typedef enum {
	TACTUS_GESTURE_REASON_MOVED_TOO_FAR,
	TACTUS_GESTURE_REASON_MOVED_TOO_LITTLE,
	TACTUS_GESTURE_REASON_TOO_SLOW,
	TACTUS_GESTURE_REASON_TOO_SHORT,
	TACTUS_GESTURE_REASON_WRONG_FINGER_COUNT,
	TACTUS_GESTURE_REASON_WRONG_DIRECTION,
	TACTUS_GESTURE_REASON_OUTSIDE_EDGE_ZONE,
	TACTUS_GESTURE_REASON_TIMED_OUT,
	TACTUS_GESTURE_REASON_LOST_TO_ANOTHER_GESTURE,
	TACTUS_GESTURE_REASON_CANCELLED_BY_INPUT,
	TACTUS_GESTURE_REASON_DEVICE_REMOVED,
	TACTUS_GESTURE_REASON_OTHER,
	TACTUS_GESTURE_REASON_UNSUPPORTED_INPUT,
	TACTUS_GESTURE_REASON_UNRESOLVED,
} TactusGestureReason;

/**
 * TactusDirection:
 * @TACTUS_DIRECTION_LEFT: left, as the user sees the output
 * @TACTUS_DIRECTION_RIGHT: right
 * @TACTUS_DIRECTION_UP: up
 * @TACTUS_DIRECTION_DOWN: down
 * @TACTUS_DIRECTION_UP_LEFT: up and to the left
 * @TACTUS_DIRECTION_UP_RIGHT: up and to the right
 * @TACTUS_DIRECTION_DOWN_LEFT: down and to the left
 * @TACTUS_DIRECTION_DOWN_RIGHT: down and to the right
 *
 * Directions of a swipe or of a tip-tap's tap.
 */
typedef enum {
	TACTUS_DIRECTION_LEFT = 1 << 0,
	TACTUS_DIRECTION_RIGHT = 1 << 1,
	TACTUS_DIRECTION_UP = 1 << 2,
	TACTUS_DIRECTION_DOWN = 1 << 3,
	TACTUS_DIRECTION_UP_LEFT = 1 << 4,
	TACTUS_DIRECTION_UP_RIGHT = 1 << 5,
	TACTUS_DIRECTION_DOWN_LEFT = 1 << 6,
	TACTUS_DIRECTION_DOWN_RIGHT = 1 << 7,
} TactusDirection;

/**
 * TactusEdge:
 * @TACTUS_EDGE_LEFT: the output's left edge
 * @TACTUS_EDGE_RIGHT: the output's right edge
 * @TACTUS_EDGE_TOP: the output's top edge
 * @TACTUS_EDGE_BOTTOM: the output's bottom edge
 *
 * The edge of the output an edge swipe comes from.
 */
typedef enum {
	TACTUS_EDGE_LEFT = 1,
	TACTUS_EDGE_RIGHT = 2,
	TACTUS_EDGE_TOP = 3,
	TACTUS_EDGE_BOTTOM = 4,
} TactusEdge;

/**
 * TactusPriority:
 * @TACTUS_PRIORITY_NORMAL: competes; an inner surface's gesture beats an outer one's
 * @TACTUS_PRIORITY_HIGH: beats the window's gestures of normal priority
 * @TACTUS_PRIORITY_SIMULTANEOUS: competes with nothing; runs alongside whatever wins
 *
 * How a gesture ranks against the window's others.
 */
typedef enum {
	TACTUS_PRIORITY_NORMAL,
	TACTUS_PRIORITY_HIGH,
	TACTUS_PRIORITY_SIMULTANEOUS,
} TactusPriority;

/**
 * TactusGestureError:
 * @TACTUS_GESTURE_ERROR_REFUSED: a value out of range, a parameter the gesture's kind does not take, or a relation
 *   the compositor could not honour
 *
 * Errors of #TactusGesture's setters, in the domain TACTUS_GESTURE_ERROR.
 */
typedef enum {
	TACTUS_GESTURE_ERROR_REFUSED,
} TactusGestureError;

#define TACTUS_GESTURE_ERROR (tactus_gesture_error_quark())
GQuark tactus_gesture_error_quark(void);

/**
 * TactusGestureEvent:
 * @phase: where the gesture is
 * @reason: why it failed or was cancelled (those phases only)
 * @serial: the serial of the gesture's began, the same in its changed, ended and cancelled; 0 for failed
 * @time: milliseconds, the input's clock
 * @x: where the fingers are (a drag's location, a pinch's or rotation's anchor), in the widget's coordinates
 * @y: the same, vertically
 * @dx: drag, swipe, edge swipe: horizontal travel since the fingers landed, in logical pixels
 * @dy: the same, vertically
 * @velocity_x: drag, swipe: logical pixels per second
 * @velocity_y: the same, vertically
 * @scale: pinch: the fingers' spread over what it was when they landed; 1 means unchanged
 * @rotation: rotate: degrees clockwise since the fingers landed, cumulative
 * @count: tap: how many taps
 * @fingers: how many fingers make the gesture
 * @direction: swipe, tip-tap: where it went
 * @progress: edge swipe: 0 to 1
 * @start_x: pinch, rotate: where the fingers' centroid started, in the widget's coordinates
 * @start_y: the same, vertically
 * @anchor_x: pinch, rotate: that start as a fraction of the widget's width
 * @anchor_y: the same, of its height
 *
 * One step of a gesture with its values. Values a kind does not have are 0 (scale: 1).
 */
typedef struct {
	TactusGesturePhase phase;
	TactusGestureReason reason;
	guint32 serial;
	guint32 time;
	double x, y;
	double dx, dy;
	double velocity_x, velocity_y;
	double scale;
	double rotation;
	guint count;
	guint fingers;
	TactusDirection direction;
	double progress;
	double start_x, start_y;
	double anchor_x, anchor_y;
} TactusGestureEvent;

#define TACTUS_TYPE_GESTURE_EVENT (tactus_gesture_event_get_type())
GType tactus_gesture_event_get_type(void);
TactusGestureEvent *tactus_gesture_event_copy(const TactusGestureEvent *event);
void tactus_gesture_event_free(TactusGestureEvent *event);

#define TACTUS_TYPE_GESTURE_KIND (tactus_gesture_kind_get_type())
GType tactus_gesture_kind_get_type(void);
#define TACTUS_TYPE_GESTURE_PHASE (tactus_gesture_phase_get_type())
GType tactus_gesture_phase_get_type(void);
#define TACTUS_TYPE_GESTURE_REASON (tactus_gesture_reason_get_type())
GType tactus_gesture_reason_get_type(void);
#define TACTUS_TYPE_DIRECTION (tactus_direction_get_type())
GType tactus_direction_get_type(void);
#define TACTUS_TYPE_EDGE (tactus_edge_get_type())
GType tactus_edge_get_type(void);
#define TACTUS_TYPE_PRIORITY (tactus_priority_get_type())
GType tactus_priority_get_type(void);
#define TACTUS_TYPE_GESTURE_ERROR (tactus_gesture_error_get_type())
GType tactus_gesture_error_get_type(void);

#define TACTUS_TYPE_GESTURE (tactus_gesture_get_type())
G_DECLARE_FINAL_TYPE(TactusGesture, tactus_gesture, TACTUS, GESTURE, GObject)

/**
 * tactus_gesture_new:
 * @widget: the widget the gesture happens on
 * @kind: what it recognizes
 *
 * A gesture on @widget, with the compositor's defaults for its parameters, in force at once. It lives as long as
 * the application holds it (or the widget, which keeps a reference until it is destroyed).
 *
 * Returns: (transfer full): the gesture
 */
TactusGesture *tactus_gesture_new(GtkWidget *widget, TactusGestureKind kind);

/**
 * tactus_gesture_get_widget:
 * @self: the gesture
 *
 * Returns: (transfer none) (nullable): its widget, or %NULL once the widget is destroyed
 */
GtkWidget *tactus_gesture_get_widget(TactusGesture *self);

/**
 * tactus_gesture_get_kind:
 * @self: the gesture
 *
 * Returns: what it recognizes
 */
TactusGestureKind tactus_gesture_get_kind(TactusGesture *self);

/**
 * tactus_gesture_is_available:
 * @self: the gesture
 *
 * Returns: whether the compositor recognizes gestures for the application (tactus-gestures-v1): without it, the
 *   gesture never happens
 */
gboolean tactus_gesture_is_available(TactusGesture *self);

/**
 * tactus_gesture_get_problem:
 * @self: the gesture
 *
 * Returns: (nullable): why the gesture cannot happen (not Wayland, no tactus-gestures-v1), or %NULL
 */
const char *tactus_gesture_get_problem(TactusGesture *self);

/**
 * tactus_gesture_set_fingers:
 * @self: the gesture
 * @fingers: 1 to 10; pinch and rotate 2 to 5
 * @error: where a refusal goes
 *
 * Returns: whether it was taken
 */
gboolean tactus_gesture_set_fingers(TactusGesture *self, guint fingers, GError **error);

/**
 * tactus_gesture_set_tap_count:
 * @self: the gesture, a tap
 * @count: 1 to 5 taps
 * @error: where a refusal goes
 *
 * Returns: whether it was taken
 */
gboolean tactus_gesture_set_tap_count(TactusGesture *self, guint count, GError **error);

/**
 * tactus_gesture_set_distance:
 * @self: the gesture: a tap, long press, drag, swipe, edge swipe or tip-tap
 * @millimetres: above 0 and at most 500: the most a tap, long press or tip-tap may travel, the travel before a drag
 *   or swipe begins or counts, an edge swipe's travel at which its progress reaches 1
 * @error: where a refusal goes
 *
 * Returns: whether it was taken
 */
gboolean tactus_gesture_set_distance(TactusGesture *self, double millimetres, GError **error);

/**
 * tactus_gesture_set_duration:
 * @self: the gesture: a tap, long press, hold or tip-tap
 * @milliseconds: 1 to 10000: how long a long press or hold stays, the longest pause between taps, the longest a
 *   tip-tap's finger stays down
 * @error: where a refusal goes
 *
 * Returns: whether it was taken
 */
gboolean tactus_gesture_set_duration(TactusGesture *self, guint milliseconds, GError **error);

/**
 * tactus_gesture_set_scale_delta:
 * @self: the gesture, a pinch
 * @delta: the change of scale before it begins, above 0 and below 1
 * @error: where a refusal goes
 *
 * Returns: whether it was taken
 */
gboolean tactus_gesture_set_scale_delta(TactusGesture *self, double delta, GError **error);

/**
 * tactus_gesture_set_angle_delta:
 * @self: the gesture, a rotation
 * @degrees: the turn before it begins, above 0 and at most 180
 * @error: where a refusal goes
 *
 * Returns: whether it was taken
 */
gboolean tactus_gesture_set_angle_delta(TactusGesture *self, double degrees, GError **error);

/**
 * tactus_gesture_set_directions:
 * @self: the gesture, a swipe or tip-tap
 * @directions: the directions it accepts, at least one
 * @error: where a refusal goes
 *
 * Returns: whether it was taken
 */
gboolean tactus_gesture_set_directions(TactusGesture *self, TactusDirection directions, GError **error);

/**
 * tactus_gesture_set_edge:
 * @self: the gesture, an edge swipe
 * @edge: the output's edge it comes from
 * @error: where a refusal goes
 *
 * Returns: whether it was taken
 */
gboolean tactus_gesture_set_edge(TactusGesture *self, TactusEdge edge, GError **error);

/**
 * tactus_gesture_set_priority:
 * @self: the gesture
 * @priority: how it ranks against the window's other gestures
 * @error: where a refusal goes
 *
 * Returns: whether it was taken
 */
gboolean tactus_gesture_set_priority(TactusGesture *self, TactusPriority priority, GError **error);

/**
 * tactus_gesture_recognize_simultaneously_with:
 * @self: the gesture
 * @other: another gesture of a widget in the same window
 * @error: where a refusal goes
 *
 * Lets the two run together rather than compete.
 *
 * Returns: whether it was taken
 */
gboolean tactus_gesture_recognize_simultaneously_with(TactusGesture *self, TactusGesture *other, GError **error);

/**
 * tactus_gesture_require_failure_of:
 * @self: the gesture
 * @other: another gesture of a widget in the same window
 * @error: where a refusal goes
 *
 * Makes @self wait for @other to fail (a single tap waiting for a double tap). Refused where the two also run
 * together, or where the waits would go round in a circle.
 *
 * Returns: whether it was taken
 */
gboolean tactus_gesture_require_failure_of(TactusGesture *self, TactusGesture *other, GError **error);

/**
 * tactus_gesture_clear_relations:
 * @self: the gesture
 *
 * Drops the relations @self asked for.
 */
void tactus_gesture_clear_relations(TactusGesture *self);

G_END_DECLS

#endif
