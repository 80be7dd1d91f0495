// SPDX-License-Identifier: MIT
/*
 * Bindings' host actions (engine.hpp): a host action names a Wayfire activator by its option ("expo/toggle"), called on
 * the active output (compat::call_activator says how each Wayfire takes the call).
 */
#include <cstdio>

#include "engine.hpp"

namespace tactus_wayfire
{
/* Wayfire's activators take no progress: a binding runs its activator when its gesture ends or is recognized, a live
 * one as soon as it begins (the overview opens under the fingers), and again if it is then cancelled, which toggles it
 * back. Every step is logged, as tactus-wlr prints it ("action NAME PHASE progress P fingers F"). */
void engine::run_action(const char *name, tactus_phase phase, double progress, const tactus_values *values)
{
    static const char *const phases[] = {"began", "changed", "ended", "cancelled", "recognized", "failed"};
    char line[512];
    snprintf(line, sizeof line, "tactus: action %s %s progress %.2f fingers %u", name,
        phase <= TACTUS_PHASE_FAILED ? phases[phase] : "?", progress, values->fingers);
    LOGI(line);
    bool began_live = live_actions.count(name) > 0;
    bool runs = phase == TACTUS_PHASE_BEGAN ||
        (!began_live && (phase == TACTUS_PHASE_ENDED || phase == TACTUS_PHASE_RECOGNIZED)) ||
        (began_live && phase == TACTUS_PHASE_CANCELLED);
    if (phase == TACTUS_PHASE_BEGAN)
    {
        live_actions.insert(name);
    } else if (phase != TACTUS_PHASE_CHANGED)
    {
        live_actions.erase(name);
    }

    if (!runs)
    {
        return;
    }

    if (compat::call_activator(name, values->fingers))
    {
        LOGI("tactus: called the activator ", name, " on ", compat::active_output()->to_string());
    } else
    {
        LOGE("tactus: ", name, " is no Wayfire activator that took the call (a plugin's option, such as expo/toggle)");
    }
}
} // namespace tactus_wayfire
