// SPDX-License-Identifier: MIT
// libtactus.so's symbol table. This target has no code: it carries the linker's version script (exports.map beside
// this file), which exports tactus.h's entry points and nothing else, into the shared library alone. In TactusPlugin,
// whose code it is, the script would also reach every executable that links the plugin in (tactus-latency, the test
// bundle) and hide what those must export, AddressSanitizer's interceptors among them.
