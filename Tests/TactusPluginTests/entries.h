// SPDX-License-Identifier: MIT
/* The C tests' lookup of libtactus's entry points into tactus.h's table (struct tactus_plugin_entries), by name, from
 * the list tactus.h declares them with (TACTUS_PLUGIN_ENTRY_POINTS), as a compositor that loads the library with
 * dlopen does. */
#ifndef TACTUS_TEST_ENTRIES_H
#define TACTUS_TEST_ENTRIES_H

#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>

#include "tactus.h"

/* A struct of tactus.h with its size set, as a host passes every one: SIZED(tactus_binding, .action = "menu"). */
#define SIZED(type, ...) ((struct type){.size = sizeof(struct type), __VA_ARGS__})

/* Fills entries from library; false, after saying which entry is missing, when one is. */
static bool look_up_entries(void *library, struct tactus_plugin_entries *entries) {
#define LOOK_UP(name, type, parameters)                                                \
	if (!(*(void **)&entries->name = dlsym(library, "tactus_plugin_" #name))) {        \
		fprintf(stderr, "dlsym %s: %s\n", "tactus_plugin_" #name, dlerror());           \
		return false;                                                                  \
	}
	TACTUS_PLUGIN_ENTRY_POINTS(LOOK_UP)
#undef LOOK_UP
	return true;
}

#endif
