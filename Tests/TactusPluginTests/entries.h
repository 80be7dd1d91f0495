/* The C tests' table of libtactus's entry points, built from the list tactus.h declares them with
 * (TACTUS_PLUGIN_ENTRY_POINTS) and looked up by name, as a compositor that loads the library with dlopen does. */
#ifndef TACTUS_TEST_ENTRIES_H
#define TACTUS_TEST_ENTRIES_H

#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>

#include "tactus.h"

/* One pointer per entry point, named as the entry point without its tactus_plugin_ prefix. */
struct tactus_entries {
#define ENTRY_POINTER(name, type, parameters) type (*name) parameters;
	TACTUS_PLUGIN_ENTRY_POINTS(ENTRY_POINTER)
#undef ENTRY_POINTER
};

/* Fills entries from library; false, after saying which entry is missing, when one is. */
static bool look_up_entries(void *library, struct tactus_entries *entries) {
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
