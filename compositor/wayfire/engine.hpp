// SPDX-License-Identifier: MIT
/*
 * The Tactus engine in Wayfire: libtactus loaded through tactus.h, as tactus-wlr's glue loads it, once per compositor,
 * so that one tactus-gestures-v1 global serves every output. Its jobs have a file each:
 *   - engine.cpp: loading libtactus, starting and stopping, the devices it knows, the lock, the callbacks it gives;
 *   - touches.cpp: touches, heard before Wayfire handles them, and delivered, withheld or cancelled at clients through a
 *     touch grab on the seat, as the engine decides;
 *   - touchpad.cpp: touchpad gestures, heard the same way, and kept from clients while a binding keeps them;
 *   - surfaces.cpp: surfaces' commits (tactus-gestures-v1 regions take effect there) and hit tests;
 *   - bindings.cpp: bindings' host actions, which are Wayfire's activators.
 * wayfire-compat.hpp holds what differs between Wayfire 0.7 and 0.9; plugin.cpp makes the engine from the options.
 */
#ifndef TACTUS_WAYFIRE_ENGINE_HPP
#define TACTUS_WAYFIRE_ENGINE_HPP

#include <list>
#include <map>
#include <set>
#include <string>

#include "wayfire-compat.hpp"

#include "plugin-host.h"
#include "tactus.h"

namespace tactus_wayfire
{
/* The most devices the engine is told of at once; ids are their index here + 1. */
constexpr int max_devices = 32;

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

    /* Starting (engine.cpp) */
    bool load(const std::string& library_path);
    bool create(const std::string& config_path);
    tactus_host host_callbacks();

    /* Devices (engine.cpp) */
    wlr_input_device *devices[max_devices] = {};
    tactus_device announced[max_devices] = {}; /* as each was last announced */
    compat::connection<compat::input_device_added_signal> on_device_added;
    compat::connection<compat::input_device_removed_signal> on_device_removed;
    compat::connection<compat::output_layout_configuration_changed_signal> on_layout_changed;
    void follow_devices();
    uint32_t id_of(wlr_input_device *device) const;
    uint32_t announce(wlr_input_device *device);
    void announce_if_gestures(wlr_input_device *device);
    void announce_touchscreens();
    uint32_t touchscreen_touched(wlr_input_device *device);
    void forget(wlr_input_device *device);
    void tell_modifiers();

    /* The lock (engine.cpp) */
    bool told_locked = false; /* the lock as libtactus was last told of it */
    compat::lock_watch on_lock_changed;
    void follow_lock();
    bool notice_lock();

    /* Touches (touches.cpp): the decision for the event Wayfire is handling now, taken before it reaches the seat. */
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
    std::map<int32_t, bool> bypassed; /* by touch id: touches the engine does not hear (a locked session's) */
    std::set<int32_t> cancelled;      /* touch ids the device cancelled, whose up Wayfire 0.9 makes of it */
    std::list<client_touch> withheld;
    std::list<wf::wl_listener_wrapper> withheld_surface_gone;
    wlr_seat_touch_grab grab{};
    wlr_touch_grab_interface grab_interface{};
    compat::connection<compat::input_event_signal<wlr_touch_down_event>> on_touch_down;
    compat::connection<compat::input_event_signal<wlr_touch_motion_event>> on_touch_motion;
    compat::connection<compat::input_event_signal<wlr_touch_up_event>> on_touch_up;
    compat::connection<compat::post_input_event_signal<wlr_touch_down_event>> on_touch_down_handled;
    compat::connection<compat::post_input_event_signal<wlr_touch_motion_event>> on_touch_motion_handled;
    compat::connection<compat::post_input_event_signal<wlr_touch_up_event>> on_touch_up_handled;
    compat::listener_heard_first on_touch_cancel;
    wf::wl_listener_wrapper on_touch_frame, on_grab_end;
    void hear_touches();
    void take_touch_grab();
    void let_go_of_touch_grab();
    void touch_down(wlr_touch_down_event *event);
    void touch_motion(wlr_touch_motion_event *event);
    void touch_up(wlr_touch_up_event *event);
    void touch_cancel(wlr_touch_cancel_event *event);
    void touch_frame();
    void decide(uint32_t device, uint32_t type, int32_t id, tactus_decision decision);
    uint32_t to_client(wlr_touch_point *point, uint32_t type, uint32_t time);
    void withhold(const client_touch& touch, wlr_surface *surface);
    uint32_t send(const client_touch& touch);
    void deliver(const tactus_touch *touch);
    void cancel(uint32_t device);

    /* Touchpad gestures (touchpad.cpp) */
    enum class touchpad_gesture { none, swipe, pinch, hold };
    touchpad_gesture forwarded = touchpad_gesture::none;
    bool touchpad_bypassed = false; /* the gesture running began while the session was locked */
    uint32_t forwarded_time = 0;
    compat::touchpad_gesture_signal<wlr_pointer_swipe_begin_event> on_swipe_begin;
    compat::touchpad_gesture_signal<wlr_pointer_swipe_update_event> on_swipe_update;
    compat::touchpad_gesture_signal<wlr_pointer_swipe_end_event> on_swipe_end;
    compat::touchpad_gesture_signal<wlr_pointer_pinch_begin_event> on_pinch_begin;
    compat::touchpad_gesture_signal<wlr_pointer_pinch_update_event> on_pinch_update;
    compat::touchpad_gesture_signal<wlr_pointer_pinch_end_event> on_pinch_end;
    compat::touchpad_gesture_signal<wlr_pointer_hold_begin_event> on_hold_begin;
    compat::touchpad_gesture_signal<wlr_pointer_hold_end_event> on_hold_end;
    using touchpad_begin_entry = tactus_decision (*)(tactus_plugin*, uint32_t, uint32_t, uint32_t);
    using touchpad_end_entry   = tactus_decision (*)(tactus_plugin*, uint32_t, uint32_t, bool);
    void hear_touchpad_gestures();
    bool touchpad_begins(touchpad_begin_entry entry, touchpad_gesture kind, wlr_input_device *device, uint32_t time,
        uint32_t fingers);
    bool engine_hears_update(uint32_t time);
    bool touchpad_ends(touchpad_end_entry entry, wlr_input_device *device, uint32_t time, bool cancelled);
    void cancel_touchpad_gesture();

    /* Surfaces (surfaces.cpp): their commits reach the engine (tactus-gestures-v1 regions take effect there). */
    struct committing_surface
    {
        engine *owner;
        wlr_surface *surface;
        wl_listener commit, destroy;
    };
    std::set<committing_surface*> committing;
    wf::wl_listener_wrapper on_new_surface;
    void follow_surfaces();
    void stop_following_surfaces();
    void follow_commits(wlr_surface *surface);
    void stop_following(committing_surface *followed);
    static bool find_compositor(const wl_client *client, const wl_global *global, void *data);
    size_t surfaces_at(double x, double y, tactus_surface_hit *hits, size_t capacity);

    /* Bindings (bindings.cpp) */
    std::set<std::string> live_actions; /* those whose live binding began: run already */
    void run_action(const char *name, tactus_phase phase, double progress, const tactus_values *values);
};
} // namespace tactus_wayfire

#endif
