/* SPDX-License-Identifier: MIT */
/* TactusGesture: libtactus-client's gesture on a GTK 4 widget. It follows the widget's window onto each wl_surface GTK
 * makes for it (GTK 4 destroys a window's wl_surface when it is hidden and makes another when it is shown), keeps its
 * region to the widget's bounds on that surface, and turns the surface's coordinates into the widget's. */
#include <math.h>

#include <gdk/wayland/gdkwayland.h>

#include "tactus-client.h"
#include "tactus-gesture.h"

struct _TactusGesture {
	GObject parent;
	GtkWidget *widget;                     /* weak: NULL once it is destroyed */
	GdkDisplay *display;                   /* whose connection the gesture uses */
	TactusGestureKind kind;
	struct tactus_client_gesture *gesture; /* NULL outside Wayland */
	GdkSurface *surface;                   /* the window's surface while the widget is mapped */
	gulong after_paint;                    /* on the surface's frame clock: the widget may have moved */
	struct tactus_client_rectangle bounds; /* the region last given: the widget on the surface */
	char *problem;                         /* why no gesture can happen, or NULL */
};

G_DEFINE_FINAL_TYPE(TactusGesture, tactus_gesture, G_TYPE_OBJECT)
G_DEFINE_BOXED_TYPE(TactusGestureEvent, tactus_gesture_event, tactus_gesture_event_copy, tactus_gesture_event_free)
G_DEFINE_QUARK(tactus-gesture-error-quark, tactus_gesture_error)

G_DEFINE_ENUM_TYPE(TactusGestureKind, tactus_gesture_kind,
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_KIND_TAP, "tap"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_KIND_LONG_PRESS, "long-press"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_KIND_DRAG, "drag"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_KIND_SWIPE, "swipe"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_KIND_EDGE_SWIPE, "edge-swipe"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_KIND_PINCH, "pinch"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_KIND_ROTATE, "rotate"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_KIND_HOLD, "hold"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_KIND_TIP_TAP, "tip-tap"))

G_DEFINE_ENUM_TYPE(TactusGesturePhase, tactus_gesture_phase,
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_PHASE_BEGAN, "began"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_PHASE_CHANGED, "changed"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_PHASE_ENDED, "ended"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_PHASE_CANCELLED, "cancelled"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_PHASE_RECOGNIZED, "recognized"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_PHASE_FAILED, "failed"))

G_DEFINE_ENUM_TYPE(TactusGestureReason, tactus_gesture_reason,
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_REASON_MOVED_TOO_FAR, "moved-too-far"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_REASON_MOVED_TOO_LITTLE, "moved-too-little"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_REASON_TOO_SLOW, "too-slow"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_REASON_TOO_SHORT, "too-short"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_REASON_WRONG_FINGER_COUNT, "wrong-finger-count"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_REASON_WRONG_DIRECTION, "wrong-direction"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_REASON_OUTSIDE_EDGE_ZONE, "outside-edge-zone"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_REASON_TIMED_OUT, "timed-out"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_REASON_LOST_TO_ANOTHER_GESTURE, "lost-to-another-gesture"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_REASON_CANCELLED_BY_INPUT, "cancelled-by-input"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_REASON_DEVICE_REMOVED, "device-removed"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_REASON_OTHER, "other"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_REASON_UNSUPPORTED_INPUT, "unsupported-input"),
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_REASON_UNRESOLVED, "unresolved"))

G_DEFINE_FLAGS_TYPE(TactusDirection, tactus_direction,
	G_DEFINE_ENUM_VALUE(TACTUS_DIRECTION_LEFT, "left"),
	G_DEFINE_ENUM_VALUE(TACTUS_DIRECTION_RIGHT, "right"),
	G_DEFINE_ENUM_VALUE(TACTUS_DIRECTION_UP, "up"),
	G_DEFINE_ENUM_VALUE(TACTUS_DIRECTION_DOWN, "down"),
	G_DEFINE_ENUM_VALUE(TACTUS_DIRECTION_UP_LEFT, "up-left"),
	G_DEFINE_ENUM_VALUE(TACTUS_DIRECTION_UP_RIGHT, "up-right"),
	G_DEFINE_ENUM_VALUE(TACTUS_DIRECTION_DOWN_LEFT, "down-left"),
	G_DEFINE_ENUM_VALUE(TACTUS_DIRECTION_DOWN_RIGHT, "down-right"))

G_DEFINE_ENUM_TYPE(TactusEdge, tactus_edge,
	G_DEFINE_ENUM_VALUE(TACTUS_EDGE_LEFT, "left"),
	G_DEFINE_ENUM_VALUE(TACTUS_EDGE_RIGHT, "right"),
	G_DEFINE_ENUM_VALUE(TACTUS_EDGE_TOP, "top"),
	G_DEFINE_ENUM_VALUE(TACTUS_EDGE_BOTTOM, "bottom"))

G_DEFINE_ENUM_TYPE(TactusPriority, tactus_priority,
	G_DEFINE_ENUM_VALUE(TACTUS_PRIORITY_NORMAL, "normal"),
	G_DEFINE_ENUM_VALUE(TACTUS_PRIORITY_HIGH, "high"),
	G_DEFINE_ENUM_VALUE(TACTUS_PRIORITY_SIMULTANEOUS, "simultaneous"))

G_DEFINE_ENUM_TYPE(TactusGestureError, tactus_gesture_error,
	G_DEFINE_ENUM_VALUE(TACTUS_GESTURE_ERROR_REFUSED, "refused"))

/* GObject introspection needs the enums declared with their GTypes in the header it reads: they are the C library's,
 * value for value, and passed on by casting. */
G_STATIC_ASSERT(TACTUS_GESTURE_KIND_TIP_TAP == (int)TACTUS_CLIENT_TIP_TAP);
G_STATIC_ASSERT(TACTUS_GESTURE_PHASE_FAILED == (int)TACTUS_CLIENT_FAILED);
G_STATIC_ASSERT(TACTUS_GESTURE_REASON_UNRESOLVED == (int)TACTUS_CLIENT_REASON_UNRESOLVED);
G_STATIC_ASSERT(TACTUS_DIRECTION_DOWN_RIGHT == (int)TACTUS_CLIENT_DOWN_RIGHT);
G_STATIC_ASSERT(TACTUS_EDGE_BOTTOM == (int)TACTUS_CLIENT_EDGE_BOTTOM);
G_STATIC_ASSERT(TACTUS_PRIORITY_SIMULTANEOUS == (int)TACTUS_CLIENT_PRIORITY_SIMULTANEOUS);

enum { SIGNAL_BEGAN, SIGNAL_CHANGED, SIGNAL_ENDED, SIGNAL_CANCELLED, SIGNAL_RECOGNIZED, SIGNAL_FAILED, SIGNAL_COUNT };
static guint signals[SIGNAL_COUNT];

TactusGestureEvent *tactus_gesture_event_copy(const TactusGestureEvent *event) {
	return g_memdup2(event, sizeof *event);
}

void tactus_gesture_event_free(TactusGestureEvent *event) {
	g_free(event);
}

/* --- The connection, one per display ------------------------------------------------------------------------------ */

/* The display's tactus_client, made by its first gesture and kept while gestures use it. */
struct connection {
	struct tactus_client *client;
	char *problem; /* why it is not available, as it said at the start */
	guint users;
};

static const char connection_key[] = "tactus-client-connection";

static struct connection *connection_of(GdkDisplay *display) {
	struct connection *connection = g_object_get_data(G_OBJECT(display), connection_key);
	if (!connection) {
		connection = g_new0(struct connection, 1);
		if (GDK_IS_WAYLAND_DISPLAY(display)) {
			connection->client = tactus_client_new(gdk_wayland_display_get_wl_display(display));
			if (!tactus_client_is_available(connection->client))
				connection->problem = g_strdup(tactus_client_problem(connection->client));
		} else {
			connection->problem = g_strdup("not a Wayland display: the compositor's gestures need Wayland");
		}
		g_object_set_data(G_OBJECT(display), connection_key, connection);
	}
	connection->users++;
	return connection;
}

static void connection_release(GdkDisplay *display) {
	struct connection *connection = g_object_get_data(G_OBJECT(display), connection_key);
	if (!connection || --connection->users > 0)
		return;
	g_object_set_data(G_OBJECT(display), connection_key, NULL);
	tactus_client_destroy(connection->client);
	g_free(connection->problem);
	g_free(connection);
}

/* --- Coordinates -------------------------------------------------------------------------------------------------- */

/* A point of the window's surface in the widget's coordinates. */
static graphene_point_t widget_point(TactusGesture *self, double x, double y) {
	GtkNative *native = gtk_widget_get_native(self->widget);
	double dx = 0, dy = 0;
	if (!native)
		return GRAPHENE_POINT_INIT(x, y);
	gtk_native_get_surface_transform(native, &dx, &dy);
	graphene_point_t point = GRAPHENE_POINT_INIT(x - dx, y - dy), in_widget = point;
	if (!gtk_widget_compute_point(GTK_WIDGET(native), self->widget, &point, &in_widget))
		in_widget = point;
	return in_widget;
}

/* The widget's bounds on the window's surface, in whole pixels that cover it. */
static struct tactus_client_rectangle widget_bounds(TactusGesture *self) {
	GtkNative *native = gtk_widget_get_native(self->widget);
	double dx = 0, dy = 0;
	graphene_rect_t bounds;
	if (!native)
		return (struct tactus_client_rectangle){0};
	gtk_native_get_surface_transform(native, &dx, &dy);
	if (!gtk_widget_compute_bounds(self->widget, GTK_WIDGET(native), &bounds))
		return (struct tactus_client_rectangle){0};
	double left = floor(bounds.origin.x + dx), top = floor(bounds.origin.y + dy);
	return (struct tactus_client_rectangle){
		.x = (int32_t)left, .y = (int32_t)top,
		.width = (int32_t)(ceil(bounds.origin.x + dx + bounds.size.width) - left),
		.height = (int32_t)(ceil(bounds.origin.y + dy + bounds.size.height) - top),
	};
}

/* --- Events ------------------------------------------------------------------------------------------------------- */

static void on_event(struct tactus_client_gesture *gesture, const struct tactus_client_event *event, void *data) {
	(void)gesture;
	TactusGesture *self = data;
	if (!self->widget)
		return;
	graphene_point_t at = widget_point(self, event->x, event->y);
	graphene_point_t start = widget_point(self, event->start_x, event->start_y);
	int width = gtk_widget_get_width(self->widget), height = gtk_widget_get_height(self->widget);
	bool started = event->values & TACTUS_CLIENT_HAS_START_LOCATION;
	TactusGestureEvent values = {
		.phase = (TactusGesturePhase)event->phase,
		.reason = (TactusGestureReason)event->reason,
		.serial = event->serial,
		.time = event->time,
		.x = event->values & TACTUS_CLIENT_HAS_LOCATION ? at.x : 0,
		.y = event->values & TACTUS_CLIENT_HAS_LOCATION ? at.y : 0,
		.dx = event->dx,
		.dy = event->dy,
		.velocity_x = event->velocity_x,
		.velocity_y = event->velocity_y,
		.scale = event->values & TACTUS_CLIENT_HAS_SCALE ? event->scale : 1,
		.rotation = event->rotation,
		.count = event->count,
		.fingers = event->fingers,
		.direction = (TactusDirection)event->direction,
		.progress = event->progress,
		.start_x = started ? start.x : 0,
		.start_y = started ? start.y : 0,
		.anchor_x = started && width > 0 ? start.x / width : 0,
		.anchor_y = started && height > 0 ? start.y / height : 0,
	};
	g_object_ref(self);
	g_signal_emit(self, signals[event->phase], 0, &values);
	g_object_unref(self);
}

/* --- Following the widget ---------------------------------------------------------------------------------------- */

/* The region follows the widget's bounds, checked after each painted frame; the new one takes effect at the surface's
 * next commit, which the redraw asked for here brings. */
static void keep_region(TactusGesture *self) {
	struct tactus_client_rectangle bounds = widget_bounds(self);
	if (memcmp(&bounds, &self->bounds, sizeof bounds) == 0 || bounds.width <= 0 || bounds.height <= 0)
		return;
	self->bounds = bounds;
	tactus_client_gesture_set_region(self->gesture, &bounds, 1);
	gtk_widget_queue_draw(self->widget);
}

static void on_after_paint(GdkFrameClock *clock, TactusGesture *self) {
	(void)clock;
	if (self->widget)
		keep_region(self);
}

static void leave_surface(TactusGesture *self) {
	if (!self->surface)
		return;
	g_clear_signal_handler(&self->after_paint, gdk_surface_get_frame_clock(self->surface));
	g_clear_object(&self->surface);
	self->bounds = (struct tactus_client_rectangle){0};
	tactus_client_gesture_set_surface(self->gesture, NULL);
}

static void on_map(GtkWidget *widget, TactusGesture *self) {
	GdkSurface *surface = gtk_native_get_surface(gtk_widget_get_native(widget));
	if (!self->gesture || !GDK_IS_WAYLAND_SURFACE(surface) || surface == self->surface)
		return;
	leave_surface(self);
	self->surface = g_object_ref(surface);
	tactus_client_gesture_set_surface(self->gesture, gdk_wayland_surface_get_wl_surface(surface));
	self->after_paint = g_signal_connect(gdk_surface_get_frame_clock(surface), "after-paint",
	                                     G_CALLBACK(on_after_paint), self);
	keep_region(self);
}

static void on_unmap(GtkWidget *widget, TactusGesture *self) {
	(void)widget;
	leave_surface(self);
}

static void on_widget_gone(gpointer data, GObject *widget) {
	(void)widget;
	TactusGesture *self = data;
	self->widget = NULL;
	leave_surface(self);
}

/* --- The object --------------------------------------------------------------------------------------------------- */

static void tactus_gesture_dispose(GObject *object) {
	TactusGesture *self = TACTUS_GESTURE(object);
	if (self->widget) {
		g_signal_handlers_disconnect_by_data(self->widget, self);
		g_object_weak_unref(G_OBJECT(self->widget), on_widget_gone, self);
		leave_surface(self);
		self->widget = NULL;
	}
	G_OBJECT_CLASS(tactus_gesture_parent_class)->dispose(object);
}

static void tactus_gesture_finalize(GObject *object) {
	TactusGesture *self = TACTUS_GESTURE(object);
	tactus_client_gesture_destroy(self->gesture);
	connection_release(self->display);
	g_object_unref(self->display);
	g_free(self->problem);
	G_OBJECT_CLASS(tactus_gesture_parent_class)->finalize(object);
}

static void tactus_gesture_class_init(TactusGestureClass *class) {
	GObjectClass *object_class = G_OBJECT_CLASS(class);
	object_class->dispose = tactus_gesture_dispose;
	object_class->finalize = tactus_gesture_finalize;
	static const char *const names[SIGNAL_COUNT] = {"began", "changed", "ended", "cancelled", "recognized", "failed"};
	for (int signal = 0; signal < SIGNAL_COUNT; signal++) {
		/* Each phase's signal carries the step's TactusGestureEvent, which lives until the handler returns. */
		signals[signal] = g_signal_new(names[signal], TACTUS_TYPE_GESTURE, G_SIGNAL_RUN_LAST, 0, NULL, NULL,
		                               g_cclosure_marshal_VOID__BOXED, G_TYPE_NONE, 1,
		                               TACTUS_TYPE_GESTURE_EVENT | G_SIGNAL_TYPE_STATIC_SCOPE);
	}
}

static void tactus_gesture_init(TactusGesture *self) {
	(void)self;
}

/* The widget keeps its gestures, as it keeps its event controllers. */
static const char gestures_key[] = "tactus-gestures";

TactusGesture *tactus_gesture_new(GtkWidget *widget, TactusGestureKind kind) {
	g_return_val_if_fail(GTK_IS_WIDGET(widget), NULL);
	TactusGesture *self = g_object_new(TACTUS_TYPE_GESTURE, NULL);
	self->widget = widget;
	self->kind = kind;
	g_object_weak_ref(G_OBJECT(widget), on_widget_gone, self);
	self->display = g_object_ref(gtk_widget_get_display(widget));
	struct connection *connection = connection_of(self->display);
	self->problem = g_strdup(connection->problem);
	if (connection->client)
		self->gesture = tactus_client_gesture_new(connection->client, NULL, NULL, (enum tactus_client_kind)kind,
		                                          on_event, self);
	if (self->gesture)
		tactus_client_gesture_commit(self->gesture);
	g_signal_connect(widget, "map", G_CALLBACK(on_map), self);
	g_signal_connect(widget, "unmap", G_CALLBACK(on_unmap), self);
	if (gtk_widget_get_mapped(widget))
		on_map(widget, self);
	GPtrArray *kept = g_object_get_data(G_OBJECT(widget), gestures_key);
	if (!kept) {
		kept = g_ptr_array_new_with_free_func(g_object_unref);
		g_object_set_data_full(G_OBJECT(widget), gestures_key, kept, (GDestroyNotify)g_ptr_array_unref);
	}
	g_ptr_array_add(kept, g_object_ref(self));
	return self;
}

GtkWidget *tactus_gesture_get_widget(TactusGesture *self) {
	return self->widget;
}

TactusGestureKind tactus_gesture_get_kind(TactusGesture *self) {
	return self->kind;
}

gboolean tactus_gesture_is_available(TactusGesture *self) {
	return self->problem == NULL;
}

const char *tactus_gesture_get_problem(TactusGesture *self) {
	return self->problem;
}

/* --- Parameters and relations, in force at once ------------------------------------------------------------------ */

/* A setter's result: committed when taken, a GError with libtactus-client's reason when refused. */
static gboolean taken(TactusGesture *self, bool result, GError **error) {
	struct connection *connection = g_object_get_data(G_OBJECT(self->display), connection_key);
	if (!result) {
		g_set_error_literal(error, TACTUS_GESTURE_ERROR, TACTUS_GESTURE_ERROR_REFUSED,
		                    tactus_client_problem(connection->client));
		return FALSE;
	}
	tactus_client_gesture_commit(self->gesture);
	return TRUE;
}

/* Outside Wayland there is nothing to check against: every value is taken, and nothing happens. */
#define SET(call) (self->gesture ? taken(self, (call), error) : TRUE)

gboolean tactus_gesture_set_fingers(TactusGesture *self, guint fingers, GError **error) {
	return SET(tactus_client_gesture_set_fingers(self->gesture, fingers));
}

gboolean tactus_gesture_set_tap_count(TactusGesture *self, guint count, GError **error) {
	return SET(tactus_client_gesture_set_tap_count(self->gesture, count));
}

gboolean tactus_gesture_set_distance(TactusGesture *self, double millimetres, GError **error) {
	return SET(tactus_client_gesture_set_distance(self->gesture, millimetres));
}

gboolean tactus_gesture_set_duration(TactusGesture *self, guint milliseconds, GError **error) {
	return SET(tactus_client_gesture_set_duration(self->gesture, milliseconds));
}

gboolean tactus_gesture_set_scale_delta(TactusGesture *self, double delta, GError **error) {
	return SET(tactus_client_gesture_set_scale_delta(self->gesture, delta));
}

gboolean tactus_gesture_set_angle_delta(TactusGesture *self, double degrees, GError **error) {
	return SET(tactus_client_gesture_set_angle_delta(self->gesture, degrees));
}

gboolean tactus_gesture_set_directions(TactusGesture *self, TactusDirection directions, GError **error) {
	return SET(tactus_client_gesture_set_directions(self->gesture, directions));
}

gboolean tactus_gesture_set_edge(TactusGesture *self, TactusEdge edge, GError **error) {
	return SET(tactus_client_gesture_set_edge(self->gesture, (enum tactus_client_edge)edge));
}

gboolean tactus_gesture_set_priority(TactusGesture *self, TactusPriority priority, GError **error) {
	return SET(tactus_client_gesture_set_priority(self->gesture, (enum tactus_client_priority)priority));
}

gboolean tactus_gesture_recognize_simultaneously_with(TactusGesture *self, TactusGesture *other, GError **error) {
	return SET(tactus_client_gesture_recognize_simultaneously_with(self->gesture, other->gesture));
}

gboolean tactus_gesture_require_failure_of(TactusGesture *self, TactusGesture *other, GError **error) {
	return SET(tactus_client_gesture_require_failure_of(self->gesture, other->gesture));
}

void tactus_gesture_clear_relations(TactusGesture *self) {
	if (!self->gesture)
		return;
	tactus_client_gesture_clear_relations(self->gesture);
	tactus_client_gesture_commit(self->gesture);
}
