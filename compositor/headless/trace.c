// SPDX-License-Identifier: MIT
/*
 * Reading tactus-sim's traces for replays (trace.h), as tactus-sim and tactusd read them (Sources/TactusTrace/
 * Trace.swift, over JSONParser.swift and JSONObject.swift): the file as UTF-8, a byte order mark first dropped; a line
 * ends at "\n" or "\r\n"; lines of nothing but spaces are skipped; every other line is one JSON object by RFC 8259,
 * strictly (no repeated keys, no trailing commas, at most 64 arrays and objects deep), with the keys its kind takes and
 * no others, each value of its type and within its range as written: never rounded, truncated or clamped.
 * TraceReaderAgreementTests reads the same files with both readers, and expects the same events or a refusal at the
 * same line.
 *
 * json-c reads the JSON, in its strict mode. check_line comes first, for what that mode still takes and tactus-sim
 * does not: single quotes, NaN and Infinity, numbers such as 1. , raw control characters and lone surrogates in
 * strings, a U+0000 in a key (which json-c's keys, C strings, would cut short), numbers beyond a double; and a key
 * given twice, which json-c keeps once, shows as a member fewer than check_line counted keys.
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

/* Generated traces take kilobytes. A trace's text, then its events, are held whole: 16 MiB at most (some 240 000
 * events). tactus-sim, which reads a line at a time, reads larger ones: the one difference between the readers. */
#define MAX_TRACE_BYTES (16 << 20)
/* JSONParser.maximumDepth: an array or object in 63 others still reads, one more does not (json-c counts the same). */
#define MAX_DEPTH 64

/* Where reading is, for the errors. */
struct reader {
	const char *path;
	size_t line; /* 0: the file as a whole */
	const char *what; /* a part of the line ("devices[0]"), or NULL */
	char *error;
	size_t error_size;
	/* The ids of the devices the trace has now: its header's, and those added since and not removed. */
	uint32_t present[TRACE_MAX_DEVICES];
	size_t present_count;
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

/* A device the trace has from this line on; refused beyond TRACE_MAX_DEVICES at once. */
static bool add_present(struct reader *reader, uint32_t id) {
	for (size_t i = 0; i < reader->present_count; i++)
		if (reader->present[i] == id)
			return true;
	if (reader->present_count == TRACE_MAX_DEVICES)
		return refuse(reader, "a device beyond the %d a trace may have at once", TRACE_MAX_DEVICES);
	reader->present[reader->present_count++] = id;
	return true;
}

static void remove_present(struct reader *reader, uint32_t id) {
	for (size_t i = 0; i < reader->present_count; i++)
		if (reader->present[i] == id) {
			reader->present[i] = reader->present[--reader->present_count];
			return;
		}
}

/* The file's text */

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

/* Whether a line (UTF-8) has nothing but what the Swift reader takes for blank (TraceReader.swift): tab, U+200B and
 * Unicode's space separators, as Foundation's CharacterSet.whitespaces had them. tactus-sim skips such lines (and
 * counts them). */
static bool is_blank(const char *line, size_t length) {
	for (size_t i = 0, size; i < length; i += size) {
		uint32_t c;
		size = decode_utf8((const unsigned char *)line + i, length - i, &c);
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

/* A string's end (past its closing quote) from its opening quote at start, and whether it holds a U+0000; 0, with
 * why, when it is no JSON string: json-c takes raw control characters and lone surrogates in strings. */
static size_t lex_string(const char *text, size_t length, size_t start, bool *holds_nul, const char **why) {
	*holds_nul = false;
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
		*holds_nul |= value == 0;
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

/* A number's end from its first character at start, as JSON writes numbers (json-c also takes 1. and NaN), and
 * whether it is written as a whole number of 19 digits or more; 0, with why, when it is none or too large for a
 * double. tactus-sim refuses every line that holds one too large, 1e999 as 1e400: none is finite, and every value it
 * reads must be finite. */
static size_t lex_number(const char *text, size_t length, size_t start, bool *is_long_whole, const char **why) {
	size_t i = start + (text[start] == '-');
	size_t digits = i;
	while (i < length && is_digit(text[i]))
		i++;
	bool valid = i > digits && (text[digits] != '0' || i == digits + 1);
	*is_long_whole = i - digits >= 19;
	if (valid && i < length && text[i] == '.') {
		size_t fraction = ++i;
		while (i < length && is_digit(text[i]))
			i++;
		valid = i > fraction;
		*is_long_whole = false;
	}
	if (valid && i < length && (text[i] == 'e' || text[i] == 'E')) {
		i += i + 1 < length && (text[i + 1] == '+' || text[i + 1] == '-') ? 2 : 1;
		size_t exponent = i;
		while (i < length && is_digit(text[i]))
			i++;
		valid = i > exponent;
		*is_long_whole = false;
	}
	if (!valid) {
		*why = "a malformed number";
		return 0;
	}
	/* The file's text is NUL-terminated, and strtod reads no further than the number (but in what JSON has no
	 * number, such as 0x1p9, refused anyway). */
	if (isinf(strtod(text + start, NULL))) {
		*why = "a number too large";
		return 0;
	}
	return i;
}

/* Checks a line's JSON for what json-c's strict mode takes and tactus-sim does not (above), counts its keys, and
 * copies it into json for json-c, with "e0" after each whole number of 19 digits or more: json-c would cap one beyond
 * int64 or uint64 at their ends, and reads it with the exponent as the double that tactus-sim reads it as (no whole
 * number that tactus-sim takes has as many digits). Returns why the line is no JSON, or NULL. */
static const char *check_line(const char *line, size_t length, char *json, size_t *json_length, size_t *keys) {
	static const char *const literals[] = {"true", "false", "null"};
	const char *why = NULL;
	size_t i = 0, out = 0;
	*keys = 0;
	while (i < length) {
		char c = line[i];
		size_t end = 0;
		bool holds_nul = false, is_long_whole = false;
		if (is_json_space(c) || (c && strchr("{}[]:,", c))) {
			end = i + 1;
		} else if (c == '"') {
			end = lex_string(line, length, i, &holds_nul, &why);
			size_t next = end;
			while (end && next < length && is_json_space(line[next]))
				next++;
			if (end && next < length && line[next] == ':') {
				++*keys;
				if (holds_nul)
					return "a key holds U+0000";
			}
		} else if (c == '-' || is_digit(c)) {
			end = lex_number(line, length, i, &is_long_whole, &why);
		} else {
			for (size_t l = 0; l < 3 && !end; l++)
				if (i + strlen(literals[l]) <= length && memcmp(line + i, literals[l], strlen(literals[l])) == 0)
					end = i + strlen(literals[l]);
			if (!end)
				why = "an unexpected character";
		}
		if (!end)
			return why;
		memcpy(json + out, line + i, end - i);
		out += end - i;
		if (is_long_whole) {
			memcpy(json + out, "e0", 2);
			out += 2;
		}
		i = end;
	}
	*json_length = out;
	return NULL;
}

/* How many members the objects in value have, all told. */
static size_t count_members(struct json_object *value) {
	size_t count = 0;
	if (json_object_is_type(value, json_type_object)) {
		json_object_object_foreach(value, key, member) {
			(void)key;
			count += 1 + count_members(member);
		}
	} else if (json_object_is_type(value, json_type_array)) {
		for (size_t i = 0; i < json_object_array_length(value); i++)
			count += count_members(json_object_array_get_idx(value, i));
	}
	return count;
}

/* The line's object, or NULL (refused). json is room for the copy check_line makes. */
static struct json_object *parse_line(struct reader *reader, struct json_tokener *tokener, const char *line,
                                      size_t length, char *json) {
	size_t json_length = 0, keys = 0; /* set by check_line when it finds no fault */
	const char *why = check_line(line, length, json, &json_length, &keys);
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
	} else if (count_members(object) != keys) {
		refuse(reader, "not a JSON object: a key is given twice");
	} else {
		return object;
	}
	json_object_put(object);
	return NULL;
}

/* Fields, as tactus-sim's JSONObject takes them: a field of another type than its own is refused, a JSON null too
 * (a null is a value, not an absent field). */

/* Whether object has the key; its value (NULL for a JSON null) in value. */
static bool has(struct json_object *object, const char *key, struct json_object **value) {
	return json_object_object_get_ex(object, key, value);
}

/* Whether value is a string equal to text (json-c's strings may hold U+0000: the lengths are compared too). */
static bool is_text(struct json_object *value, const char *text) {
	return json_object_is_type(value, json_type_string) && (size_t)json_object_get_string_len(value) == strlen(text) &&
	       strcmp(json_object_get_string(value), text) == 0;
}

/* Refuses the first key, in the order written, that is not among known (NULL-terminated): a misspelt key is an
 * error, never a default silently kept (JSONObject.checkKeys). */
static bool check_keys(struct reader *reader, struct json_object *object, const char *const *known) {
	json_object_object_foreach(object, key, value) {
		(void)value;
		const char *const *k = known;
		while (*k && strcmp(*k, key) != 0)
			k++;
		if (!*k)
			return refuse(reader, "unknown key \"%s\"", key);
	}
	return true;
}

static bool is_number(struct json_object *value) {
	return json_object_is_type(value, json_type_int) || json_object_is_type(value, json_type_double);
}

/* A number (JSONObject.double); finite, as check_line lets through only finite ones. */
static bool number(struct reader *reader, struct json_object *object, const char *key, double *result) {
	struct json_object *value;
	if (!has(object, key, &value))
		return refuse(reader, "missing number \"%s\"", key);
	if (!is_number(value))
		return refuse(reader, "\"%s\" must be a number", key);
	*result = json_object_get_double(value);
	return true;
}

/* A whole number within minimum...maximum, when there is one (JSONObject.optionalWhole): as written when written
 * without a fraction or exponent (json-c holds those of fewer than 19 digits exactly, and check_line makes longer
 * ones doubles), else when the double is whole. A fraction, or a number beyond the range, is refused. */
static bool optional_whole(struct reader *reader, struct json_object *object, const char *key, int64_t minimum,
                           int64_t maximum, bool *present, int64_t *result) {
	struct json_object *value;
	if (!(*present = has(object, key, &value)))
		return true;
	if (!is_number(value))
		return refuse(reader, "\"%s\" must be a number", key);
	bool is_int = json_object_is_type(value, json_type_int);
	double as_double = json_object_get_double(value);
	/* The range first: a double beyond int64 must not be converted. */
	bool is_whole = is_int || (as_double >= -0x1p63 && as_double < 0x1p63 && as_double == (double)(int64_t)as_double);
	*result = is_int ? json_object_get_int64(value) : is_whole ? (int64_t)as_double : 0;
	if (!is_whole || *result < minimum || *result > maximum)
		return refuse(reader, "\"%s\" must be a whole number within %lld…%lld", key, (long long)minimum,
		              (long long)maximum);
	return true;
}

/* A whole number within minimum...maximum (JSONObject.whole). */
static bool whole(struct reader *reader, struct json_object *object, const char *key, int64_t minimum,
                  int64_t maximum, int64_t *result) {
	bool present;
	return optional_whole(reader, object, key, minimum, maximum, &present, result) &&
	       (present || refuse(reader, "missing number \"%s\"", key));
}

/* True or false; false when absent (JSONObject.bool). */
static bool flag(struct reader *reader, struct json_object *object, const char *key, bool *result) {
	struct json_object *value;
	*result = false;
	if (!has(object, key, &value))
		return true;
	if (!json_object_is_type(value, json_type_boolean))
		return refuse(reader, "\"%s\" must be true or false", key);
	*result = json_object_get_boolean(value);
	return true;
}

/* A text, when there is one (JSONObject.optionalString); NULL when absent. */
static bool optional_text(struct reader *reader, struct json_object *object, const char *key,
                          struct json_object **result) {
	*result = NULL;
	return !has(object, key, result) || json_object_is_type(*result, json_type_string) ||
	       refuse(reader, "\"%s\" must be a text", key);
}

/* A text (JSONObject.string). */
static bool text(struct reader *reader, struct json_object *object, const char *key, struct json_object **result) {
	return optional_text(reader, object, key, result) && (*result || refuse(reader, "missing text \"%s\"", key));
}

/* An array of count numbers within minimum...maximum, when there is one (JSONObject.numbers); refused when it is
 * anything else; shape names them for the complaint. */
static bool optional_numbers(struct reader *reader, struct json_object *object, const char *key, const char *shape,
                             size_t count, double minimum, double maximum, bool *present, double *numbers) {
	struct json_object *array;
	if (!(*present = has(object, key, &array)))
		return true;
	bool valid = json_object_is_type(array, json_type_array) && json_object_array_length(array) == count;
	for (size_t i = 0; valid && i < count; i++) {
		struct json_object *value = json_object_array_get_idx(array, i);
		numbers[i] = is_number(value) ? json_object_get_double(value) : NAN;
		valid = numbers[i] >= minimum && numbers[i] <= maximum; /* false for NaN */
	}
	return valid || refuse(reader, "\"%s\" must be %s, each within %.0f…%.0f", key, shape, minimum, maximum);
}

/* The trace's parts */

/* Lengths and positions of a device, in millimetres or layout pixels (Trace.lengths, Trace.coordinates). */
#define MIN_LENGTH 1.0
#define MAX_LENGTH 1e6
#define MAX_COORDINATE 1e6

/* The calibration matrix of a device mirrored along x when flipped, then turned rotation degrees clockwise: with x
 * mirrored as s x + t, libinput's matrices for 0, 90, 180 and 270 (DeviceTransform.apply in the simulator). */
static void calibration_of(int64_t rotation, bool flipped, float matrix[6]) {
	float s = flipped ? -1 : 1, t = flipped ? 1 : 0;
	const float turns[4][6] = {
		{s, 0, t, 0, 1, 0},
		{0, -1, 1, s, 0, t},
		{-s, 0, 1 - t, 0, -1, 1},
		{0, 1, 0, -s, 0, 1 - t},
	};
	memcpy(matrix, turns[rotation / 90], sizeof turns[0]);
}

/* A device description (Trace.device(from:)): checked, its id given, and a touchscreen's id, physical size and
 * calibration kept. */
static bool read_device(struct reader *reader, struct json_object *device, struct trace *trace, uint32_t *device_id) {
	static const char *const keys[] = {"id", "kind", "name", "size_mm", "output", "rotation", "flipped", "slots", NULL};
	if (!check_keys(reader, device, keys))
		return false;
	struct json_object *kind, *name;
	if (!text(reader, device, "kind", &kind))
		return false;
	bool touchscreen = is_text(kind, "touchscreen");
	if (!touchscreen && !is_text(kind, "touchpad"))
		return refuse(reader, "\"kind\" must be touchscreen or touchpad");
	double size[2] = {0, 0}, output[4];
	bool has_size, has_output, present, flipped;
	if (!optional_numbers(reader, device, "size_mm", "[width, height]", 2, MIN_LENGTH, MAX_LENGTH, &has_size, size) ||
	    !optional_numbers(reader, device, "output", "[x, y, width, height]", 4, -MAX_COORDINATE, MAX_COORDINATE,
	                      &has_output, output))
		return false;
	if (has_output && !(output[2] >= MIN_LENGTH && output[2] <= MAX_LENGTH && output[3] >= MIN_LENGTH &&
	                    output[3] <= MAX_LENGTH))
		return refuse(reader, "\"output\" must have a width and a height within %.0f…%.0f", MIN_LENGTH, MAX_LENGTH);
	int64_t rotation = 0, id, slots;
	if (!optional_whole(reader, device, "rotation", INT64_MIN, INT64_MAX, &present, &rotation))
		return false;
	if (rotation != 0 && rotation != 90 && rotation != 180 && rotation != 270)
		return refuse(reader, "\"rotation\" must be 0, 90, 180 or 270");
	if (!whole(reader, device, "id", 0, UINT32_MAX, &id) || !optional_text(reader, device, "name", &name) ||
	    !flag(reader, device, "flipped", &flipped) ||
	    !optional_whole(reader, device, "slots", 1, TRACE_MAX_SLOTS, &present, &slots))
		return false;
	if (touchscreen && trace->touchscreen_count < TRACE_MAX_TOUCHSCREENS) {
		struct trace_touchscreen *kept = &trace->touchscreens[trace->touchscreen_count++];
		*kept = (struct trace_touchscreen){
			.id = (uint32_t)id, .has_size = has_size, .width_mm = size[0], .height_mm = size[1]};
		calibration_of(rotation, flipped, kept->calibration);
	}
	*device_id = (uint32_t)id;
	return true;
}

size_t trace_touchscreen_index(const struct trace *trace, uint32_t device) {
	for (size_t i = 0; i < trace->touchscreen_count; i++)
		if (trace->touchscreens[i].id == device)
			return i;
	return 0;
}

static bool read_header(struct reader *reader, struct json_object *header, struct trace *trace) {
	static const char *const keys[] = {"tactus_trace", "devices", NULL};
	int64_t version;
	bool present;
	if (!check_keys(reader, header, keys) ||
	    !optional_whole(reader, header, "tactus_trace", INT64_MIN, INT64_MAX, &present, &version))
		return false;
	if (!present || version != 1)
		return refuse(reader, "the first line must be a header with \"tactus_trace\": 1");
	struct json_object *devices;
	if (!has(header, "devices", &devices))
		return true;
	bool valid = json_object_is_type(devices, json_type_array);
	for (size_t i = 0; valid && i < json_object_array_length(devices); i++)
		valid = json_object_is_type(json_object_array_get_idx(devices, i), json_type_object);
	if (!valid)
		return refuse(reader, "\"devices\" must be an array of objects");
	char what[32];
	reader->what = what;
	uint32_t id;
	for (size_t i = 0; valid && i < json_object_array_length(devices); i++) {
		snprintf(what, sizeof what, "devices[%zu]", i);
		valid = read_device(reader, json_object_array_get_idx(devices, i), trace, &id) && add_present(reader, id);
	}
	reader->what = NULL;
	return valid;
}

/* The names of the modifiers (Trace.modifierNames); not played, but checked. */
static bool read_modifiers(struct reader *reader, struct json_object *object) {
	static const char *const names[] = {"shift", "control", "alt", "super"};
	struct json_object *modifiers;
	if (!has(object, "modifiers", &modifiers))
		return true;
	bool valid = json_object_is_type(modifiers, json_type_array);
	for (size_t i = 0; valid && i < json_object_array_length(modifiers); i++)
		valid = json_object_is_type(json_object_array_get_idx(modifiers, i), json_type_string);
	if (!valid)
		return refuse(reader, "\"modifiers\" must be an array of texts");
	for (size_t i = 0; i < json_object_array_length(modifiers); i++) {
		struct json_object *name = json_object_array_get_idx(modifiers, i);
		size_t m = 0;
		while (m < sizeof names / sizeof *names && !is_text(name, names[m]))
			m++;
		if (m == sizeof names / sizeof *names)
			return refuse(reader, "unknown modifier \"%s\"", json_object_get_string(name));
	}
	return true;
}

/* Each kind of event: its name in a trace, how it plays, and its keys besides "t" and "type" ("device" but for two). */
static const struct event_kind {
	const char *name;
	enum trace_event_type type;
	const char *keys[5];
} event_kinds[] = {
	{"modifiers", TRACE_NOT_PLAYED, {"modifiers"}},
	{"device_added", TRACE_NOT_PLAYED, {"description"}},
	{"device_removed", TRACE_NOT_PLAYED, {"device"}},
	{"down", TRACE_TOUCH_DOWN, {"device", "id", "x", "y"}},
	{"motion", TRACE_TOUCH_MOTION, {"device", "id", "x", "y"}},
	{"up", TRACE_TOUCH_UP, {"device", "id"}},
	{"cancel", TRACE_TOUCH_CANCEL, {"device"}},
	{"frame", TRACE_TOUCH_FRAME, {"device"}},
	{"swipe_begin", TRACE_SWIPE_BEGIN, {"device", "fingers"}},
	{"swipe_update", TRACE_SWIPE_UPDATE, {"device", "dx", "dy"}},
	{"swipe_end", TRACE_SWIPE_END, {"device", "cancelled"}},
	{"pinch_begin", TRACE_PINCH_BEGIN, {"device", "fingers"}},
	{"pinch_update", TRACE_PINCH_UPDATE, {"device", "dx", "dy", "scale", "angle"}},
	{"pinch_end", TRACE_PINCH_END, {"device", "cancelled"}},
	{"hold_begin", TRACE_HOLD_BEGIN, {"device", "fingers"}},
	{"hold_end", TRACE_HOLD_END, {"device", "cancelled"}},
};

/* A device_added's description: checked, not played. */
static bool read_added_device(struct reader *reader, struct json_object *object) {
	struct json_object *description;
	if (!has(object, "description", &description))
		return refuse(reader, "missing \"description\"");
	if (!json_object_is_type(description, json_type_object))
		return refuse(reader, "\"description\" must be an object");
	struct trace unused = {0};
	uint32_t id;
	reader->what = "description";
	bool read = read_device(reader, description, &unused, &id);
	reader->what = NULL;
	return read && add_present(reader, id);
}

/* The fields of an event of kind (Trace.event(from:)), in tactus-sim's order: its keys, its device, then the rest. */
static bool read_event_fields(struct reader *reader, struct json_object *object, const struct event_kind *kind,
                              struct trace_event *event) {
	const char *keys[8] = {"t", "type"};
	for (size_t k = 0; k < 5 && kind->keys[k]; k++)
		keys[k + 2] = kind->keys[k];
	if (!check_keys(reader, object, keys))
		return false;
	event->type = kind->type;
	int64_t value;
	if (strcmp(kind->keys[0], "device") == 0) {
		if (!whole(reader, object, "device", 0, UINT32_MAX, &value))
			return false;
		event->device = (uint32_t)value;
	}
	switch (event->type) {
	case TRACE_TOUCH_DOWN:
	case TRACE_TOUCH_MOTION:
	case TRACE_TOUCH_UP:
		if (!whole(reader, object, "id", INT32_MIN, INT32_MAX, &value))
			return false;
		event->touch_id = (int32_t)value;
		/* An up has no position. */
		return event->type == TRACE_TOUCH_UP ||
		       (number(reader, object, "x", &event->x) && number(reader, object, "y", &event->y));
	case TRACE_SWIPE_BEGIN:
	case TRACE_PINCH_BEGIN:
	case TRACE_HOLD_BEGIN:
		if (!whole(reader, object, "fingers", 1, TRACE_MAX_SLOTS, &value))
			return false;
		event->fingers = (uint32_t)value;
		return true;
	case TRACE_SWIPE_UPDATE:
	case TRACE_PINCH_UPDATE:
		return number(reader, object, "dx", &event->x) && number(reader, object, "dy", &event->y) &&
		       (event->type == TRACE_SWIPE_UPDATE ||
		        (number(reader, object, "scale", &event->scale) && number(reader, object, "angle", &event->angle)));
	case TRACE_SWIPE_END:
	case TRACE_PINCH_END:
	case TRACE_HOLD_END:
		return flag(reader, object, "cancelled", &event->cancelled);
	case TRACE_NOT_PLAYED:
		if (strcmp(kind->name, "device_removed") == 0)
			remove_present(reader, event->device);
		return strcmp(kind->name, "modifiers") == 0      ? read_modifiers(reader, object)
		       : strcmp(kind->name, "device_added") == 0 ? read_added_device(reader, object)
		                                                 : true;
	default: /* a touch's cancel and frame: their device only */
		return true;
	}
}

static bool read_event(struct reader *reader, struct json_object *object, struct trace_event *event) {
	*event = (struct trace_event){0};
	struct json_object *type;
	if (!whole(reader, object, "t", -TRACE_TIME_LIMIT_US, TRACE_TIME_LIMIT_US, &event->time_us))
		return false;
	if (!text(reader, object, "type", &type))
		return false;
	for (size_t i = 0; i < sizeof event_kinds / sizeof event_kinds[0]; i++)
		if (is_text(type, event_kinds[i].name))
			return read_event_fields(reader, object, &event_kinds[i], event);
	return refuse(reader, "unknown event type \"%s\"", json_object_get_string(type));
}

/* Reading, a step at a time */

/* The file is read, then checked as UTF-8, this much at a step: a millisecond or so of work. */
#define STEP_BYTES (256 << 10)

struct trace_reading {
	char *path;
	struct reader reader;
	int fd;
	char *text;      /* the file, NUL-terminated as far as it is read */
	size_t size;     /* what is read of it: its size when it was opened */
	size_t length;   /* read so far */
	size_t checked;  /* checked as UTF-8 so far */
	size_t start;    /* where the next line starts, once the whole text is checked */
	struct json_tokener *tokener;
	char *json;      /* room for check_line's copy of a line */
	bool has_header;
	size_t capacity; /* of the trace's events */
	struct trace trace;
};

/* A reading of the file fd opened at path, of size bytes; NULL without the memory for it. */
static struct trace_reading *make_reading(const char *path, int fd, size_t size) {
	struct trace_reading *reading = malloc(sizeof *reading);
	if (!reading)
		return NULL;
	*reading = (struct trace_reading){
		.path = strdup(path), .fd = fd, .text = malloc(size + 1), .size = size,
		.tokener = json_tokener_new_ex(MAX_DEPTH),
		/* A whole number of 19 digits or more, with a character before it, grows by 2 in check_line's copy. */
		.json = malloc(TRACE_MAX_LINE_BYTES + TRACE_MAX_LINE_BYTES / 8 + 1),
	};
	if (!reading->path || !reading->text || !reading->tokener || !reading->json) {
		reading->fd = -1; /* the caller closes it */
		trace_reading_free(reading);
		return NULL;
	}
	reading->reader.path = reading->path;
	reading->text[0] = '\0';
	json_tokener_set_flags(reading->tokener, JSON_TOKENER_STRICT);
	return reading;
}

/* O_NONBLOCK: opening a FIFO must not wait for a writer. */
struct trace_reading *trace_reading_start(const char *path, char *error, size_t error_size) {
	struct reader reader = {.path = path, .error = error, .error_size = error_size};
	struct stat status;
	struct trace_reading *reading = NULL;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &status) < 0)
		refuse(&reader, "cannot be read: %s", strerror(errno));
	else if (!S_ISREG(status.st_mode))
		refuse(&reader, "not a regular file");
	else if (status.st_size > MAX_TRACE_BYTES)
		refuse(&reader, "larger than %d MiB", MAX_TRACE_BYTES >> 20);
	else if (!(reading = make_reading(path, fd, (size_t)status.st_size)))
		refuse(&reader, "no memory for it");
	if (!reading && fd >= 0)
		close(fd);
	return reading;
}

/* Reads the next slice of the file. A file that shrank since it was opened is read as far as it goes. */
static bool read_slice(struct trace_reading *reading) {
	size_t wanted = reading->size - reading->length < STEP_BYTES ? reading->size - reading->length : STEP_BYTES;
	ssize_t count = read(reading->fd, reading->text + reading->length, wanted);
	if (count < 0)
		return refuse(&reading->reader, "cannot be read: %s", strerror(errno));
	if (count == 0)
		reading->size = reading->length;
	reading->length += (size_t)count;
	reading->text[reading->length] = '\0';
	return true;
}

/* Checks the next slice of the text as UTF-8 (its last code point may end a few bytes past it). Once the whole text
 * is, its lines start: after a byte order mark that starts it, which Swift drops. */
static bool check_slice(struct trace_reading *reading) {
	const unsigned char *text = (const unsigned char *)reading->text;
	size_t end = reading->length - reading->checked < STEP_BYTES ? reading->length : reading->checked + STEP_BYTES;
	uint32_t c;
	for (size_t size; reading->checked < end; reading->checked += size)
		if (!(size = decode_utf8(text + reading->checked, reading->length - reading->checked, &c)))
			return refuse(&reading->reader, "not UTF-8");
	if (reading->checked == reading->length)
		reading->start = reading->length >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	return true;
}

/* The line's event, kept in the trace. */
static bool keep_event(struct trace_reading *reading, struct json_object *object) {
	struct trace *trace = &reading->trace;
	if (trace->count == reading->capacity) {
		size_t capacity = reading->capacity ? 2 * reading->capacity : 64;
		struct trace_event *events = realloc(trace->events, capacity * sizeof *events);
		if (!events)
			return refuse(&reading->reader, "no memory for it");
		trace->events = events;
		reading->capacity = capacity;
	}
	bool read = read_event(&reading->reader, object, &trace->events[trace->count]);
	trace->count += read;
	return read;
}

/* Reads the next line: the header, then an event. Lines of nothing but spaces are skipped. */
static bool read_line(struct trace_reading *reading) {
	struct reader *reader = &reading->reader;
	const char *line = reading->text + reading->start, *end = memchr(line, '\n', reading->length - reading->start);
	size_t line_length = end ? (size_t)(end - line) : reading->length - reading->start;
	reading->start += line_length + 1;
	reader->line++;
	if (line_length && line[line_length - 1] == '\r')
		line_length--;
	if (line_length > TRACE_MAX_LINE_BYTES)
		return refuse(reader, "longer than %d KiB", TRACE_MAX_LINE_BYTES >> 10);
	if (is_blank(line, line_length))
		return true;
	struct json_object *object = parse_line(reader, reading->tokener, line, line_length, reading->json);
	bool read = object && (reading->has_header ? keep_event(reading, object)
	                                           : read_header(reader, object, &reading->trace));
	reading->has_header = true;
	json_object_put(object);
	return read;
}

/* The end of the text: the trace is handed over, if it had its header. */
static enum trace_reading_progress finish(struct trace_reading *reading, struct trace *trace) {
	if (!reading->has_header) {
		reading->reader.line = 0;
		refuse(&reading->reader, "empty trace: the first line must be a header with \"tactus_trace\": 1");
		return TRACE_REFUSED;
	}
	*trace = reading->trace;
	reading->trace = (struct trace){0};
	return TRACE_READ;
}

enum trace_reading_progress trace_reading_continue(struct trace_reading *reading, struct trace *trace, char *error,
                                                   size_t error_size) {
	reading->reader.error = error;
	reading->reader.error_size = error_size;
	bool going;
	if (reading->length < reading->size)
		going = read_slice(reading);
	else if (reading->checked < reading->length)
		going = check_slice(reading);
	else if (reading->start <= reading->length)
		going = read_line(reading);
	else
		return finish(reading, trace);
	return going ? TRACE_READING : TRACE_REFUSED;
}

void trace_reading_free(struct trace_reading *reading) {
	if (!reading)
		return;
	if (reading->fd >= 0)
		close(reading->fd);
	free(reading->path);
	free(reading->text);
	if (reading->tokener)
		json_tokener_free(reading->tokener);
	free(reading->json);
	trace_release(&reading->trace);
	free(reading);
}

bool trace_read(const char *path, struct trace *trace, char *error, size_t error_size) {
	*trace = (struct trace){0};
	struct trace_reading *reading = trace_reading_start(path, error, error_size);
	enum trace_reading_progress progress = reading ? TRACE_READING : TRACE_REFUSED;
	while (progress == TRACE_READING)
		progress = trace_reading_continue(reading, trace, error, error_size);
	trace_reading_free(reading);
	return progress == TRACE_READ;
}

void trace_release(struct trace *trace) {
	free(trace->events);
	*trace = (struct trace){0};
}
