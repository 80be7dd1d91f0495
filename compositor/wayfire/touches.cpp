// SPDX-License-Identifier: MIT
/*
 * Touches (engine.hpp). Wayfire emits each touch event as a signal before it handles it: the engine hears it there, and
 * its decision is kept for the moment Wayfire hands the event to the seat. A touch grab on the seat then delivers,
 * withholds or drops what reaches the client (Wayfire 0.7 ignores its own "no client" mode for touches, and no mode of
 * 0.9's can defer an event), and sends wl_touch.cancel when a binding takes over touches a client already got.
 */
#include "engine.hpp"

namespace tactus_wayfire
{
void engine::hear_touches()
{
    auto& core = wf::get_core();
    on_touch_down.connect(core, [this] (auto *signal) { touch_down(signal->event); });
    on_touch_motion.connect(core, [this] (auto *signal) { touch_motion(signal->event); });
    on_touch_up.connect(core, [this] (auto *signal) { touch_up(signal->event); });
    /* Once Wayfire has handled the event, what it sends on its own account follows each touch's last decision. */
    on_touch_down_handled.connect(core, [this] (auto*) { current.active = false; });
    on_touch_motion_handled.connect(core, [this] (auto*) { current.active = false; });
    on_touch_up_handled.connect(core, [this] (auto*) { current.active = false; });

    /* Neither a cancel nor a frame carries a signal of Wayfire's: the engine hears them from the cursor. */
    auto cursor = core.get_wlr_cursor();
    on_touch_cancel.connect(&cursor->events.touch_cancel,
        [this] (void *data) { touch_cancel(static_cast<wlr_touch_cancel_event*>(data)); });
    on_touch_frame.set_callback([this] (void*) { touch_frame(); });
    on_touch_frame.connect(&cursor->events.touch_frame);
}

void engine::touch_down(wlr_touch_down_event *event)
{
    bool locked = notice_lock();
    tell_modifiers();
    uint32_t device = touchscreen_touched(tactus_touch_event_device(event));
    cancelled.erase(event->touch_id);
    bypassed[event->touch_id] = locked;
    decide(device, TACTUS_TOUCH_DOWN, event->touch_id, locked ? TACTUS_DELIVER :
        tactus.touch_down(plugin, device, event->time_msec, event->touch_id, event->x, event->y));
}

void engine::touch_motion(wlr_touch_motion_event *event)
{
    notice_lock();
    uint32_t device = id_of(tactus_touch_event_device(event));
    decide(device, TACTUS_TOUCH_MOTION, event->touch_id, bypassed[event->touch_id] ? TACTUS_DELIVER :
        tactus.touch_motion(plugin, device, event->time_msec, event->touch_id, event->x, event->y));
}

/* An up; or, on Wayfire 0.9, the one it makes of a cancel, which the engine heard as such: nothing of it reaches the
 * client, which got wl_touch.cancel. */
void engine::touch_up(wlr_touch_up_event *event)
{
    notice_lock();
    uint32_t device = id_of(tactus_touch_event_device(event));
    bool bypass = bypassed[event->touch_id];
    bypassed.erase(event->touch_id);
    if (cancelled.erase(event->touch_id))
    {
        decide(device, TACTUS_TOUCH_UP, event->touch_id, TACTUS_DROP);
        return;
    }

    decide(device, TACTUS_TOUCH_UP, event->touch_id, bypass ? TACTUS_DELIVER :
        tactus.touch_up(plugin, device, event->time_msec, event->touch_id));
}

/* libinput gave up on the device's touches (a palm, a lost device): so do the engine and the clients. */
void engine::touch_cancel(wlr_touch_cancel_event *event)
{
    uint32_t device = id_of(tactus_touch_event_device(event));
    tactus.touch_cancel(plugin, device, event->time_msec, event->touch_id);
    cancel(device);
    cancelled.insert(event->touch_id);
}

/* Frames reach clients as the engine lets them go. */
void engine::touch_frame()
{
    current.active = false;
    if (tactus.touch_frame(plugin, current.device) == TACTUS_DELIVER)
    {
        wlr_seat_touch_send_frame(seat);
    }
}

/* Wayfire is about to hand the seat an event the engine decided on. */
void engine::decide(uint32_t device, uint32_t type, int32_t id, tactus_decision decision)
{
    current = {true, device, type, id, decision};
    last_decision[id] = decision;
}

/* The seat grab through which Wayfire's touches reach clients. Another grab (a drag and drop) ends ours: it is taken
 * again when that one ends. */
void engine::take_touch_grab()
{
    grab_interface.down = [] (wlr_seat_touch_grab *grab, uint32_t time, wlr_touch_point *point) -> uint32_t
    {
        return static_cast<engine*>(grab->data)->to_client(point, TACTUS_TOUCH_DOWN, time);
    };
    grab_interface.up = [] (wlr_seat_touch_grab *grab, uint32_t time, wlr_touch_point *point)
        -> compat::touch_up_serial
    {
        return static_cast<compat::touch_up_serial>(
            static_cast<engine*>(grab->data)->to_client(point, TACTUS_TOUCH_UP, time));
    };
    grab_interface.motion = [] (wlr_seat_touch_grab *grab, uint32_t time, wlr_touch_point *point)
    {
        static_cast<engine*>(grab->data)->to_client(point, TACTUS_TOUCH_MOTION, time);
    };
    grab_interface.enter = [] (wlr_seat_touch_grab*, uint32_t, wlr_touch_point*) {};
    /* Frames go to clients from the cursor's (touch_frame): Wayfire 0.9 also hands the seat one, which would be a
     * second. */
    grab_interface.frame  = [] (wlr_seat_touch_grab*) {};
    grab_interface.cancel = [] (wlr_seat_touch_grab*) {};
    /* wlroots 0.18 names the client by its seat client, 0.15 by the surface of its touch. */
    grab_interface.wl_cancel = [] (wlr_seat_touch_grab *grab, auto *client)
    {
        wlr_seat_touch_send_cancel(grab->seat, client);
    };
    grab.interface = &grab_interface;
    grab.data = this;
    wlr_seat_touch_start_grab(seat, &grab);
    on_grab_end.set_callback([this] (void*)
    {
        if (seat->touch_state.grab == seat->touch_state.default_grab)
        {
            wlr_seat_touch_start_grab(seat, &grab);
        }
    });
    on_grab_end.connect(&seat->events.touch_grab_end);
}

void engine::let_go_of_touch_grab()
{
    on_grab_end.disconnect();
    if (seat->touch_state.grab == &grab)
    {
        wlr_seat_touch_end_grab(seat);
    }
}

/* What Wayfire hands the seat for a client: sent, kept, or dropped as the engine decided. Events Wayfire makes of its
 * own (a window moved under a finger) follow the touch's last decision. Returns a down's serial, never 0: the seat
 * forgets a touch point whose down has none, and Wayfire would then hand it every motion as a new down. */
uint32_t engine::to_client(wlr_touch_point *point, uint32_t type, uint32_t time)
{
    tactus_decision decision = TACTUS_DROP; /* withheld, nothing of the engine's would come for it */
    uint32_t device = current.device;
    auto last  = last_decision.find(point->touch_id);
    auto owner = delivered.find(point->touch_id);
    if (current.active && (current.id == point->touch_id) && (current.type == type))
    {
        decision = current.decision;
    } else if ((last != last_decision.end()) && (last->second == TACTUS_DELIVER) &&
               ((type == TACTUS_TOUCH_DOWN) || (owner != delivered.end())))
    {
        decision = TACTUS_DELIVER;
        device   = owner != delivered.end() ? owner->second : device;
    }

    client_touch touch{device, type, point->touch_id, time, point->surface, point->sx, point->sy};
    if (decision == TACTUS_DELIVER)
    {
        return send(touch);
    }

    if (decision == TACTUS_WITHHOLD)
    {
        withhold(touch, point->surface);
    }

    return wlr_seat_client_next_serial(point->client);
}

/* Keeps an event the engine withholds, forgetting its surface if that goes first. The engine drops withheld events
 * without a word, and holds no more than HOST_MAX_WITHHELD_TOUCHES at once: older ones than that were dropped. */
void engine::withhold(const client_touch& touch, wlr_surface *surface)
{
    if (withheld.size() == HOST_MAX_WITHHELD_TOUCHES)
    {
        withheld.pop_front();
        withheld_surface_gone.pop_front();
    }

    withheld.push_back(touch);
    auto& gone = withheld_surface_gone.emplace_back();
    auto kept  = std::prev(withheld.end());
    gone.set_callback([kept] (void*) { kept->surface = nullptr; });
    if (surface)
    {
        gone.connect(&surface->events.destroy);
    }
}

/* Sends one event to the client of its surface, on each of its wl_touch; returns the serial it had, if any. */
uint32_t engine::send(const client_touch& touch)
{
    auto client = touch.surface ?
        wlr_seat_client_for_wl_client(seat, wl_resource_get_client(touch.surface->resource)) : nullptr;
    if (!client)
    {
        return 0;
    }

    if (touch.type == TACTUS_TOUCH_DOWN)
    {
        delivered[touch.id] = touch.device;
    } else if (touch.type == TACTUS_TOUCH_UP)
    {
        delivered.erase(touch.id);
    }

    uint32_t serial = touch.type == TACTUS_TOUCH_MOTION ? 0 : wlr_seat_client_next_serial(client);
    wl_resource *resource;
    wl_resource_for_each(resource, &client->touches)
    {
        if (!wl_resource_get_user_data(resource))
        {
            continue; /* a wl_touch whose seat went: inert */
        }

        auto x = wl_fixed_from_double(touch.sx), y = wl_fixed_from_double(touch.sy);
        switch (touch.type)
        {
          case TACTUS_TOUCH_DOWN:
            wl_touch_send_down(resource, serial, touch.time, touch.surface->resource, touch.id, x, y);
            break;

          case TACTUS_TOUCH_MOTION:
            wl_touch_send_motion(resource, touch.time, touch.id, x, y);
            break;

          case TACTUS_TOUCH_UP:
            wl_touch_send_up(resource, serial, touch.time, touch.id);
            break;
        }
    }

    client->needs_touch_frame = true;
    return serial;
}

/* The engine lets a withheld event go: the first kept one of that touch and type, or the one Wayfire is handling. */
void engine::deliver(const tactus_touch *touch)
{
    if (touch->type == TACTUS_TOUCH_FRAME)
    {
        wlr_seat_touch_send_frame(seat);
        return;
    }

    /* The engine lets each touch's events go in order: earlier ones of the touch still kept here were dropped. */
    auto gone = withheld_surface_gone.begin();
    for (auto kept = withheld.begin(); kept != withheld.end();)
    {
        if (kept->id != touch->touch_id)
        {
            ++kept, ++gone;
            continue;
        }

        client_touch event = *kept;
        kept = withheld.erase(kept);
        gone = withheld_surface_gone.erase(gone);
        if (event.type == touch->type)
        {
            event.device = touch->device;
            send(event);
            return;
        }
    }

    if (current.active && (current.id == touch->touch_id) && (current.type == touch->type))
    {
        current.decision = TACTUS_DELIVER;
    }
}

/* A binding took over touches of the device that a client already got: wl_touch.cancel to it, and nothing more of
 * them reaches it. */
void engine::cancel(uint32_t device)
{
    std::set<wl_client*> told; /* wl_touch.cancel ends all of a client's touches: once each */
    for (auto it = delivered.begin(); it != delivered.end();)
    {
        if (it->second != device)
        {
            ++it;
            continue;
        }

        auto point = wlr_seat_touch_get_point(seat, it->first);
        if (point && told.insert(point->client->client).second)
        {
            tactus_seat_touch_send_cancel(seat, point);
        }

        last_decision[it->first] = TACTUS_DROP;
        it = delivered.erase(it);
    }

    auto gone = withheld_surface_gone.begin();
    for (auto kept = withheld.begin(); kept != withheld.end();)
    {
        if (kept->device == device)
        {
            kept = withheld.erase(kept);
            gone = withheld_surface_gone.erase(gone);
        } else
        {
            ++kept, ++gone;
        }
    }
}
} // namespace tactus_wayfire
