// SPDX-License-Identifier: MIT
/*
 * tactus-sim's traces as tactus-wlr's replays read them (trace.c): JSON Lines, a header, then one timed input event
 * a line (Sources/TactusTrace/Trace.swift has the format). A trace is read whole, and as tactus-sim
 * reads it, before any of it plays: what tactus-sim reads is read here as the same events, and what it refuses is
 * refused here too, at the same line (TraceReaderAgreementTests). Lines are of at most TRACE_MAX_LINE_BYTES, so that
 * a compositor can read a trace a short step at a time between its other work (trace_reading_continue), and a trace
 * has at most TRACE_MAX_DEVICES at once, as tactus-sim has them; one limit is this reader's alone: a trace of at most
 * 16 MiB, held in memory whole.
 */
#ifndef TRACE_H
#define TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The times a trace may hold, in microseconds from its start: within ±2^53 (285 years), as tactus-sim reads them. */
#define TRACE_TIME_LIMIT_US (INT64_C(1) << 53)

enum trace_event_type {
	TRACE_TOUCH_DOWN,
	TRACE_TOUCH_MOTION,
	TRACE_TOUCH_UP,
	TRACE_TOUCH_CANCEL,
	TRACE_TOUCH_FRAME,
	TRACE_SWIPE_BEGIN,
	TRACE_SWIPE_UPDATE,
	TRACE_SWIPE_END,
	TRACE_PINCH_BEGIN,
	TRACE_PINCH_UPDATE,
	TRACE_PINCH_END,
	TRACE_HOLD_BEGIN,
	TRACE_HOLD_END,
	/* device_added, device_removed and modifiers: checked, not played (the headless devices stay as they are) */
	TRACE_NOT_PLAYED,
};

/* One event. Touch events play on a headless touchscreen of their own device (trace_touchscreen), touchpad events on
 * the headless pointer. */
struct trace_event {
	int64_t time_us; /* -TRACE_TIME_LIMIT_US ... TRACE_TIME_LIMIT_US */
	enum trace_event_type type;
	uint32_t device; /* the trace's id of the device, 0 for events without one (modifiers) */
	int32_t touch_id;
	uint32_t fingers;
	double x, y;         /* a touch's position, normalized to the device; a touchpad gesture's dx, dy */
	double scale, angle; /* pinch updates */
	bool cancelled;      /* touchpad gestures' ends */
};

/* The touchscreens a replay plays on at once, each a headless touchscreen of its own. */
#define TRACE_MAX_TOUCHSCREENS 4

/* How many slots a device may have, and fingers a touchpad gesture (Trace.slotCounts). */
#define TRACE_MAX_SLOTS 256

/* The limits of the trace format, which tactus-sim's reader keeps too (Trace.maximumLineBytes, Trace.maximumDevices).
 * The longest line: tactus-sim writes lines of under 200 bytes, a header with four devices under 1 KiB; json-c reads
 * a line in one go, in a few milliseconds for 64 KiB, so no step of a reading takes longer. The most devices a trace
 * has at once: those of its header, and those added since and not removed. */
#define TRACE_MAX_LINE_BYTES (64 << 10)
#define TRACE_MAX_DEVICES 256

/* A touchscreen of the trace's header. */
struct trace_touchscreen {
	uint32_t id;
	bool has_size;
	double width_mm, height_mm; /* its physical size along its own axes, when it has one */
	/* Its rotation and flip onto the output, as the calibration matrix a user of that output gives libinput (the
	 * matrices of libinput_device_config_calibration_set_matrix): a replay plays the panel calibrated. */
	float calibration[6];
};

struct trace {
	/* The header's first TRACE_MAX_TOUCHSCREENS touchscreens, in order; touches of a device that is none of them
	 * play on the first. */
	struct trace_touchscreen touchscreens[TRACE_MAX_TOUCHSCREENS];
	size_t touchscreen_count;
	struct trace_event *events;
	size_t count;
};

/* Which of the trace's touchscreens an event's device is: its index, 0 for a device that is none of them. */
size_t trace_touchscreen_index(const struct trace *trace, uint32_t device);

/* A trace read a step at a time: a slice of its file read, or checked as UTF-8, or one of its lines. Each step takes a
 * few milliseconds at most, so that a compositor serves its clients between them while a large trace is read. */
struct trace_reading;

/* Opens the trace at path for reading, which must be a regular file (it is opened without blocking, so a FIFO or a
 * device is refused instead of waited on); NULL, with why in error ("PATH: reason"), when it cannot. */
struct trace_reading *trace_reading_start(const char *path, char *error, size_t error_size);

enum trace_reading_progress {
	TRACE_READING, /* steps remain */
	TRACE_READ,    /* the whole trace is read, and handed over */
	TRACE_REFUSED, /* the trace is refused */
};

/* Takes the next step. Once the whole trace is read, hands it over in trace (TRACE_READ); a trace it refuses gives
 * why in error ("PATH:LINE: reason", or "PATH: reason" for the file as a whole) and TRACE_REFUSED. Either is the
 * end of the reading. */
enum trace_reading_progress trace_reading_continue(struct trace_reading *reading, struct trace *trace, char *error,
                                                   size_t error_size);

/* Frees a reading, ended or not, and what it read. NULL is ignored. */
void trace_reading_free(struct trace_reading *reading);

/* Reads the trace at path whole at once, every step of a reading in a row. False, with why in error, when it cannot or
 * refuses the trace; the trace then holds nothing to release. */
bool trace_read(const char *path, struct trace *trace, char *error, size_t error_size);

/* Frees the events of a trace read. */
void trace_release(struct trace *trace);

#ifdef __cplusplus
}
#endif

#endif
