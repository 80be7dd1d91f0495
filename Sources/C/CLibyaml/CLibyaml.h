// SPDX-License-Identifier: MIT
// libyaml, as the system provides it (Debian: libyaml-dev), for the simulator's reader of libinput recordings.
#include <yaml.h>
