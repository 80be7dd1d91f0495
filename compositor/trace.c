/*
 * Reading tactus-sim's traces for replays (trace.h). tactus-sim reads them with Foundation: the file as UTF-8, split
 * at each "\n" (a "\r\n" is one character to Swift, so it splits nothing), lines of nothing but spaces skipped, each
 * other line one object for JSONSerialization, and its fields checked as simulator/Sources/TactusSimulation/
 * Trace.swift and JSONObject.swift do. json-c reads the JSON here, in its strict mode; lex_line first makes the line
 * mean to json-c what it means to JSONSerialization, which takes a little more than json-c and a little less.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <json.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "trace.h"

/* Generated traces take kilobytes. A trace is read whole before it plays, while the compositor waits: 16 MiB take
 * about a second. */
#define MAX_TRACE_BYTES (16 << 20)
/* JSONSerialization's nesting limit: an object in 511 arrays in the line's object still reads, one more does not. */
#define MAX_DEPTH 512

/* Where reading is, for the errors. */
struct reader {
	const char *path;
	size_t line; /* 0: the file as a whole */
	const char *what; /* a part of the line ("devices[0]"), or NULL */
	char *error;
	size_t error_size;
};

/* Says why the trace is refused, at the reader's place; returns false. Control characters become '?': the error is
 * one line of the control socket's answer. */
static bool refuse(struct reader *reader, const char *format, ...) {
	int length = reader->line ? snprintf(reader->error, reader->error_size, "%s:%zu%s%s: ", reader->path, reader->line,
	                                     reader->what ? " " : "", reader->what ? reader->what : "")
	                          : snprintf(reader->error, reader->error_size, "%s: ", reader->path);
	if (length >= 0 && (size_t)length < reader->error_size) {
		va_list arguments;
		va_start(arguments, format);
		vsnprintf(reader->error + length, reader->error_size - (size_t)length, format, arguments);
		va_end(arguments);
	}
	for (char *c = reader->error; *c; c++)
		if ((unsigned char)*c < 0x20)
			*c = '?';
	return false;
}

/* The file */

/* The whole file, NUL-terminated, with its length; NULL (refused) when it is no regular file, cannot be read or
 * is too large. O_NONBLOCK: opening a FIFO must not wait for a writer. */
static char *read_file(struct reader *reader, size_t *length) {
	int fd = open(reader->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		refuse(reader, "cannot be read: %s", strerror(errno));
		return NULL;
	}
	struct stat status;
	char *text = NULL;
	if (fstat(fd, &status) < 0)
		refuse(reader, "cannot be read: %s", strerror(errno));
	else if (!S_ISREG(status.st_mode))
		refuse(reader, "not a regular file");
	else if (status.st_size > MAX_TRACE_BYTES)
		refuse(reader, "larger than %d MiB", MAX_TRACE_BYTES >> 20);
	else if (!(text = malloc((size_t)status.st_size + 1)))
		refuse(reader, "no memory for it");
	*length = 0;
	ssize_t count = 1;
	while (text && *length < (size_t)status.st_size &&
	       (count = read(fd, text + *length, (size_t)status.st_size - *length)) > 0)
		*length += (size_t)count;
	if (text && count < 0) {
		refuse(reader, "cannot be read: %s", strerror(errno));
		free(text);
		text = NULL;
	}
	close(fd);
	if (text)
		text[*length] = '\0';
	return text;
}

/* The code point that starts at text, as strict UTF-8 (no overlong forms, surrogates or values past U+10FFFF, as
 * Swift reads a file); its length in bytes, 0 when the bytes are no UTF-8. */
static size_t decode_utf8(const unsigned char *text, size_t available, uint32_t *code_point) {
	static const uint32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
	if (text[0] < 0x80) {
		*code_point = text[0];
		return 1;
	}
	size_t length = text[0] >= 0xF0 ? 4 : text[0] >= 0xE0 ? 3 : text[0] >= 0xC0 ? 2 : 0;
	if (!length || length > available)
		return 0;
	uint32_t value = text[0] & (0xFFu >> (length + 1));
	for (size_t i = 1; i < length; i++) {
		if ((text[i] & 0xC0) != 0x80)
			return 0;
		value = value << 6 | (text[i] & 0x3Fu);
	}
	if (value < smallest[length] || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF))
		return 0;
	*code_point = value;
	return length;
}

/* Whether a line has nothing but what Foundation's CharacterSet.whitespaces holds: tab, U+200B and Unicode's
 * space separators. tactus-sim skips such lines (and counts them). False also for a line that is no UTF-8. */
static bool is_blank(const char *line, size_t length) {
	for (size_t i = 0, size; i < length; i += size) {
		uint32_t c;
		if (!(size = decode_utf8((const unsigned char *)line + i, length - i, &c)))
			return false;
		if (!(c == 0x09 || c == 0x20 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200B) || c == 0x202F ||
		      c == 0x205F || c == 0x3000))
			return false;
	}
	return true;
}

/* One line's JSON */

static bool is_json_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* The four hex digits of an escape such as \u00e9 at text (four characters there), as a number; false when they
 * are not. */
static bool hex4(const char *text, unsigned *value) {
	*value = 0;
	for (int i = 0; i < 4; i++) {
		char c = text[i], lower = (char)(c | 0x20);
		int digit = is_digit(c) ? c - '0' : lower >= 'a' && lower <= 'f' ? lower - 'a' + 10 : -1;
		if (digit < 0)
			return false;
		*value = *value << 4 | (unsigned)digit;
	}
	return true;
}

/* A string's end (past its closing quote) from its opening quote at start; 0, with why, when it is no JSON string:
 * json-c takes raw control characters and lone surrogates in strings, JSONSerialization does not. */
static size_t lex_string(const char *text, size_t length, size_t start, const char **why) {
	for (size_t i = start + 1; i < length; i++) {
		unsigned char c = (unsigned char)text[i];
		if (c == '"')
			return i + 1;
		if (c < 0x20) {
			*why = "a control character in a string";
			return 0;
		}
		if (c != '\\')
			continue;
		if (i + 1 < length && text[i + 1] && strchr("\"\\/bfnrt", text[i + 1])) {
			i++;
			continue;
		}
		unsigned value, low;
		if (i + 5 >= length || text[i + 1] != 'u' || !hex4(text + i + 2, &value)) {
			*why = "a bad escape in a string";
			return 0;
		}
		i += 5;
		if (value >= 0xDC00 && value <= 0xDFFF) {
			*why = "an unpaired surrogate in a string";
			return 0;
		}
		if (value >= 0xD800 && value <= 0xDBFF) {
			if (i + 6 >= length || text[i + 1] != '\\' || text[i + 2] != 'u' || !hex4(text + i + 3, &low) ||
			    low < 0xDC00 || low > 0xDFFF) {
				*why = "an unpaired surrogate in a string";
				return 0;
			}
			i += 6;
		}
	}
	*why = "a string without its end";
	return 0;
}

/* A number's end from its first character at start, as JSON writes numbers (json-c also takes 1. and NaN); 0, with
 * why, when it is none or too large for a double (JSONSerialization refuses 1e999, json-c makes it infinite). */
static size_t lex_number(const char *text, size_t length, size_t start, const char **why) {
	size_t i = start + (text[start] == '-');
	size_t digits = i;
	while (i < length && is_digit(text[i]))
		i++;
	bool valid = i > digits && (text[digits] != '0' || i == digits + 1);
	if (valid && i < length && text[i] == '.') {
		size_t fraction = ++i;
		while (i < length && is_digit(text[i]))
			i++;
		valid = i > fraction;
	}
	if (valid && i < length && (text[i] == 'e' || text[i] == 'E')) {
		i += i + 1 < length && (text[i + 1] == '+' || text[i + 1] == '-') ? 2 : 1;
		size_t exponent = i;
		while (i < length && is_digit(text[i]))
			i++;
		valid = i > exponent;
	}
	if (!valid) {
		*why = "a malformed number";
		return 0;
	}
	/* text is NUL-terminated: strtod stops at the number's end or before. */
	if (isinf(strtod(text + start, NULL))) {
		*why = "a number too large";
		return 0;
	}
	return i;
}

/* Copies a line into json for json-c, so that json-c reads it as JSONSerialization does: refuses what json-c's
 * strict mode would take and JSONSerialization does not (single quotes, NaN and Infinity, numbers such as 1. and
 * 1e999, control characters and lone surrogates in strings, whitespace other than JSON's), and leaves out what
 * JSONSerialization takes and json-c does not (a byte order mark first, a comma after a value before a closing
 * bracket). Returns why the line is no JSON, or NULL. */
static const char *lex_line(const char *line, size_t length, char *json, size_t *json_length) {
	static const char *const literals[] = {"true", "false", "null"};
	const char *why = NULL;
	size_t i = length >= 3 && memcmp(line, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0, out = 0;
	bool after_value = false; /* whether a value (or an array or object) came last, whitespace aside */
	while (i < length) {
		char c = line[i];
		size_t end = 0;
		if (is_json_space(c) || (c && strchr("{}[]:", c))) {
			end = i + 1;
		} else if (c == ',') {
			size_t next = i + 1;
			while (next < length && is_json_space(line[next]))
				next++;
			if (after_value && next < length && (line[next] == '}' || line[next] == ']')) {
				i++;
				continue;
			}
			end = i + 1;
		} else if (c == '"') {
			end = lex_string(line, length, i, &why);
		} else if (c == '-' || is_digit(c)) {
			end = lex_number(line, length, i, &why);
		} else {
			for (size_t l = 0; l < 3 && !end; l++)
				if (i + strlen(literals[l]) <= length && memcmp(line + i, literals[l], strlen(literals[l])) == 0)
					end = i + strlen(literals[l]);
			if (!end)
				why = "an unexpected character";
		}
		if (!end)
			return why;
		if (!is_json_space(c))
			after_value = !strchr("{[:,", c);
		memcpy(json + out, line + i, end - i);
		out += end - i;
		i = end;
	}
	*json_length = out;
	return NULL;
}

/* The line's object, or NULL (refused). */
static struct json_object *parse_line(struct reader *reader, struct json_tokener *tokener, const char *line,
                                      size_t length, char *json) {
	size_t json_length;
	const char *why = lex_line(line, length, json, &json_length);
	if (why) {
		refuse(reader, "not a JSON object: %s", why);
		return NULL;
	}
	json_tokener_reset(tokener);
	struct json_object *object = json_tokener_parse_ex(tokener, json, (int)json_length);
	enum json_tokener_error problem = json_tokener_get_error(tokener);
	if (!object || json_tokener_get_parse_end(tokener) != json_length) {
		refuse(reader, "not a JSON object: %s",
		       problem == json_tokener_success || problem == json_tokener_continue ? "it ends early or goes on"
		                                                                            : json_tokener_error_desc(problem));
	} else if (!json_object_is_type(object, json_type_object)) {
		refuse(reader, "not a JSON object");
	} else {
		return object;
	}
	json_object_put(object);
	return NULL;
}

/* Fields, as tactus-sim's JSONObject reads them: a number is also true or false (1 or 0, as for NSNumber), and a
 * field of another type counts as missing. */

static bool number_value(struct json_object *value, double *number) {
	json_type type = json_object_get_type(value);
	if (type != json_type_int && type != json_type_double && type != json_type_boolean)
		return false;
	*number = json_object_get_double(value);
	return true;
}

static bool number(struct json_object *object, const char *key, double *value) {
	struct json_object *field;
	return json_object_object_get_ex(object, key, &field) && number_value(field, value);
}

static bool required_number(struct reader *reader, struct json_object *object, const char *key, double *value) {
	return number(object, key, value) || refuse(reader, "missing number \"%s\"", key);
}

/* A number that Swift's Int holds exactly; refused when it is a fraction or beyond. */
static bool is_int(double value) {
	return value >= -0x1p63 && value < 0x1p63 && value == (double)(int64_t)value; /* the range first: NaN fails it */
}

/* A whole number within minimum...maximum (JSONObject.whole): refused when missing, a fraction or out of range. */
static bool whole(struct reader *reader, struct json_object *object, const char *key, int64_t minimum,
                  int64_t maximum, int64_t *value) {
	double number;
	if (!required_number(reader, object, key, &number))
		return false;
	if (!is_int(number))
		return refuse(reader, "\"%s\" must be a whole number", key);
	if (number < (double)minimum || number > (double)maximum)
		return refuse(reader, "\"%s\" must be within %lld…%lld", key, (long long)minimum, (long long)maximum);
	*value = (int64_t)number;
	return true;
}

/* A whole number when there is one (JSONObject.optionalInt): true when absent; refused when a fraction. */
static bool optional_int(struct reader *reader, struct json_object *object, const char *key, bool *present,
                         double *value) {
	*present = number(object, key, value);
	return !*present || is_int(*value) || refuse(reader, "\"%s\" must be a whole number", key);
}

/* JSONObject.bool: true, or a number equal to 1; anything else is false. */
static bool flag(struct json_object *object, const char *key) {
	double value;
	return number(object, key, &value) && value == 1;
}

static const char *text(struct json_object *object, const char *key) {
	struct json_object *field;
	return json_object_object_get_ex(object, key, &field) && json_object_is_type(field, json_type_string)
	               ? json_object_get_string(field)
	               : NULL;
}

/* The numbers of an array of nothing but numbers, how many of them (at most capacity are written); -1 when the
 * field is missing or anything else (JSONObject.numbers: nil). */
static int numbers(struct json_object *object, const char *key, double *values, size_t capacity) {
	struct json_object *array;
	if (!json_object_object_get_ex(object, key, &array) || !json_object_is_type(array, json_type_array))
		return -1;
	size_t count = json_object_array_length(array);
	for (size_t i = 0; i < count; i++) {
		double value;
		if (!number_value(json_object_array_get_idx(array, i), &value))
			return -1;
		if (i < capacity)
			values[i] = value;
	}
	return (int)count;
}

/* The trace's parts */

/* A device description (Trace.device(from:)): checked, and its physical size kept for the first touchscreen. */
static bool read_device(struct reader *reader, struct json_object *device, struct trace *trace) {
	const char *kind = text(device, "kind");
	if (!kind || (strcmp(kind, "touchscreen") != 0 && strcmp(kind, "touchpad") != 0))
		return refuse(reader, "kind must be touchscreen or touchpad");
	double size[2], output[4], rotation;
	bool has_size = numbers(device, "size_mm", size, 2) == 2, present;
	int outputs = numbers(device, "output", output, 4);
	if (outputs != -1 && outputs != 4)
		return refuse(reader, "output must be [x, y, width, height]");
	if (!optional_int(reader, device, "rotation", &present, &rotation))
		return false;
	if (present && rotation != 0 && rotation != 90 && rotation != 180 && rotation != 270)
		return refuse(reader, "rotation must be 0, 90, 180 or 270");
	int64_t id;
	double slots;
	if (!whole(reader, device, "id", 0, UINT32_MAX, &id) || !optional_int(reader, device, "slots", &present, &slots))
		return false;
	if (has_size && !trace->has_size && strcmp(kind, "touchscreen") == 0) {
		trace->has_size = true;
		trace->width_mm = size[0];
		trace->height_mm = size[1];
	}
	return true;
}

/* Whether value is an array whose every element is of type: what tactus-sim's reader takes as a list of them. */
static bool is_array_of(struct json_object *value, json_type type) {
	if (!json_object_is_type(value, json_type_array))
		return false;
	size_t count = json_object_array_length(value);
	for (size_t i = 0; i < count; i++)
		if (!json_object_is_type(json_object_array_get_idx(value, i), type))
			return false;
	return true;
}

static bool read_header(struct reader *reader, struct json_object *header, struct trace *trace) {
	double version;
	bool present;
	if (!optional_int(reader, header, "tactus_trace", &present, &version))
		return false;
	if (!present || version != 1)
		return refuse(reader, "the first line must be a header with \"tactus_trace\": 1");
	/* JSONObject.objects: the devices when every one is an object, else none. */
	struct json_object *devices;
	if (!json_object_object_get_ex(header, "devices", &devices) || !is_array_of(devices, json_type_object))
		return true;
	size_t count = json_object_array_length(devices);
	char what[32];
	reader->what = what;
	for (size_t i = 0; i < count; i++) {
		snprintf(what, sizeof what, "devices[%zu]", i);
		if (!read_device(reader, json_object_array_get_idx(devices, i), trace))
			return false;
	}
	reader->what = NULL;
	return true;
}

/* The fields an event of type needs beyond its device (Trace.event(from:)). */
static bool read_event_fields(struct reader *reader, struct json_object *object, const char *type,
                              struct trace_event *event) {
	static const struct {
		const char *name;
		enum trace_event_type type;
	} types[] = {
		{"device_removed", TRACE_NOT_PLAYED}, {"down", TRACE_TOUCH_DOWN}, {"motion", TRACE_TOUCH_MOTION},
		{"up", TRACE_TOUCH_UP}, {"cancel", TRACE_TOUCH_CANCEL}, {"frame", TRACE_TOUCH_FRAME},
		{"swipe_begin", TRACE_SWIPE_BEGIN}, {"swipe_update", TRACE_SWIPE_UPDATE}, {"swipe_end", TRACE_SWIPE_END},
		{"pinch_begin", TRACE_PINCH_BEGIN}, {"pinch_update", TRACE_PINCH_UPDATE}, {"pinch_end", TRACE_PINCH_END},
		{"hold_begin", TRACE_HOLD_BEGIN}, {"hold_end", TRACE_HOLD_END},
	};
	size_t i = 0;
	while (i < sizeof types / sizeof types[0] && strcmp(types[i].name, type) != 0)
		i++;
	if (i == sizeof types / sizeof types[0])
		return refuse(reader, "unknown event type \"%s\"", type);
	event->type = types[i].type;
	int64_t value;
	switch (event->type) {
	case TRACE_TOUCH_DOWN:
	case TRACE_TOUCH_MOTION:
	case TRACE_TOUCH_UP:
		if (!whole(reader, object, "id", INT32_MIN, INT32_MAX, &value))
			return false;
		event->touch_id = (int32_t)value;
		/* An up has no position. */
		return event->type == TRACE_TOUCH_UP ||
		       (required_number(reader, object, "x", &event->x) && required_number(reader, object, "y", &event->y));
	case TRACE_SWIPE_BEGIN:
	case TRACE_PINCH_BEGIN:
	case TRACE_HOLD_BEGIN:
		/* Any Int, as tactus-sim takes it; wlroots counts fingers in a uint32_t. */
		if (!whole(reader, object, "fingers", INT64_MIN, INT64_MAX, &value))
			return false;
		event->fingers = (uint32_t)value;
		return true;
	case TRACE_PINCH_UPDATE:
		if (!required_number(reader, object, "scale", &event->scale) ||
		    !required_number(reader, object, "angle", &event->angle))
			return false;
		/* fall through: dx, dy as a swipe's */
	case TRACE_SWIPE_UPDATE:
		return required_number(reader, object, "dx", &event->x) && required_number(reader, object, "dy", &event->y);
	case TRACE_SWIPE_END:
	case TRACE_PINCH_END:
	case TRACE_HOLD_END:
		event->cancelled = flag(object, "cancelled");
		return true;
	default:
		return true;
	}
}

static bool read_event(struct reader *reader, struct json_object *object, struct trace_event *event) {
	static const char *const modifiers[] = {"shift", "control", "alt", "super"};
	*event = (struct trace_event){0};
	if (!whole(reader, object, "t", INT64_MIN, INT64_MAX, &event->time_us))
		return false;
	if (event->time_us < 0 || event->time_us > TRACE_MAX_TIME_US)
		return refuse(reader, "\"t\" must be within 0…%lld microseconds (about 24 days) to be replayed",
		              (long long)TRACE_MAX_TIME_US);
	const char *type = text(object, "type");
	if (!type)
		return refuse(reader, "missing text \"type\"");
	event->type = TRACE_NOT_PLAYED;
	if (strcmp(type, "modifiers") == 0) {
		/* Names that are not all texts count as none, as for tactus-sim. */
		struct json_object *names;
		if (!json_object_object_get_ex(object, "modifiers", &names) || !is_array_of(names, json_type_string))
			return true;
		size_t count = json_object_array_length(names);
		for (size_t i = 0; i < count; i++) {
			const char *name = json_object_get_string(json_object_array_get_idx(names, i));
			size_t m = 0;
			while (m < 4 && strcmp(modifiers[m], name) != 0)
				m++;
			if (m == 4)
				return refuse(reader, "unknown modifier \"%s\"", name);
		}
		return true;
	}
	if (strcmp(type, "device_added") == 0) {
		struct json_object *description;
		if (!json_object_object_get_ex(object, "description", &description) ||
		    !json_object_is_type(description, json_type_object))
			return refuse(reader, "missing \"description\"");
		struct trace unused = {0};
		reader->what = "description";
		bool read = read_device(reader, description, &unused);
		reader->what = NULL;
		return read;
	}
	int64_t device;
	return whole(reader, object, "device", 0, UINT32_MAX, &device) && read_event_fields(reader, object, type, event);
}

/* Reads the lines of text: the header, then the events. */
static bool read_lines(struct reader *reader, char *text, size_t length, struct trace *trace) {
	struct json_tokener *tokener = json_tokener_new_ex(MAX_DEPTH);
	char *json = malloc(length + 1);
	size_t capacity = 0;
	bool header = true, read = tokener && json;
	if (!read)
		refuse(reader, "no memory for it");
	for (size_t start = 0; read && start <= length;) {
		size_t end = start;
		while (end < length && !(text[end] == '\n' && (end == start || text[end - 1] != '\r')))
			end++;
		reader->line++;
		size_t line_length = end - start;
		char *line = text + start;
		start = end + 1;
		/* The file must be UTF-8 throughout, blank lines too. */
		for (size_t i = 0, size; read && i < line_length; i += size) {
			uint32_t c;
			if (!(size = decode_utf8((const unsigned char *)line + i, line_length - i, &c)))
				read = refuse(reader, "not UTF-8");
		}
		if (!read || is_blank(line, line_length))
			continue;
		/* json-c's buffer must not hold a NUL byte beyond the line: the line's own is refused by lex_line. */
		struct json_object *object = parse_line(reader, tokener, line, line_length, json);
		if (!object) {
			read = false;
		} else if (header) {
			read = read_header(reader, object, trace);
			header = false;
		} else {
			if (trace->count == capacity) {
				capacity = capacity ? 2 * capacity : 64;
				struct trace_event *events = realloc(trace->events, capacity * sizeof *events);
				if (!events) {
					json_object_put(object);
					read = refuse(reader, "no memory for it");
					break;
				}
				trace->events = events;
			}
			read = read_event(reader, object, &trace->events[trace->count]);
			trace->count += read;
		}
		json_object_put(object);
	}
	if (read && header) {
		reader->line = 1;
		read = refuse(reader, "empty trace: the first line must be a header with \"tactus_trace\": 1");
	}
	free(json);
	if (tokener)
		json_tokener_free(tokener);
	return read;
}

bool trace_read(const char *path, struct trace *trace, char *error, size_t error_size) {
	struct reader reader = {.path = path, .error = error, .error_size = error_size};
	*trace = (struct trace){0};
	size_t length;
	char *text = read_file(&reader, &length);
	if (!text)
		return false;
	/* Swift drops a byte order mark that starts the file (one that starts a line, JSONSerialization skips). */
	size_t mark = length >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	bool read = read_lines(&reader, text + mark, length - mark, trace);
	free(text);
	if (!read)
		trace_release(trace);
	return read;
}

void trace_release(struct trace *trace) {
	free(trace->events);
	*trace = (struct trace){0};
}
