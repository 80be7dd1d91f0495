// SPDX-License-Identifier: MIT
/*
 * What differs between the Wayfires the plugin builds against: 0.9 (Debian 13's, on wlroots 0.18) and 0.7 (Debian
 * 12's, on wlroots 0.15). The code of record is 0.9's; each #if TACTUS_WAYFIRE_07 below gives 0.7 the same thing, so
 * that the plugin's other files (and the test plugin's, Tests/WayfireControl) read as 0.9 code. wlroots' differences
 * are wlr-compat.h's, included here after Wayfire's wlroots headers.
 *
 * Wayfire has no version macro before 0.10: 0.8 brought per-output-plugin.hpp, and 0.7 is the last with
 * singleton-plugin.hpp. A plugin loads only into the Wayfire whose headers built it (WAYFIRE_API_ABI_VERSION).
 */
#ifndef TACTUS_WAYFIRE_COMPAT_HPP
#define TACTUS_WAYFIRE_COMPAT_HPP

#if __has_include(<wayfire/per-output-plugin.hpp>)
#define TACTUS_WAYFIRE_07 0
#elif __has_include(<wayfire/singleton-plugin.hpp>)
#define TACTUS_WAYFIRE_07 1
#else
#error "Tactus builds against Wayfire 0.7 or 0.9"
#endif

#include <functional>
#include <memory>
#include <string>
#include <type_traits>

#include <wayfire/core.hpp>
#include <wayfire/input-device.hpp>
#include <wayfire/option-wrapper.hpp>
#include <wayfire/output-layout.hpp>
#include <wayfire/output.hpp>
#include <wayfire/plugin.hpp>
#include <wayfire/signal-definitions.hpp>
#include <wayfire/util.hpp>
#include <wayfire/util/log.hpp>
#include <wayfire/view.hpp>
#include <wayfire/nonstd/wlroots-full.hpp>
#if TACTUS_WAYFIRE_07
#include <wayfire/singleton-plugin.hpp>
#else
#include <wayfire/plugins/common/shared-core-data.hpp>
#include <wayfire/plugins/ipc/ipc-method-repository.hpp>
#include <wayfire/seat.hpp>
#include <wayfire/unstable/wlr-surface-node.hpp>
#endif
extern "C" {
#include <wlr/types/wlr_pointer.h>
#if TACTUS_WAYFIRE_07
#include <wlr/types/wlr_region.h> /* wlr_compositor.h's since wlroots 0.16 */
#endif
}
#include "wlr-compat.h" /* static inline functions only, which need no C linkage */

namespace compat
{
/* The plugin, made once for the compositor: Wayfire 0.9 makes each plugin once, 0.7 once per output, whose instances
 * then share one Plugin, made by the first and destroyed with the last. */
#if TACTUS_WAYFIRE_07
template<class Plugin>
using plugin_for_compositor = wf::singleton_plugin_t<Plugin>;
#else
template<class Plugin>
class plugin_for_compositor : public wf::plugin_interface_t
{
    std::unique_ptr<Plugin> made;

  public:
    void init() override { made = std::make_unique<Plugin>(); }
    void fini() override { made.reset(); }
};
#endif

/* Signals. Wayfire 0.9's are types; 0.7's are names whose data is a wf::signal_data_t, so each signal below is, on 0.7,
 * its name and the type of its data. */
#if TACTUS_WAYFIRE_07
template<class Event>
struct event_name; /* the name of the signal Wayfire 0.7 emits before it handles a wlroots event */
#define TACTUS_EVENT_NAME(event, name) \
    template<> struct event_name<event> { static constexpr const char *value = name; }
TACTUS_EVENT_NAME(wlr_touch_down_event, "touch_down");
TACTUS_EVENT_NAME(wlr_touch_motion_event, "touch_motion");
TACTUS_EVENT_NAME(wlr_touch_up_event, "touch_up");
TACTUS_EVENT_NAME(wlr_pointer_swipe_begin_event, "pointer_swipe_begin");
TACTUS_EVENT_NAME(wlr_pointer_swipe_update_event, "pointer_swipe_update");
TACTUS_EVENT_NAME(wlr_pointer_swipe_end_event, "pointer_swipe_end");
TACTUS_EVENT_NAME(wlr_pointer_pinch_begin_event, "pointer_pinch_begin");
TACTUS_EVENT_NAME(wlr_pointer_pinch_update_event, "pointer_pinch_update");
TACTUS_EVENT_NAME(wlr_pointer_pinch_end_event, "pointer_pinch_end");
#undef TACTUS_EVENT_NAME

/* A wlroots event before Wayfire handles it, and once it has. */
template<class Event>
struct input_event_signal
{
    using data = wf::input_event_signal<Event>;
    static std::string name() { return event_name<Event>::value; }
};
template<class Event>
struct post_input_event_signal
{
    using data = wf::signal_data_t;
    static std::string name() { return event_name<Event>::value + std::string("_post"); }
};

struct input_device_added_signal
{
    using data = wf::input_device_signal;
    static std::string name() { return "input-device-added"; }
};
struct input_device_removed_signal
{
    using data = wf::input_device_signal;
    static std::string name() { return "input-device-removed"; }
};
struct output_layout_configuration_changed_signal
{
    using data = wf::signal_data_t;
    static std::string name() { return "configuration-changed"; }
};
struct reload_config_signal
{
    using data = wf::signal_data_t;
    static std::string name() { return "reload-config"; }
};

/* A connection to a signal of core's or of the output layout's, alive as long as it is. */
template<class Signal>
class connection
{
    wf::signal_connection_t connected;

  public:
    using callback = std::function<void (typename Signal::data*)>;
    void connect(wf::signal_provider_t& provider, callback call)
    {
        connected.set_callback([call] (wf::signal_data_t *data) { call(static_cast<typename Signal::data*>(data)); });
        provider.connect_signal(Signal::name(), &connected);
    }
};
#else
using wf::input_device_added_signal;
using wf::input_device_removed_signal;
using wf::input_event_signal;
using wf::output_layout_configuration_changed_signal;
using wf::post_input_event_signal;
using wf::reload_config_signal;

template<class Signal>
class connection
{
    wf::signal::connection_t<Signal> connected;

  public:
    using callback = std::function<void (Signal*)>;
    void connect(wf::signal::provider_t& provider, callback call)
    {
        connected.set_callback(call);
        provider.connect(&connected);
    }
};
#endif

/* A touchpad gesture's event before Wayfire forwards it to the client under the pointer (zwp_pointer_gestures_v1),
 * which gets it only when the callback says so. Wayfire 0.9 forwards nothing of an event a plugin marks IGNORE. 0.7
 * forwards swipes and pinches whatever a plugin says: one kept from clients is hidden from that send by taking the
 * seat's pointer focus away between the signal and its _post, the two that bracket it; and 0.7 leaves holds out
 * altogether, so they are heard from the cursor and forwarded here. */
template<class Event>
class touchpad_gesture_signal
{
  public:
    using for_clients = std::function<bool (Event*)>;

#if TACTUS_WAYFIRE_07
    void connect(for_clients decide)
    {
        constexpr bool hold = std::is_same_v<Event, wlr_pointer_hold_begin_event> ||
            std::is_same_v<Event, wlr_pointer_hold_end_event>;
        if constexpr (hold)
        {
            heard.set_callback([decide] (void *data)
            {
                auto event = static_cast<Event*>(data);
                if (decide(event))
                {
                    forward_hold(event);
                }
            });
            auto cursor = wf::get_core().get_wlr_cursor();
            heard.connect(std::is_same_v<Event, wlr_pointer_hold_begin_event> ? &cursor->events.hold_begin :
                &cursor->events.hold_end);
        } else
        {
            before.connect(wf::get_core(), [this, decide] (wf::input_event_signal<Event> *signal)
            {
                if (!decide(signal->event))
                {
                    auto seat = wf::get_core().get_current_seat();
                    hidden_focus = seat->pointer_state.focused_surface;
                    seat->pointer_state.focused_surface = nullptr;
                }
            });
            after.connect(wf::get_core(), [this] (wf::signal_data_t*) { show_to_clients(); });
        }
    }

    ~touchpad_gesture_signal() { show_to_clients(); }

  private:
    connection<input_event_signal<Event>> before;
    connection<post_input_event_signal<Event>> after;
    wf::wl_listener_wrapper heard;
    wlr_surface *hidden_focus = nullptr;

    void show_to_clients()
    {
        if (hidden_focus)
        {
            wf::get_core().get_current_seat()->pointer_state.focused_surface = hidden_focus;
            hidden_focus = nullptr;
        }
    }

    static void forward_hold(Event *event)
    {
        auto& core = wf::get_core();
        if constexpr (std::is_same_v<Event, wlr_pointer_hold_begin_event>)
        {
            wlr_pointer_gestures_v1_send_hold_begin(core.protocols.pointer_gestures, core.get_current_seat(),
                event->time_msec, event->fingers);
        } else
        {
            wlr_pointer_gestures_v1_send_hold_end(core.protocols.pointer_gestures, core.get_current_seat(),
                event->time_msec, event->cancelled);
        }
    }
#else
    void connect(for_clients decide)
    {
        before.connect(wf::get_core(), [decide] (wf::input_event_signal<Event> *signal)
        {
            if (!decide(signal->event))
            {
                signal->mode = wf::input_event_processing_mode_t::IGNORE;
            }
        });
    }

  private:
    connection<input_event_signal<Event>> before;
#endif
};

/* A listener on a wlroots signal that is heard before those already there. Wayfire 0.9 turns a touch cancel into an
 * up of its own as soon as it hears it (a listener of the cursor's, made before any plugin's): the plugin hears the
 * cancel first, to take that up as part of it. */
class listener_heard_first
{
    struct
    {
        wl_listener listener;
        listener_heard_first *self;
    } heard{};
    std::function<void (void*)> call;

  public:
    listener_heard_first() { wl_list_init(&heard.listener.link); }
    ~listener_heard_first() { disconnect(); }
    listener_heard_first(const listener_heard_first&) = delete;
    listener_heard_first& operator =(const listener_heard_first&) = delete;

    void connect(wl_signal *signal, std::function<void (void*)> callback)
    {
        call = std::move(callback);
        heard.self = this;
        heard.listener.notify = [] (wl_listener *listener, void *data)
        {
            decltype(heard) *wrapped = wl_container_of(listener, wrapped, listener);
            wrapped->self->call(data);
        };
        wl_list_remove(&heard.listener.link);
        wl_list_insert(&signal->listener_list, &heard.listener.link);
    }

    void disconnect()
    {
        wl_list_remove(&heard.listener.link);
        wl_list_init(&heard.listener.link);
    }
};

/* What a touch grab's up hook returns: a serial since wlroots 0.18 (as its down's), nothing before. */
#if TACTUS_WLR_015
using touch_up_serial = void;
#else
using touch_up_serial = uint32_t;
#endif

/* Whether a lock screen holds the session. Wayfire 0.9 locks with ext-session-lock-v1 (its session-lock plugin), which
 * inhibits every output and signals nothing: the plugin asks as input comes. 0.7's lock screens hold the input
 * inhibitor, whose activation and deactivation it hears. */
inline bool session_locked()
{
#if TACTUS_WAYFIRE_07
    return wf::get_core().protocols.input_inhibit->active_client != nullptr;
#else
    for (auto output : wf::get_core().output_layout->get_outputs())
    {
        if (output->is_inhibited())
        {
            return true;
        }
    }

    return false;
#endif
}

class lock_watch
{
#if TACTUS_WAYFIRE_07
    wf::wl_listener_wrapper on_lock, on_unlock;

  public:
    void connect(std::function<void ()> changed)
    {
        auto inhibitor = wf::get_core().protocols.input_inhibit;
        on_lock.set_callback([changed] (void*) { changed(); });
        on_unlock.set_callback([changed] (void*) { changed(); });
        on_lock.connect(&inhibitor->events.activate);
        on_unlock.connect(&inhibitor->events.deactivate);
    }
#else
  public:
    void connect(std::function<void ()>)
    {}
#endif
};

/* The surface input goes to at a layout point, with the point in its surface-local coordinates; NULL for none. */
inline wlr_surface *surface_at(wf::pointf_t point, wf::pointf_t& local)
{
#if TACTUS_WAYFIRE_07
    auto focused = wf::get_core().get_surface_at(point);
    auto view    = focused ? dynamic_cast<wf::view_interface_t*>(focused->get_main_surface()) : nullptr;
    if (!view || !view->get_output())
    {
        return nullptr;
    }

    auto origin = view->get_output()->get_layout_geometry();
    local = view->global_to_local_point({point.x - origin.x, point.y - origin.y}, focused);
    return focused->get_wlr_surface();
#else
    auto hit = wf::get_core().scene()->find_node_at(point);
    auto node = hit ? dynamic_cast<wf::scene::wlr_surface_node_t*>(hit->node.get()) : nullptr;
    if (!node)
    {
        return nullptr;
    }

    local = hit->local_coords;
    return node->get_surface();
#endif
}

/* The output keyboard input goes to, where activators act. */
inline wf::output_t *active_output()
{
#if TACTUS_WAYFIRE_07
    return wf::get_core().get_active_output();
#else
    return wf::get_core().seat->get_active_output();
#endif
}

/* Calls a Wayfire activator by its option's name ("expo/toggle") on the active output, as a gesture of fingers would;
 * whether one took the call. Wayfire 0.9's activators are also IPC methods of the same name, called through the method
 * repository that plugins share (no IPC socket needed); 0.7's are called on the output. */
inline bool call_activator(const std::string& name, uint32_t fingers)
{
#if TACTUS_WAYFIRE_07
    auto output = active_output();
    wf::activator_data_t data{};
    data.source = wf::activator_source_t::GESTURE;
    data.activation_data = fingers;
    return output && output->call_plugin(name, data);
#else
    (void)fingers; /* an IPC call carries no activation data */
    wf::shared_data::ref_ptr_t<wf::ipc::method_repository_t> methods;
    auto answer = methods->call_method(name, nlohmann::json::object());
    return answer.value("result", "") == "ok";
#endif
}
} // namespace compat

#endif
