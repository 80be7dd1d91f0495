// SPDX-License-Identifier: MIT
/* Tactus's version, of the library, its programs and its packages, as the repository's VERSION file gives it
 * (Package.swift reads the file and defines it for version.c alone). */
#ifndef TACTUS_VERSION_H
#define TACTUS_VERSION_H

/* The version, "MAJOR.MINOR.PATCH". */
const char *tactus_version(void);

#endif
