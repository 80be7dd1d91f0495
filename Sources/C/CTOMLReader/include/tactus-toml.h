// SPDX-License-Identifier: MIT
// TOML read by Debian's toml++ (libtomlplusplus), for the configuration reader (Sources/TactusConfiguration/TOML.swift):
// a parsed file as its values in order, each table and array followed by its members, so that Swift needs no C++.
#ifndef TACTUS_TOML_H
#define TACTUS_TOML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What a value is.
typedef enum {
    TACTUS_TOML_TABLE,
    TACTUS_TOML_ARRAY,
    TACTUS_TOML_STRING,
    TACTUS_TOML_INTEGER,
    TACTUS_TOML_FLOAT,
    TACTUS_TOML_BOOLEAN,
    /// A date, a time or both, which `text` holds as TOML writes it.
    TACTUS_TOML_DATE_TIME,
} tactus_toml_kind;

/// One value. A table or an array is followed by its `members` values (each followed by its own members, and so on);
/// the file's table is the first value. The texts belong to the document and are not NUL-terminated.
typedef struct {
    tactus_toml_kind kind;
    /// The value's key in its table; NULL for an array's members and the file's table.
    const char *key;
    size_t key_length;
    /// A table's keys or an array's members.
    size_t members;
    /// A string's text, or a date's or time's.
    const char *text;
    size_t text_length;
    int64_t integer;
    double number;
    bool boolean;
} tactus_toml_value;

/// A parsed file, or why it is not TOML.
typedef struct tactus_toml_document tactus_toml_document;

/// Parses `length` bytes of UTF-8 text. Never NULL: a document holds either the values or an error.
tactus_toml_document *tactus_toml_parse(const char *text, size_t length);
/// toml++'s description of the syntax error, and the line (from 1) where it begins; NULL when the text parsed.
const char *tactus_toml_error(const tactus_toml_document *document, uint32_t *line);
/// The values in order (see tactus_toml_value); none when the text did not parse.
const tactus_toml_value *tactus_toml_values(const tactus_toml_document *document, size_t *count);
void tactus_toml_free(tactus_toml_document *document);

#ifdef __cplusplus
}
#endif

#endif
