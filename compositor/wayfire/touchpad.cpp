// SPDX-License-Identifier: MIT
/*
 * Touchpad gestures (engine.hpp): heard before Wayfire forwards them to the client under the pointer, which gets them
 * only while the engine lets it (compat::touchpad_gesture_signal says how each Wayfire keeps one from clients); none
 * begun while the session is locked is heard.
 */
#include "engine.hpp"

namespace tactus_wayfire
{
void engine::hear_touchpad_gestures()
{
    on_swipe_begin.connect([this] (wlr_pointer_swipe_begin_event *e)
    {
        return touchpad_begins(tactus.swipe_begin, touchpad_gesture::swipe, tactus_pointer_event_device(e),
            e->time_msec, e->fingers);
    });
    on_swipe_update.connect([this] (wlr_pointer_swipe_update_event *e)
    {
        return !engine_hears_update(e->time_msec) || (tactus.swipe_update(plugin,
            announce(tactus_pointer_event_device(e)), e->time_msec, e->dx, e->dy) == TACTUS_DELIVER);
    });
    on_swipe_end.connect([this] (wlr_pointer_swipe_end_event *e)
    {
        return touchpad_ends(tactus.swipe_end, tactus_pointer_event_device(e), e->time_msec, e->cancelled);
    });
    on_pinch_begin.connect([this] (wlr_pointer_pinch_begin_event *e)
    {
        return touchpad_begins(tactus.pinch_begin, touchpad_gesture::pinch, tactus_pointer_event_device(e),
            e->time_msec, e->fingers);
    });
    on_pinch_update.connect([this] (wlr_pointer_pinch_update_event *e)
    {
        return !engine_hears_update(e->time_msec) || (tactus.pinch_update(plugin,
            announce(tactus_pointer_event_device(e)), e->time_msec, e->dx, e->dy, e->scale, e->rotation) ==
            TACTUS_DELIVER);
    });
    on_pinch_end.connect([this] (wlr_pointer_pinch_end_event *e)
    {
        return touchpad_ends(tactus.pinch_end, tactus_pointer_event_device(e), e->time_msec, e->cancelled);
    });
    on_hold_begin.connect([this] (wlr_pointer_hold_begin_event *e)
    {
        return touchpad_begins(tactus.hold_begin, touchpad_gesture::hold, tactus_pointer_event_device(e),
            e->time_msec, e->fingers);
    });
    on_hold_end.connect([this] (wlr_pointer_hold_end_event *e)
    {
        return touchpad_ends(tactus.hold_end, tactus_pointer_event_device(e), e->time_msec, e->cancelled);
    });
}

/* A swipe, pinch or hold begins (their entries take the same arguments): whether clients get it, as the engine decides,
 * or as Wayfire does for one begun while the session is locked, which the engine does not hear. */
bool engine::touchpad_begins(touchpad_begin_entry entry, touchpad_gesture kind, wlr_input_device *device,
    uint32_t time, uint32_t fingers)
{
    touchpad_bypassed = notice_lock();
    bool for_clients  = touchpad_bypassed || (entry(plugin, announce(device), time, fingers) == TACTUS_DELIVER);
    forwarded = for_clients ? kind : touchpad_gesture::none;
    forwarded_time = time;
    return for_clients;
}

/* Whether the engine hears an update of the gesture running. */
bool engine::engine_hears_update(uint32_t time)
{
    notice_lock();
    forwarded_time = time;
    return !touchpad_bypassed;
}

bool engine::touchpad_ends(touchpad_end_entry entry, wlr_input_device *device, uint32_t time, bool cancelled)
{
    notice_lock();
    bool for_clients = touchpad_bypassed || (entry(plugin, announce(device), time, cancelled) == TACTUS_DELIVER);
    forwarded = touchpad_gesture::none;
    return for_clients;
}

/* A binding took over the gesture clients were getting: it ends for them, as cancelled. */
void engine::cancel_touchpad_gesture()
{
    auto gestures = wf::get_core().protocols.pointer_gestures;
    switch (forwarded)
    {
      case touchpad_gesture::swipe:
        wlr_pointer_gestures_v1_send_swipe_end(gestures, seat, forwarded_time, true);
        break;

      case touchpad_gesture::pinch:
        wlr_pointer_gestures_v1_send_pinch_end(gestures, seat, forwarded_time, true);
        break;

      case touchpad_gesture::hold:
        wlr_pointer_gestures_v1_send_hold_end(gestures, seat, forwarded_time, true);
        break;

      case touchpad_gesture::none:
        break;
    }

    forwarded = touchpad_gesture::none;
}
} // namespace tactus_wayfire
