// SPDX-License-Identifier: MIT
/*
 * The Tactus plugin for Wayfire 0.7: libtactus loaded through tactus.h, as tactus-wlr's glue loads it, once per
 * compositor. Wayfire makes an instance of a plugin for each output; they share one engine (the `engine` below, held
 * by Wayfire's singleton plugin), so that one tactus-gestures-v1 global serves every output.
 *
 * Where it sits in Wayfire's input path:
 *   - touches: Wayfire emits each touch event as a signal before it handles it; the engine hears it there, and its
 *     decision is kept for the moment Wayfire hands the event to the seat. A touch grab on the seat (Wayfire 0.7
 *     ignores its own "no client" mode for touches) then delivers, withholds or drops what reaches the client, and
 *     sends wl_touch.cancel when a binding takes over touches a client already got;
 *   - touchpad gestures: heard the same way; Wayfire 0.7 sends them to the client under the pointer whatever a plugin
 *     says, so one the engine keeps is hidden from that send by taking the pointer's focus away for its duration;
 *   - hit tests: Wayfire's own (the surface under a point as input goes), with surface-local origins from its views;
 *   - bindings' host actions: Wayfire activators by their option's name ("expo/toggle"), on the active output.
 */
#include <dlfcn.h>
#include <cstdio>
#include <cstring>
#include <list>
#include <map>
#include <memory>
#include <set>
#include <string>

#include <wayfire/core.hpp>
#include <wayfire/input-device.hpp>
#include <wayfire/option-wrapper.hpp>
#include <wayfire/output-layout.hpp>
#include <wayfire/output.hpp>
#include <wayfire/plugin.hpp>
#include <wayfire/signal-definitions.hpp>
#include <wayfire/singleton-plugin.hpp>
#include <wayfire/util.hpp>
#include <wayfire/util/log.hpp>
#include <wayfire/view.hpp>
#include <wayfire/nonstd/wlroots-full.hpp>
extern "C" {
#include <wlr/types/wlr_region.h>
}

#include "tactus.h"

namespace
{
/* The most devices the engine is told of at once; ids are their index here + 1. */
constexpr int max_devices = 32;
/* The most touch events libtactus withholds at once (docs/robustness.md); it delivers the oldest beyond them. */
constexpr size_t max_withheld = 4096;

/* A touch event on its way to a client: kept while the engine withholds it, sent when it lets it go. */
struct client_touch
{
    uint32_t device;
    uint32_t type; /* enum tactus_touch_type */
    int32_t id;
    uint32_t time;
    wlr_surface *surface; /* NULL once the surface is gone */
    double sx, sy;
};

class engine
{
  public:
    engine(const std::string& library_path, const std::string& config_path);
    ~engine();
    engine(const engine&) = delete;
    engine& operator =(const engine&) = delete;

    void reload();

  private:
    tactus_plugin_entries tactus{};
    tactus_plugin *plugin = nullptr;
    wlr_seat *seat;

    /* Devices */
    wlr_input_device *devices[max_devices] = {};
    tactus_device announced[max_devices] = {}; /* as each was last announced */
    uint32_t id_of(wlr_input_device *device) const;
    uint32_t announce(wlr_input_device *device);
    void announce_if_gestures(wlr_input_device *device);
    void announce_touchscreens();
    void forget(wlr_input_device *device);
    wf::signal_connection_t on_device_added, on_device_removed, on_layout_changed;

    /* Touch: the decision for the event Wayfire is handling now, taken before it reaches the seat. */
    struct
    {
        bool active = false;
        uint32_t device;
        uint32_t type;
        int32_t id;
        tactus_decision decision;
    } current;
    std::map<int32_t, tactus_decision> last_decision; /* by touch id: for what Wayfire sends outside an event */
    std::map<int32_t, uint32_t> delivered;            /* touch id to device, while its client has it */
    std::list<client_touch> withheld;
    std::list<wf::wl_listener_wrapper> withheld_surface_gone;
    wlr_seat_touch_grab grab{};
    wlr_touch_grab_interface grab_interface{};
    wf::wl_listener_wrapper on_grab_end, on_touch_cancel, on_touch_frame;
    wf::signal_connection_t on_touch_down, on_touch_motion, on_touch_up, on_touch_handled[3];
    void decide(uint32_t device, uint32_t type, int32_t id, tactus_decision decision);
    uint32_t to_client(wlr_touch_point *point, uint32_t type, uint32_t time);
    uint32_t send(const client_touch& touch);
    void deliver(const tactus_touch *touch);
    void cancel(uint32_t device);
    std::map<int32_t, bool> bypassed; /* by touch id: touches the engine does not hear (a locked session's) */
    static bool locked();
    wf::wl_listener_wrapper on_lock, on_unlock; /* the input inhibitor taken and released */

    /* Touchpad gestures */
    enum class touchpad_gesture { none, swipe, pinch, hold };
    touchpad_gesture forwarded = touchpad_gesture::none;
    bool touchpad_bypassed = false; /* the gesture running began while the session was locked */
    uint32_t forwarded_time = 0;
    wlr_surface *hidden_focus = nullptr;
    wf::signal_connection_t on_gesture[6], on_gesture_post[6];
    wf::wl_listener_wrapper on_hold_begin, on_hold_end;
    using touchpad_begin_entry = tactus_decision (*)(tactus_plugin*, uint32_t, uint32_t, uint32_t);
    using touchpad_end_entry   = tactus_decision (*)(tactus_plugin*, uint32_t, uint32_t, bool);
    tactus_decision touchpad_begins(touchpad_begin_entry entry, touchpad_gesture kind, wlr_input_device *device,
        uint32_t time, uint32_t fingers);
    bool touchpad_updates(uint32_t time);
    tactus_decision touchpad_ends(touchpad_end_entry entry, wlr_input_device *device, uint32_t time, bool cancelled);
    void hide_from_clients_if(tactus_decision decision);
    void show_to_clients();
    void cancel_touchpad_gesture();

    /* Surfaces: their commits reach the engine (tactus-gestures-v1 regions take effect there). */
    struct committing_surface
    {
        engine *owner;
        wlr_surface *surface;
        wl_listener commit, destroy;
    };
    std::set<committing_surface*> committing;
    void stop_following(committing_surface *followed);
    wf::wl_listener_wrapper on_new_surface;
    void follow_commits(wlr_surface *surface);
    static bool find_compositor(const wl_client *client, const wl_global *global, void *data);

    /* What the engine asks of Wayfire */
    size_t surfaces_at(double x, double y, tactus_surface_hit *hits, size_t capacity);
    void run_action(const char *name, tactus_phase phase, double progress, const tactus_values *values);
    std::set<std::string> live_actions; /* those whose live binding began: run already */
    static tactus_host host_for(engine *self);
};

/* Devices: touchscreens and touchpads, by their index here + 1. */

uint32_t engine::id_of(wlr_input_device *device) const
{
    for (int i = 0; i < max_devices; i++)
    {
        if (devices[i] == device)
        {
            return i + 1;
        }
    }

    return 0;
}

/* The output region a touchscreen maps to, as Wayfire maps it: its input-device section's output, else the one udev
 * names, else the whole layout. wlroots maps touches without the output's transform, so the engine gets none. */
static wlr_box touchscreen_region(wlr_input_device *device)
{
    auto& core = wf::get_core();
    auto section = core.config_backend->get_input_device_section(device);
    std::string name = section->get_option("output")->get_value_str();
    if (name.empty() && device->output_name)
    {
        name = device->output_name;
    }

    if (auto output = core.output_layout->find_output(name))
    {
        return output->get_layout_geometry();
    }

    return *wlr_output_layout_get_box(core.output_layout->get_handle(), nullptr);
}

uint32_t engine::announce(wlr_input_device *device)
{
    uint32_t id = id_of(device);
    if (!id)
    {
        id = id_of(nullptr);
        if (!id)
        {
            LOGE("tactus: no room for ", device->name, ": ", max_devices, " devices are known already");
            return 0;
        }

        devices[id - 1] = device;
    }

    bool touchscreen = device->type == WLR_INPUT_DEVICE_TOUCH;
    tactus_device description{};
    description.size      = sizeof description;
    description.id        = id;
    description.kind      = touchscreen ? TACTUS_DEVICE_TOUCHSCREEN : TACTUS_DEVICE_TOUCHPAD;
    description.name      = device->name;
    description.width_mm  = device->width_mm;
    description.height_mm = device->height_mm;
    description.seat = seat->name;
    if (touchscreen)
    {
        wlr_box box = touchscreen_region(device);
        description.output = {(double)box.x, (double)box.y, (double)box.width, (double)box.height};
        if (wlr_input_device_is_libinput(device))
        {
            libinput_device_config_calibration_get_matrix(wlr_libinput_get_device_handle(device),
                description.calibration);
        }
    }

    tactus.add_device(plugin, &description);
    announced[id - 1] = description;
    return id;
}

/* Touchscreens, and the pointers libinput says make gestures (touchpads), as they come; another driver's pointer
 * (a headless one in tests) once it sends a touchpad gesture. */
void engine::announce_if_gestures(wlr_input_device *device)
{
    if ((device->type == WLR_INPUT_DEVICE_TOUCH) ||
        ((device->type == WLR_INPUT_DEVICE_POINTER) && wlr_input_device_is_libinput(device) &&
         libinput_device_has_capability(wlr_libinput_get_device_handle(device), LIBINPUT_DEVICE_CAP_GESTURE)))
    {
        announce(device);
    }
}

void engine::announce_touchscreens()
{
    for (auto device : devices)
    {
        if (device && (device->type == WLR_INPUT_DEVICE_TOUCH))
        {
            announce(device);
        }
    }
}

void engine::forget(wlr_input_device *device)
{
    if (uint32_t id = id_of(device))
    {
        tactus.remove_device(plugin, id);
        devices[id - 1] = nullptr;
    }
}

/* Touch: Wayfire's signal before it handles an event tells the engine; the seat grab below does as it decided. */

/* While a client holds the input inhibitor (a lock screen), the engine hears nothing that begins: no binding runs and
 * no client's gesture starts; Wayfire gives the lock screen its touches and touchpad gestures as it always does. What
 * began before goes on to its end, without the bindings: libtactus hears of the lock (set_session_locked) and
 * cancels a binding's gesture in progress. */
bool engine::locked()
{
    return wf::get_core().protocols.input_inhibit->active_client != nullptr;
}

/* Wayfire is about to hand the seat an event the engine decided on. */
void engine::decide(uint32_t device, uint32_t type, int32_t id, tactus_decision decision)
{
    current = {true, device, type, id, decision};
    last_decision[id] = decision;
}

/* What Wayfire hands the seat for a client: sent, kept, or dropped as the engine decided. Events Wayfire makes of its
 * own (a window moved under a finger) follow the touch's last decision. Returns a down's serial, never 0: the seat
 * forgets a touch point whose down has none, and Wayfire would then hand it every motion as a new down. */
uint32_t engine::to_client(wlr_touch_point *point, uint32_t type, uint32_t time)
{
    tactus_decision decision = TACTUS_DROP; /* withheld, nothing of the engine's would come for it */
    uint32_t device = current.device;
    auto last = last_decision.find(point->touch_id);
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
        /* The engine drops withheld events without a word, and holds no more than max_withheld at once: older ones
         * than that were dropped. */
        if (withheld.size() == max_withheld)
        {
            withheld.pop_front();
            withheld_surface_gone.pop_front();
        }

        withheld.push_back(touch);
        auto& gone = withheld_surface_gone.emplace_back();
        auto kept  = std::prev(withheld.end());
        gone.set_callback([kept] (void*) { kept->surface = nullptr; });
        gone.connect(&point->surface->events.destroy);
    }

    return wlr_seat_client_next_serial(point->client);
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
    std::set<wl_client*> cancelled; /* wl_touch.cancel ends all of a client's touches: once each */
    for (auto it = delivered.begin(); it != delivered.end();)
    {
        if (it->second != device)
        {
            ++it;
            continue;
        }

        auto point = wlr_seat_touch_get_point(seat, it->first);
        if (point && point->surface && cancelled.insert(point->client->client).second)
        {
            wlr_seat_touch_send_cancel(seat, point->surface);
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

/* Touchpad gestures. Wayfire 0.7 sends them to the client under the pointer whatever plugins say: one the engine
 * keeps is hidden from that send by clearing the seat's pointer focus between Wayfire's signal and its _post one, the
 * two that bracket the send. */

/* A swipe, pinch or hold begins (their entries take the same arguments): the engine's decision for clients, and
 * TACTUS_DELIVER for one begun while the session is locked, which the engine does not hear. */
tactus_decision engine::touchpad_begins(touchpad_begin_entry entry, touchpad_gesture kind, wlr_input_device *device,
    uint32_t time, uint32_t fingers)
{
    touchpad_bypassed = locked();
    auto decision = touchpad_bypassed ? TACTUS_DELIVER : entry(plugin, announce(device), time, fingers);
    forwarded = decision == TACTUS_DELIVER ? kind : touchpad_gesture::none;
    forwarded_time = time;
    return decision;
}

/* Whether the engine hears an update of the gesture running. */
bool engine::touchpad_updates(uint32_t time)
{
    forwarded_time = time;
    return !touchpad_bypassed;
}

tactus_decision engine::touchpad_ends(touchpad_end_entry entry, wlr_input_device *device, uint32_t time,
    bool cancelled)
{
    auto decision = touchpad_bypassed ? TACTUS_DELIVER : entry(plugin, announce(device), time, cancelled);
    forwarded = touchpad_gesture::none;
    return decision;
}

void engine::hide_from_clients_if(tactus_decision decision)
{
    if (decision != TACTUS_DELIVER)
    {
        hidden_focus = seat->pointer_state.focused_surface;
        seat->pointer_state.focused_surface = nullptr;
    }
}

void engine::show_to_clients()
{
    if (hidden_focus)
    {
        seat->pointer_state.focused_surface = hidden_focus;
        hidden_focus = nullptr;
    }
}

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

/* Surfaces. Wayfire 0.7 keeps its wlr_compositor to itself; the wl_compositor global's data is that compositor, and a
 * global filter sees the global when the first client looks at the registry, before it can make a surface. */

void engine::follow_commits(wlr_surface *surface)
{
    auto followed = new committing_surface{this, surface, {}, {}};
    followed->commit.notify = [] (wl_listener *listener, void*)
    {
        committing_surface *followed = wl_container_of(listener, followed, commit);
        followed->owner->tactus.surface_committed(followed->owner->plugin, followed->surface->resource);
    };
    followed->destroy.notify = [] (wl_listener *listener, void*)
    {
        committing_surface *followed = wl_container_of(listener, followed, destroy);
        followed->owner->stop_following(followed);
    };
    wl_signal_add(&surface->events.commit, &followed->commit);
    wl_signal_add(&surface->events.destroy, &followed->destroy);
    committing.insert(followed);
}

void engine::stop_following(committing_surface *followed)
{
    wl_list_remove(&followed->commit.link);
    wl_list_remove(&followed->destroy.link);
    committing.erase(followed);
    delete followed;
}

bool engine::find_compositor(const wl_client*, const wl_global *global, void *data)
{
    auto self = static_cast<engine*>(data);
    if (!self->on_new_surface.is_connected() && (wl_global_get_interface(global) == &wl_compositor_interface))
    {
        auto compositor = static_cast<wlr_compositor*>(wl_global_get_user_data(global));
        self->on_new_surface.connect(&compositor->events.new_surface);
    }

    return true;
}

/* What the engine asks of Wayfire. */

/* The surfaces under a layout point, front first: the one input goes to, then each it is a subsurface of, with its
 * top-left corner in layout pixels (the point less the point's surface-local coordinates, as the view maps them). */
size_t engine::surfaces_at(double x, double y, tactus_surface_hit *hits, size_t capacity)
{
    auto& core   = wf::get_core();
    auto focused = core.get_surface_at({x, y});
    auto view    = focused ? dynamic_cast<wf::view_interface_t*>(focused->get_main_surface()) : nullptr;
    wlr_surface *surface = focused ? focused->get_wlr_surface() : nullptr;
    if (!surface || !view || !view->get_output())
    {
        return 0;
    }

    auto origin = view->get_output()->get_layout_geometry();
    auto local  = view->global_to_local_point({x - origin.x, y - origin.y}, focused);
    double origin_x = x - local.x, origin_y = y - local.y;
    size_t count = 0; /* all there are; those beyond capacity are counted, not written */
    while (surface)
    {
        if (count < capacity)
        {
            hits[count].surface  = surface->resource;
            hits[count].origin_x = origin_x;
            hits[count].origin_y = origin_y;
            hits[count].width    = surface->current.width;
            hits[count].height   = surface->current.height;
        }

        count++;
        if (!wlr_surface_is_subsurface(surface))
        {
            break;
        }

        auto subsurface = wlr_subsurface_from_wlr_surface(surface);
        origin_x -= subsurface->current.x;
        origin_y -= subsurface->current.y;
        surface   = subsurface->parent;
    }

    return count;
}

/* A host action names a Wayfire activator by its option ("expo/toggle"), called on the active output. Wayfire 0.7's
 * activators take no progress: a binding runs its activator when its gesture ends or is recognized, a live one as soon
 * as it begins (the overview opens under the fingers), and again if it is then cancelled, which toggles it back. Every
 * step is logged, as tactus-wlr prints it ("action NAME PHASE progress P fingers F"). */
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

    auto output = wf::get_core().get_active_output();
    wf::activator_data_t data{};
    data.source = wf::activator_source_t::GESTURE;
    data.activation_data = values->fingers;
    if (output && output->call_plugin(name, data))
    {
        LOGI("tactus: called the activator ", name, " on ", output->to_string());
    } else
    {
        LOGE("tactus: ", name, " is no Wayfire activator that took the call (a plugin's option, such as expo/toggle)");
    }
}

tactus_host engine::host_for(engine *self)
{
    tactus_host host{};
    host.size = sizeof host;
    host.data = self;
    host.surfaces_at = [] (void *data, double x, double y, tactus_surface_hit *hits, size_t capacity)
    {
        return static_cast<engine*>(data)->surfaces_at(x, y, hits, capacity);
    };
    host.pointer_location = [] (void*, double *x, double *y)
    {
        auto position = wf::get_core().get_cursor_position();
        *x = position.x;
        *y = position.y;
    };
    host.region_rectangles = [] (void*, wl_resource *region, tactus_rect *rects, size_t capacity)
    {
        int count;
        const pixman_box32_t *boxes = pixman_region32_rectangles(wlr_region_from_resource(region), &count);
        for (size_t i = 0; i < (size_t)count && i < capacity; i++)
        {
            rects[i] = {(double)boxes[i].x1, (double)boxes[i].y1, (double)(boxes[i].x2 - boxes[i].x1),
                (double)(boxes[i].y2 - boxes[i].y1)};
        }

        return (size_t)count;
    };
    host.cancel_touches = [] (void *data, uint32_t device) { static_cast<engine*>(data)->cancel(device); };
    host.deliver_touch  = [] (void *data, const tactus_touch *touch)
    {
        static_cast<engine*>(data)->deliver(touch);
    };
    host.run_action = [] (void *data, const char *name, tactus_phase phase, double progress,
                          const tactus_values *values)
    {
        static_cast<engine*>(data)->run_action(name, phase, progress, values);
    };
    host.log = [] (void*, tactus_log_level level, const char *message)
    {
        if (level == TACTUS_LOG_ERROR)
        {
            LOGE(message);
        } else
        {
            LOGI(message);
        }
    };
    host.cancel_touchpad_gesture = [] (void *data, uint32_t)
    {
        static_cast<engine*>(data)->cancel_touchpad_gesture();
    };
    host.seat_name = [] (void*, wl_resource *resource) -> const char*
    {
        auto client = wlr_seat_client_from_resource(resource);
        return client ? client->seat->name : nullptr;
    };
    return host;
}

/* Loading: libtactus by its SONAME (or the path the option gives), its entry points looked up by name from tactus.h's
 * list, the engine made on Wayfire's display, then Wayfire's signals. libtactus stays loaded once loaded: a library
 * that carries its own language runtime is not unloaded safely, and loading it again finds it. */
engine::engine(const std::string& library_path, const std::string& config_path)
{
    auto& core = wf::get_core();
    seat = core.get_current_seat();
    void *library = dlopen(library_path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library)
    {
        LOGE("tactus: cannot load ", library_path, ": ", dlerror());
        return;
    }

#define LOOK_UP(name, type, parameters) \
    *(void**)&tactus.name = dlsym(library, "tactus_plugin_" #name); \
    if (!tactus.name) \
    { \
        LOGE("tactus: ", library_path, " is not libtactus: it lacks tactus_plugin_" #name); \
        return; \
    }
    TACTUS_PLUGIN_ENTRY_POINTS(LOOK_UP)
#undef LOOK_UP

    tactus_host host = host_for(this);
    plugin = tactus.create(TACTUS_ABI_VERSION, core.display, &host,
        config_path.empty() ? nullptr : config_path.c_str());
    if (!plugin)
    {
        return;
    }

    /* Devices, as they are now and as they come and go. */
    for (auto& device : core.get_input_devices())
    {
        announce_if_gestures(device->get_wlr_handle());
    }

    on_device_added.set_callback([this] (wf::signal_data_t *data)
    {
        announce_if_gestures(static_cast<wf::input_device_signal*>(data)->device->get_wlr_handle());
    });
    on_device_removed.set_callback([this] (wf::signal_data_t *data)
    {
        forget(static_cast<wf::input_device_signal*>(data)->device->get_wlr_handle());
    });
    on_layout_changed.set_callback([this] (wf::signal_data_t*) { announce_touchscreens(); });
    core.connect_signal("input-device-added", &on_device_added);
    core.connect_signal("input-device-removed", &on_device_removed);
    core.output_layout->connect_signal("configuration-changed", &on_layout_changed);

    /* Touches, before Wayfire handles them. */
    on_touch_down.set_callback([this] (wf::signal_data_t *data)
    {
        auto event = static_cast<wf::input_event_signal<wlr_event_touch_down>*>(data)->event;
        tactus.set_modifiers(plugin, 0);
        if (auto keyboard = wlr_seat_get_keyboard(seat))
        {
            uint32_t held = wlr_keyboard_get_modifiers(keyboard);
            tactus.set_modifiers(plugin, (held & WLR_MODIFIER_SHIFT ? TACTUS_MODIFIER_SHIFT : 0) |
                (held & WLR_MODIFIER_CTRL ? TACTUS_MODIFIER_CTRL : 0) |
                (held & WLR_MODIFIER_ALT ? TACTUS_MODIFIER_ALT : 0) |
                (held & WLR_MODIFIER_LOGO ? TACTUS_MODIFIER_SUPER : 0));
        }

        /* A touchscreen whose size or output was learnt after it came (a headless one playing a panel, mapped by
         * the test) is announced again. */
        uint32_t device = id_of(event->device);
        if (device)
        {
            const auto& was = announced[device - 1];
            wlr_box box     = touchscreen_region(event->device);
            if ((was.width_mm != event->device->width_mm) || (was.height_mm != event->device->height_mm) ||
                (was.output.x != box.x) || (was.output.y != box.y) || (was.output.width != box.width) ||
                (was.output.height != box.height))
            {
                announce(event->device);
            }
        }

        bool bypass = bypassed[event->touch_id] = locked();
        decide(device, TACTUS_TOUCH_DOWN, event->touch_id, bypass ? TACTUS_DELIVER :
            tactus.touch_down(plugin, device, event->time_msec, event->touch_id, event->x, event->y));
    });
    on_touch_motion.set_callback([this] (wf::signal_data_t *data)
    {
        auto event = static_cast<wf::input_event_signal<wlr_event_touch_motion>*>(data)->event;
        uint32_t device = id_of(event->device);
        decide(device, TACTUS_TOUCH_MOTION, event->touch_id, bypassed[event->touch_id] ? TACTUS_DELIVER :
            tactus.touch_motion(plugin, device, event->time_msec, event->touch_id, event->x, event->y));
    });
    on_touch_up.set_callback([this] (wf::signal_data_t *data)
    {
        auto event = static_cast<wf::input_event_signal<wlr_event_touch_up>*>(data)->event;
        uint32_t device = id_of(event->device);
        decide(device, TACTUS_TOUCH_UP, event->touch_id, bypassed[event->touch_id] ? TACTUS_DELIVER :
            tactus.touch_up(plugin, device, event->time_msec, event->touch_id));
        bypassed.erase(event->touch_id);
    });
    core.connect_signal("touch_down", &on_touch_down);
    core.connect_signal("touch_motion", &on_touch_motion);
    core.connect_signal("touch_up", &on_touch_up);
    /* Once Wayfire has handled the event, what it sends on its own account follows each touch's last decision. */
    const char *handled[] = {"touch_down_post", "touch_motion_post", "touch_up_post"};
    for (int i = 0; i < 3; i++)
    {
        on_touch_handled[i].set_callback([this] (wf::signal_data_t*) { current.active = false; });
        core.connect_signal(handled[i], &on_touch_handled[i]);
    }

    /* Wayfire 0.7 handles neither a touch cancel nor a frame: the engine hears them from the cursor, and frames reach
     * clients as it decides. */
    auto cursor = core.get_wlr_cursor();
    on_touch_cancel.set_callback([this] (void *data)
    {
        auto event = static_cast<wlr_event_touch_cancel*>(data);
        tactus.touch_cancel(plugin, id_of(event->device), event->time_msec, event->touch_id);
    });
    on_touch_frame.set_callback([this] (void*)
    {
        current.active = false;
        if (tactus.touch_frame(plugin, current.device) == TACTUS_DELIVER)
        {
            wlr_seat_touch_send_frame(seat);
        }
    });
    on_touch_cancel.connect(&cursor->events.touch_cancel);
    on_touch_frame.connect(&cursor->events.touch_frame);

    /* The seat grab through which Wayfire's touches reach clients. Another grab (a drag and drop) ends ours: it is
     * taken again when that one ends. */
    grab_interface.down = [] (wlr_seat_touch_grab *grab, uint32_t time, wlr_touch_point *point) -> uint32_t
    {
        return static_cast<engine*>(grab->data)->to_client(point, TACTUS_TOUCH_DOWN, time);
    };
    grab_interface.up = [] (wlr_seat_touch_grab *grab, uint32_t time, wlr_touch_point *point)
    {
        static_cast<engine*>(grab->data)->to_client(point, TACTUS_TOUCH_UP, time);
    };
    grab_interface.motion = [] (wlr_seat_touch_grab *grab, uint32_t time, wlr_touch_point *point)
    {
        static_cast<engine*>(grab->data)->to_client(point, TACTUS_TOUCH_MOTION, time);
    };
    grab_interface.enter  = [] (wlr_seat_touch_grab*, uint32_t, wlr_touch_point*) {};
    grab_interface.frame  = [] (wlr_seat_touch_grab *grab) { wlr_seat_touch_send_frame(grab->seat); };
    grab_interface.cancel = [] (wlr_seat_touch_grab*) {};
    grab_interface.wl_cancel = [] (wlr_seat_touch_grab *grab, wlr_surface *surface)
    {
        wlr_seat_touch_send_cancel(grab->seat, surface);
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

    /* Touchpad gestures, before Wayfire sends them, and after; none begun while the session is locked. */
    const char *names[] = {"pointer_swipe_begin", "pointer_swipe_update", "pointer_swipe_end", "pointer_pinch_begin",
        "pointer_pinch_update", "pointer_pinch_end"};
    on_gesture[0].set_callback([this] (wf::signal_data_t *data)
    {
        auto e = static_cast<wf::input_event_signal<wlr_event_pointer_swipe_begin>*>(data)->event;
        hide_from_clients_if(touchpad_begins(tactus.swipe_begin, touchpad_gesture::swipe, e->device, e->time_msec,
            e->fingers));
    });
    on_gesture[1].set_callback([this] (wf::signal_data_t *data)
    {
        auto e = static_cast<wf::input_event_signal<wlr_event_pointer_swipe_update>*>(data)->event;
        if (touchpad_updates(e->time_msec))
        {
            hide_from_clients_if(tactus.swipe_update(plugin, announce(e->device), e->time_msec, e->dx, e->dy));
        }
    });
    on_gesture[2].set_callback([this] (wf::signal_data_t *data)
    {
        auto e = static_cast<wf::input_event_signal<wlr_event_pointer_swipe_end>*>(data)->event;
        hide_from_clients_if(touchpad_ends(tactus.swipe_end, e->device, e->time_msec, e->cancelled));
    });
    on_gesture[3].set_callback([this] (wf::signal_data_t *data)
    {
        auto e = static_cast<wf::input_event_signal<wlr_event_pointer_pinch_begin>*>(data)->event;
        hide_from_clients_if(touchpad_begins(tactus.pinch_begin, touchpad_gesture::pinch, e->device, e->time_msec,
            e->fingers));
    });
    on_gesture[4].set_callback([this] (wf::signal_data_t *data)
    {
        auto e = static_cast<wf::input_event_signal<wlr_event_pointer_pinch_update>*>(data)->event;
        if (touchpad_updates(e->time_msec))
        {
            hide_from_clients_if(tactus.pinch_update(plugin, announce(e->device), e->time_msec, e->dx, e->dy,
                e->scale, e->rotation));
        }
    });
    on_gesture[5].set_callback([this] (wf::signal_data_t *data)
    {
        auto e = static_cast<wf::input_event_signal<wlr_event_pointer_pinch_end>*>(data)->event;
        hide_from_clients_if(touchpad_ends(tactus.pinch_end, e->device, e->time_msec, e->cancelled));
    });
    for (int i = 0; i < 6; i++)
    {
        on_gesture_post[i].set_callback([this] (wf::signal_data_t*) { show_to_clients(); });
        core.connect_signal(names[i], &on_gesture[i]);
        core.connect_signal(std::string(names[i]) + "_post", &on_gesture_post[i]);
    }

    /* Wayfire 0.7 leaves hold gestures out: the engine hears them from the cursor, and clients get what it lets go. */
    on_hold_begin.set_callback([this] (void *data)
    {
        auto e = static_cast<wlr_event_pointer_hold_begin*>(data);
        if (touchpad_begins(tactus.hold_begin, touchpad_gesture::hold, e->device, e->time_msec, e->fingers) ==
            TACTUS_DELIVER)
        {
            wlr_pointer_gestures_v1_send_hold_begin(wf::get_core().protocols.pointer_gestures, seat,
                e->time_msec, e->fingers);
        }
    });
    on_hold_end.set_callback([this] (void *data)
    {
        auto e = static_cast<wlr_event_pointer_hold_end*>(data);
        if (touchpad_ends(tactus.hold_end, e->device, e->time_msec, e->cancelled) == TACTUS_DELIVER)
        {
            wlr_pointer_gestures_v1_send_hold_end(wf::get_core().protocols.pointer_gestures, seat,
                e->time_msec, e->cancelled);
        }
    });
    on_hold_begin.connect(&cursor->events.hold_begin);
    on_hold_end.connect(&cursor->events.hold_end);

    /* The lock: no binding acts while a lock screen holds the session. */
    on_lock.set_callback([this] (void*) { tactus.set_session_locked(plugin, true); });
    on_unlock.set_callback([this] (void*) { tactus.set_session_locked(plugin, false); });
    on_lock.connect(&core.protocols.input_inhibit->events.activate);
    on_unlock.connect(&core.protocols.input_inhibit->events.deactivate);
    tactus.set_session_locked(plugin, locked());

    /* Commits: of the views there are, and of every surface made from now on. */
    on_new_surface.set_callback([this] (void *data) { follow_commits(static_cast<wlr_surface*>(data)); });
    wl_display_set_global_filter(core.display, find_compositor, this);
    for (auto& view : core.get_all_views())
    {
        if (auto surface = view->get_wlr_surface())
        {
            follow_commits(surface);
        }
    }

    LOGI("tactus: libtactus ", library_path, " runs, ABI ", TACTUS_ABI_MAJOR, ".", TACTUS_ABI_MINOR);
}

void engine::reload()
{
    if (plugin)
    {
        tactus.reload_config(plugin);
    }
}

/* The engine goes before the plugin's last instance: clients' gesture objects are let go, and touches a client is in
 * the middle of are left to the seat as Wayfire handles them from here. */
engine::~engine()
{
    if (!plugin)
    {
        return;
    }

    auto& core = wf::get_core();
    tactus.destroy(plugin);
    wl_display_set_global_filter(core.display, nullptr, nullptr);
    while (!committing.empty())
    {
        stop_following(*committing.begin());
    }

    on_grab_end.disconnect();
    if (seat->touch_state.grab == &grab)
    {
        wlr_seat_touch_end_grab(seat);
    }

    show_to_clients();
    LOGI("tactus: the engine stopped");
}

/* What the plugin's instances on all outputs share: the engine, and the options it is made from. */
struct shared_engine
{
    wf::option_wrapper_t<std::string> config_path{"tactus/config"};
    wf::option_wrapper_t<std::string> library_path{"tactus/library"};
    std::unique_ptr<engine> running;
    wf::signal_connection_t on_reload_config{[this] (wf::signal_data_t*) { running->reload(); }};

    /* A new configuration path or library: the engine is made again with them. */
    void start()
    {
        running.reset();
        std::string library = library_path;
        running = std::make_unique<engine>(library.empty() ? TACTUS_LIBRARY : library, config_path);
    }

    shared_engine()
    {
        start();
        config_path.set_callback([this] { start(); });
        library_path.set_callback([this] { start(); });
        wf::get_core().connect_signal("reload-config", &on_reload_config);
    }
};

} // namespace

/* Wayfire makes the plugin for each output; a singleton plugin's instances share one shared_engine, made by the first
 * and destroyed with the last. */
using tactus_wayfire_plugin = wf::singleton_plugin_t<shared_engine>;
DECLARE_WAYFIRE_PLUGIN(tactus_wayfire_plugin);
