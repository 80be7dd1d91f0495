/* SPDX-License-Identifier: MIT */
/* A gesture: its protocol object, its events gathered into one tactus_client_event per group and handed over at the
 * group's frame, and its parameters and relations, checked here as the protocol's text says the compositor checks
 * them, so that a mistake is a false return and not a protocol error that ends the application's connection. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "private.h"

/* tactus-client.h's enums are the protocol's (wayland-scanner's from the XML), value for value: values go to the
 * wire and come from it as they are. */
_Static_assert(TACTUS_CLIENT_TIP_TAP == (int)TACTUS_GESTURE_MANAGER_V1_KIND_TIP_TAP, "kinds");
_Static_assert(TACTUS_CLIENT_REASON_UNRESOLVED == (int)TACTUS_GESTURE_V1_REASON_UNRESOLVED, "reasons");
_Static_assert(TACTUS_CLIENT_DOWN_RIGHT == (int)TACTUS_GESTURE_V1_DIRECTION_DOWN_RIGHT, "directions");
_Static_assert(TACTUS_CLIENT_EDGE_BOTTOM == (int)TACTUS_GESTURE_V1_EDGE_BOTTOM, "edges");
_Static_assert(TACTUS_CLIENT_PRIORITY_SIMULTANEOUS == (int)TACTUS_GESTURE_V1_PRIORITY_SIMULTANEOUS, "priorities");

/* --- Events ------------------------------------------------------------------------------------------------------ */

static void open_group(struct tactus_client_gesture *gesture, enum tactus_client_phase phase, uint32_t serial,
                       uint32_t time, enum tactus_client_reason reason) {
	if (!gesture->group_open)
		gesture->client->open_groups++;
	gesture->group_open = true;
	gesture->event = (struct tactus_client_event){.phase = phase, .serial = serial, .time = time, .reason = reason};
}

static void began(void *data, struct tactus_gesture_v1 *object, uint32_t serial, uint32_t time) {
	(void)object;
	open_group(data, TACTUS_CLIENT_BEGAN, serial, time, TACTUS_CLIENT_REASON_OTHER);
}

static void changed(void *data, struct tactus_gesture_v1 *object, uint32_t serial, uint32_t time) {
	(void)object;
	open_group(data, TACTUS_CLIENT_CHANGED, serial, time, TACTUS_CLIENT_REASON_OTHER);
}

static void ended(void *data, struct tactus_gesture_v1 *object, uint32_t serial, uint32_t time) {
	(void)object;
	open_group(data, TACTUS_CLIENT_ENDED, serial, time, TACTUS_CLIENT_REASON_OTHER);
}

static void cancelled(void *data, struct tactus_gesture_v1 *object, uint32_t serial, uint32_t time, uint32_t reason) {
	(void)object;
	open_group(data, TACTUS_CLIENT_CANCELLED, serial, time, reason);
}

static void recognized(void *data, struct tactus_gesture_v1 *object, uint32_t serial, uint32_t time) {
	(void)object;
	open_group(data, TACTUS_CLIENT_RECOGNIZED, serial, time, TACTUS_CLIENT_REASON_OTHER);
}

static void failed(void *data, struct tactus_gesture_v1 *object, uint32_t time, uint32_t reason) {
	(void)object;
	open_group(data, TACTUS_CLIENT_FAILED, 0, time, reason);
}

static void location(void *data, struct tactus_gesture_v1 *object, wl_fixed_t x, wl_fixed_t y) {
	(void)object;
	struct tactus_client_event *event = &((struct tactus_client_gesture *)data)->event;
	event->x = wl_fixed_to_double(x);
	event->y = wl_fixed_to_double(y);
	event->values |= TACTUS_CLIENT_HAS_LOCATION;
}

static void translation(void *data, struct tactus_gesture_v1 *object, wl_fixed_t dx, wl_fixed_t dy) {
	(void)object;
	struct tactus_client_event *event = &((struct tactus_client_gesture *)data)->event;
	event->dx = wl_fixed_to_double(dx);
	event->dy = wl_fixed_to_double(dy);
	event->values |= TACTUS_CLIENT_HAS_TRANSLATION;
}

static void velocity(void *data, struct tactus_gesture_v1 *object, wl_fixed_t vx, wl_fixed_t vy) {
	(void)object;
	struct tactus_client_event *event = &((struct tactus_client_gesture *)data)->event;
	event->velocity_x = wl_fixed_to_double(vx);
	event->velocity_y = wl_fixed_to_double(vy);
	event->values |= TACTUS_CLIENT_HAS_VELOCITY;
}

static void scale(void *data, struct tactus_gesture_v1 *object, wl_fixed_t scale) {
	(void)object;
	struct tactus_client_event *event = &((struct tactus_client_gesture *)data)->event;
	event->scale = wl_fixed_to_double(scale);
	event->values |= TACTUS_CLIENT_HAS_SCALE;
}

static void rotation(void *data, struct tactus_gesture_v1 *object, wl_fixed_t degrees) {
	(void)object;
	struct tactus_client_event *event = &((struct tactus_client_gesture *)data)->event;
	event->rotation = wl_fixed_to_double(degrees);
	event->values |= TACTUS_CLIENT_HAS_ROTATION;
}

static void count(void *data, struct tactus_gesture_v1 *object, uint32_t count) {
	(void)object;
	struct tactus_client_event *event = &((struct tactus_client_gesture *)data)->event;
	event->count = count;
	event->values |= TACTUS_CLIENT_HAS_COUNT;
}

static void fingers(void *data, struct tactus_gesture_v1 *object, uint32_t fingers) {
	(void)object;
	struct tactus_client_event *event = &((struct tactus_client_gesture *)data)->event;
	event->fingers = fingers;
	event->values |= TACTUS_CLIENT_HAS_FINGERS;
}

static void direction(void *data, struct tactus_gesture_v1 *object, uint32_t direction) {
	(void)object;
	struct tactus_client_event *event = &((struct tactus_client_gesture *)data)->event;
	event->direction = direction;
	event->values |= TACTUS_CLIENT_HAS_DIRECTION;
}

static void progress(void *data, struct tactus_gesture_v1 *object, wl_fixed_t progress) {
	(void)object;
	struct tactus_client_event *event = &((struct tactus_client_gesture *)data)->event;
	event->progress = wl_fixed_to_double(progress);
	event->values |= TACTUS_CLIENT_HAS_PROGRESS;
}

static void start_location(void *data, struct tactus_gesture_v1 *object, wl_fixed_t x, wl_fixed_t y) {
	(void)object;
	struct tactus_client_event *event = &((struct tactus_client_gesture *)data)->event;
	event->start_x = wl_fixed_to_double(x);
	event->start_y = wl_fixed_to_double(y);
	event->values |= TACTUS_CLIENT_HAS_START_LOCATION;
}

static void start_anchor(void *data, struct tactus_gesture_v1 *object, int32_t x, int32_t y) {
	(void)object;
	struct tactus_client_event *event = &((struct tactus_client_gesture *)data)->event;
	event->anchor_x = x / 65536.0;
	event->anchor_y = y / 65536.0;
	event->values |= TACTUS_CLIENT_HAS_START_ANCHOR;
}

/* The group is complete: the handler gets it, and once no gesture of the client has a group open, the input frame is
 * whole and the client's frame handler runs. The gesture may be destroyed by its handler; the client may not. */
static void frame(void *data, struct tactus_gesture_v1 *object) {
	(void)object;
	struct tactus_client_gesture *gesture = data;
	struct tactus_client *client = gesture->client;
	if (!gesture->group_open)
		return; /* a frame with no group before it: nothing to hand over */
	gesture->group_open = false;
	client->open_groups--;
	struct tactus_client_event event = gesture->event;
	if (gesture->handler)
		gesture->handler(gesture, &event, gesture->data);
	if (client->open_groups == 0 && client->frame_handler)
		client->frame_handler(client->frame_data);
}

static const struct tactus_gesture_v1_listener listener = {
	.began = began,
	.changed = changed,
	.ended = ended,
	.cancelled = cancelled,
	.recognized = recognized,
	.failed = failed,
	.location = location,
	.translation = translation,
	.velocity = velocity,
	.scale = scale,
	.rotation = rotation,
	.count = count,
	.fingers = fingers,
	.direction = direction,
	.progress = progress,
	.frame = frame,
	.start_location = start_location,
	.start_anchor = start_anchor,
};

/* Drops gesture's relations to other. */
static void forget(struct tactus_client_gesture *gesture, const struct tactus_client_gesture *other) {
	size_t kept = 0;
	for (size_t i = 0; i < gesture->relation_count; i++)
		if (gesture->relations[i].other != other)
			gesture->relations[kept++] = gesture->relations[i];
	gesture->relation_count = kept;
}

/* --- Parameters kept ---------------------------------------------------------------------------------------------- */

/* What was set and committed is kept, so that a gesture moved to a new surface (a toolkit's window shown again) asks
 * the compositor for the same gesture there. Fixed-point values are kept as the wire has them. */

static void send_parameter(struct tactus_gesture_v1 *object, enum parameter parameter, uint32_t value) {
	switch (parameter) {
	case PARAMETER_FINGERS: tactus_gesture_v1_set_fingers(object, value); break;
	case PARAMETER_TAP_COUNT: tactus_gesture_v1_set_tap_count(object, value); break;
	case PARAMETER_DISTANCE: tactus_gesture_v1_set_distance(object, (wl_fixed_t)value); break;
	case PARAMETER_DURATION: tactus_gesture_v1_set_duration(object, value); break;
	case PARAMETER_SCALE_DELTA: tactus_gesture_v1_set_scale_delta(object, (wl_fixed_t)value); break;
	case PARAMETER_ANGLE_DELTA: tactus_gesture_v1_set_angle_delta(object, (wl_fixed_t)value); break;
	case PARAMETER_DIRECTIONS: tactus_gesture_v1_set_directions(object, value); break;
	case PARAMETER_EDGE: tactus_gesture_v1_set_edge(object, value); break;
	case PARAMETER_PRIORITY: tactus_gesture_v1_set_priority(object, value); break;
	case PARAMETER_COUNT: break;
	}
}

/* A checked value: pending until the commit, and sent at once where the gesture has its object. */
static bool set_parameter(struct tactus_client_gesture *gesture, enum parameter parameter, uint32_t value) {
	gesture->pending.set |= 1u << parameter;
	gesture->pending.values[parameter] = value;
	if (gesture->object)
		send_parameter(gesture->object, parameter, value);
	return true;
}

static void send_parameters(struct tactus_gesture_v1 *object, const struct parameters *parameters) {
	for (int parameter = 0; parameter < PARAMETER_COUNT; parameter++)
		if (parameters->set & (1u << parameter))
			send_parameter(object, parameter, parameters->values[parameter]);
}

static void send_region(struct tactus_client_gesture *gesture) {
	struct wl_region *region = client_region(gesture->client, gesture->region, gesture->region_count);
	tactus_gesture_v1_set_region(gesture->object, region);
	if (region)
		wl_region_destroy(region);
}

static void send_relation(struct tactus_client_gesture *gesture, const struct relation *relation) {
	if (!gesture->object || !relation->other->object || relation->cleared)
		return;
	if (relation->simultaneous)
		tactus_gesture_v1_recognize_simultaneously_with(gesture->object, relation->other->object);
	else
		tactus_gesture_v1_require_failure_of(gesture->object, relation->other->object);
}

/* The gesture's object on its surface, made anew with what was committed (and what is pending, left pending), its
 * relations to the surface's gestures that have theirs, and theirs to it: a relation takes effect once both gestures
 * are committed, so the other is committed again too (what it had pending goes with it, as at its own commit). */
static void make_object(struct tactus_client_gesture *gesture) {
	struct tactus_client *client = gesture->client;
	struct wl_seat *seat = gesture->seat ? gesture->seat : client_first_seat(client);
	if (!gesture->surface || !tactus_client_is_available(client) || !seat)
		return;
	gesture->object = tactus_gesture_manager_v1_get_gesture(client->manager, gesture->surface, seat, gesture->kind);
	tactus_gesture_v1_add_listener(gesture->object, &listener, gesture);
	send_parameters(gesture->object, &gesture->committed);
	if (gesture->region_count)
		send_region(gesture);
	for (size_t i = 0; i < gesture->relation_count; i++)
		send_relation(gesture, &gesture->relations[i]);
	if (gesture->committed.set || gesture->was_committed)
		tactus_gesture_v1_commit(gesture->object);
	send_parameters(gesture->object, &gesture->pending);
	struct tactus_client_gesture *other;
	wl_list_for_each(other, &client->gestures, link) {
		bool related = false;
		for (size_t i = 0; i < other->relation_count; i++) {
			if (other->relations[i].other == gesture && other->object) {
				send_relation(other, &other->relations[i]);
				related = true;
			}
		}
		if (related)
			tactus_gesture_v1_commit(other->object);
	}
}

static void destroy_object(struct tactus_client_gesture *gesture) {
	if (!gesture->object)
		return;
	if (gesture->group_open) {
		gesture->group_open = false;
		gesture->client->open_groups--;
	}
	tactus_gesture_v1_destroy(gesture->object);
	gesture->object = NULL;
}

/* --- Lifetime ---------------------------------------------------------------------------------------------------- */

struct tactus_client_gesture *tactus_client_gesture_new(struct tactus_client *client, struct wl_surface *surface,
                                                        struct wl_seat *seat, enum tactus_client_kind kind,
                                                        tactus_client_handler handler, void *data) {
	uint32_t version = tactus_client_protocol_version(client);
	if (!tactus_client_kind_name(kind)) {
		client_refuse(client, "%d is no gesture kind (1 tap to 9 tip-tap)", (int)kind);
		return NULL;
	}
	if (kind == TACTUS_CLIENT_TIP_TAP && version != 0 && version < 3) {
		client_refuse(client, "tip-taps need version 3 of tactus-gestures-v1; the compositor offers %u", version);
		return NULL;
	}
	struct tactus_client_gesture *gesture = calloc(1, sizeof *gesture);
	if (!gesture) {
		client_refuse(client, "out of memory");
		return NULL;
	}
	gesture->client = client;
	gesture->surface = surface;
	gesture->seat = seat;
	gesture->kind = kind;
	gesture->handler = handler;
	gesture->data = data;
	wl_list_insert(client->gestures.prev, &gesture->link);
	make_object(gesture);
	return gesture;
}

void tactus_client_gesture_set_surface(struct tactus_client_gesture *gesture, struct wl_surface *surface) {
	if (surface == gesture->surface && (gesture->object || !surface))
		return;
	/* Relations hold between gestures of one surface: those to gestures on another one are dropped, as the compositor
	 * would refuse them; those to gestures without a surface wait for them to come to this one. */
	struct tactus_client_gesture *other;
	wl_list_for_each(other, &gesture->client->gestures, link) {
		if (surface && other->surface && other->surface != surface)
			forget(other, gesture), forget(gesture, other);
	}
	destroy_object(gesture);
	gesture->surface = surface;
	make_object(gesture);
}

void tactus_client_gesture_destroy(struct tactus_client_gesture *gesture) {
	if (!gesture)
		return;
	/* The compositor drops the relations others have to it; so does the library. */
	struct tactus_client_gesture *other;
	wl_list_for_each(other, &gesture->client->gestures, link)
		forget(other, gesture);
	destroy_object(gesture);
	wl_list_remove(&gesture->link);
	free(gesture->relations);
	free(gesture->region);
	free(gesture);
}

enum tactus_client_kind tactus_client_gesture_get_kind(const struct tactus_client_gesture *gesture) {
	return gesture->kind;
}

struct wl_surface *tactus_client_gesture_get_surface(const struct tactus_client_gesture *gesture) {
	return gesture->surface;
}

void *tactus_client_gesture_get_data(const struct tactus_client_gesture *gesture) {
	return gesture->data;
}

/* --- Parameters checked ------------------------------------------------------------------------------------------ */

/* Whether kind is one of the kinds (a list ending in 0) that take a parameter; says so when it is not. */
static bool takes(struct tactus_client_gesture *gesture, const char *parameter, const enum tactus_client_kind *kinds) {
	for (; *kinds; kinds++)
		if (*kinds == gesture->kind)
			return true;
	return client_refuse(gesture->client, "a %s has no %s", tactus_client_kind_name(gesture->kind), parameter);
}

/* A number as the wire carries it (wl_fixed, 1/256), within (low, high], or [low, high] when low is included. */
static bool fixed_within(struct tactus_client_gesture *gesture, const char *parameter, double value, double low,
                         bool low_included, double high, bool high_included) {
	if (!isfinite(value))
		return client_refuse(gesture->client, "%s must be a number, not %s", parameter, isnan(value) ? "NaN" : "infinite");
	double wire = fabs(value) < 8388607 ? wl_fixed_to_double(wl_fixed_from_double(value)) : NAN;
	bool above = low_included ? wire >= low : wire > low;
	bool below = high_included ? wire <= high : wire < high;
	if (above && below)
		return true;
	return client_refuse(gesture->client, "%s %g is not within %s%g, %g%s%s", parameter, value,
	                     low_included ? "[" : "(", low, high, high_included ? "]" : ")",
	                     !isnan(wire) && wire != value ? " (at the protocol's 1/256)" : "");
}

static bool whole_within(struct tactus_client_gesture *gesture, const char *parameter, uint32_t value, uint32_t low,
                         uint32_t high) {
	if (value >= low && value <= high)
		return true;
	return client_refuse(gesture->client, "%s %u is not within %u to %u", parameter, value, low, high);
}

bool tactus_client_gesture_set_fingers(struct tactus_client_gesture *gesture, uint32_t fingers) {
	bool two_or_more = gesture->kind == TACTUS_CLIENT_PINCH || gesture->kind == TACTUS_CLIENT_ROTATE;
	return whole_within(gesture, "fingers", fingers, two_or_more ? 2 : 1, two_or_more ? 5 : 10)
	       && set_parameter(gesture, PARAMETER_FINGERS, fingers);
}

bool tactus_client_gesture_set_tap_count(struct tactus_client_gesture *gesture, uint32_t count) {
	static const enum tactus_client_kind kinds[] = {TACTUS_CLIENT_TAP, 0};
	return takes(gesture, "tap count", kinds) && whole_within(gesture, "tap count", count, 1, 5)
	       && set_parameter(gesture, PARAMETER_TAP_COUNT, count);
}

bool tactus_client_gesture_set_distance(struct tactus_client_gesture *gesture, double millimetres) {
	static const enum tactus_client_kind kinds[] = {TACTUS_CLIENT_TAP, TACTUS_CLIENT_LONG_PRESS, TACTUS_CLIENT_DRAG,
	                                                TACTUS_CLIENT_SWIPE, TACTUS_CLIENT_EDGE_SWIPE, TACTUS_CLIENT_TIP_TAP, 0};
	return takes(gesture, "distance", kinds) && fixed_within(gesture, "distance", millimetres, 0, false, 500, true)
	       && set_parameter(gesture, PARAMETER_DISTANCE, (uint32_t)wl_fixed_from_double(millimetres));
}

bool tactus_client_gesture_set_duration(struct tactus_client_gesture *gesture, uint32_t milliseconds) {
	static const enum tactus_client_kind kinds[] = {TACTUS_CLIENT_TAP, TACTUS_CLIENT_LONG_PRESS, TACTUS_CLIENT_HOLD,
	                                                TACTUS_CLIENT_TIP_TAP, 0};
	return takes(gesture, "duration", kinds) && whole_within(gesture, "duration", milliseconds, 1, 10000)
	       && set_parameter(gesture, PARAMETER_DURATION, milliseconds);
}

bool tactus_client_gesture_set_scale_delta(struct tactus_client_gesture *gesture, double delta) {
	static const enum tactus_client_kind kinds[] = {TACTUS_CLIENT_PINCH, 0};
	return takes(gesture, "scale delta", kinds) && fixed_within(gesture, "scale delta", delta, 0, false, 1, false)
	       && set_parameter(gesture, PARAMETER_SCALE_DELTA, (uint32_t)wl_fixed_from_double(delta));
}

bool tactus_client_gesture_set_angle_delta(struct tactus_client_gesture *gesture, double degrees) {
	static const enum tactus_client_kind kinds[] = {TACTUS_CLIENT_ROTATE, 0};
	return takes(gesture, "angle delta", kinds) && fixed_within(gesture, "angle delta", degrees, 0, false, 180, true)
	       && set_parameter(gesture, PARAMETER_ANGLE_DELTA, (uint32_t)wl_fixed_from_double(degrees));
}

bool tactus_client_gesture_set_directions(struct tactus_client_gesture *gesture, uint32_t directions) {
	static const enum tactus_client_kind kinds[] = {TACTUS_CLIENT_SWIPE, TACTUS_CLIENT_TIP_TAP, 0};
	if (!takes(gesture, "directions", kinds))
		return false;
	uint32_t version = tactus_client_protocol_version(gesture->client);
	uint32_t known = version != 0 && version < 3 ? 0x0f : 0xff;
	if (directions == 0 || (directions & ~known))
		return client_refuse(gesture->client, "directions 0x%x: a non-empty set of the %s", directions,
		                     known == 0x0f ? "four along the axes (diagonals need version 3)" : "eight directions");
	return set_parameter(gesture, PARAMETER_DIRECTIONS, directions);
}

bool tactus_client_gesture_set_edge(struct tactus_client_gesture *gesture, enum tactus_client_edge edge) {
	static const enum tactus_client_kind kinds[] = {TACTUS_CLIENT_EDGE_SWIPE, 0};
	return takes(gesture, "edge", kinds)
	       && whole_within(gesture, "edge", edge, TACTUS_CLIENT_EDGE_LEFT, TACTUS_CLIENT_EDGE_BOTTOM)
	       && set_parameter(gesture, PARAMETER_EDGE, edge);
}

bool tactus_client_gesture_set_priority(struct tactus_client_gesture *gesture, enum tactus_client_priority priority) {
	return whole_within(gesture, "priority", priority, TACTUS_CLIENT_PRIORITY_NORMAL,
	                    TACTUS_CLIENT_PRIORITY_SIMULTANEOUS)
	       && set_parameter(gesture, PARAMETER_PRIORITY, priority);
}

bool tactus_client_gesture_set_region(struct tactus_client_gesture *gesture,
                                      const struct tactus_client_rectangle *rectangles, size_t count) {
	if (!client_rectangles_checked(gesture->client, rectangles, count))
		return false;
	struct tactus_client_rectangle *copy = count ? malloc(count * sizeof *copy) : NULL;
	if (count && !copy)
		return client_refuse(gesture->client, "out of memory");
	if (count)
		memcpy(copy, rectangles, count * sizeof *copy);
	free(gesture->region);
	gesture->region = copy;
	gesture->region_count = count;
	if (gesture->object)
		send_region(gesture);
	return true;
}

/* --- Relations --------------------------------------------------------------------------------------------------- */

/* Every relation asked for is kept here, pending or committed, and one that would contradict any of them is refused
 * before it is sent: what the compositor has committed is always among them, so no commit can raise
 * conflicting_state. Cleared relations count until the commit that drops them. */

/* Whether gesture asked for the relation to other; with cleared_too, also where it cleared it since. */
static bool asks(const struct tactus_client_gesture *gesture, const struct tactus_client_gesture *other,
                 bool simultaneous, bool cleared_too) {
	for (size_t i = 0; i < gesture->relation_count; i++) {
		const struct relation *relation = &gesture->relations[i];
		if (relation->other == other && relation->simultaneous == simultaneous && (cleared_too || !relation->cleared))
			return true;
	}
	return false;
}

/* Whether waiting from `from` leads back to `to` through require_failure_of. */
static bool waits_for(const struct tactus_client_gesture *from, const struct tactus_client_gesture *to, int depth) {
	if (depth > 256)
		return true; /* deeper than any surface's gestures go: a circle */
	for (size_t i = 0; i < from->relation_count; i++) {
		const struct relation *relation = &from->relations[i];
		if (!relation->simultaneous && (relation->other == to || waits_for(relation->other, to, depth + 1)))
			return true;
	}
	return false;
}

static bool add_relation(struct tactus_client_gesture *gesture, struct tactus_client_gesture *other, bool simultaneous) {
	struct tactus_client *client = gesture->client;
	const char *request = simultaneous ? "recognize_simultaneously_with" : "require_failure_of";
	if (!other || other == gesture)
		return client_refuse(client, "%s: a gesture's relation is to another gesture", request);
	if ((other->surface && gesture->surface && other->surface != gesture->surface) || other->client != client)
		return client_refuse(client, "%s: the other gesture is on another surface", request);
	bool running_together = asks(gesture, other, true, true) || asks(other, gesture, true, true);
	bool waiting = asks(gesture, other, false, true) || asks(other, gesture, false, true);
	if (simultaneous ? waiting : running_together)
		return client_refuse(client, "%s: the two gestures would both run together and wait for each other's "
		                            "failure", request);
	if (!simultaneous && waits_for(other, gesture, 0))
		return client_refuse(client, "require_failure_of: the other gesture already waits for this one's "
		                            "failure: the waits would go round in a circle");
	if (asks(gesture, other, simultaneous, false))
		return true;
	struct relation *relations = realloc(gesture->relations, (gesture->relation_count + 1) * sizeof *relations);
	if (!relations)
		return client_refuse(client, "out of memory");
	gesture->relations = relations;
	relations[gesture->relation_count] = (struct relation){.other = other, .simultaneous = simultaneous};
	send_relation(gesture, &relations[gesture->relation_count++]);
	return true;
}

bool tactus_client_gesture_recognize_simultaneously_with(struct tactus_client_gesture *gesture,
                                                         struct tactus_client_gesture *other) {
	return add_relation(gesture, other, true);
}

bool tactus_client_gesture_require_failure_of(struct tactus_client_gesture *gesture,
                                              struct tactus_client_gesture *other) {
	return add_relation(gesture, other, false);
}

void tactus_client_gesture_clear_relations(struct tactus_client_gesture *gesture) {
	for (size_t i = 0; i < gesture->relation_count; i++)
		gesture->relations[i].cleared = true;
	if (gesture->object)
		tactus_gesture_v1_clear_relations(gesture->object);
}

void tactus_client_gesture_commit(struct tactus_client_gesture *gesture) {
	for (int parameter = 0; parameter < PARAMETER_COUNT; parameter++)
		if (gesture->pending.set & (1u << parameter))
			gesture->committed.values[parameter] = gesture->pending.values[parameter];
	gesture->committed.set |= gesture->pending.set;
	gesture->pending.set = 0;
	gesture->was_committed = true;
	size_t kept = 0;
	for (size_t i = 0; i < gesture->relation_count; i++)
		if (!gesture->relations[i].cleared)
			gesture->relations[kept++] = gesture->relations[i];
	gesture->relation_count = kept;
	if (gesture->object)
		tactus_gesture_v1_commit(gesture->object);
}
