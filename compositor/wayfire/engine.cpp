// SPDX-License-Identifier: MIT
/* The engine's life (engine.hpp): libtactus loaded and started on Wayfire's display, the devices it knows, the lock,
 * and the callbacks through which it asks Wayfire what it needs. */
#include <dlfcn.h>

#include "engine.hpp"

namespace tactus_wayfire
{
/* Starting: libtactus by its SONAME (or the path the option gives), its entry points looked up by name from tactus.h's
 * list, the engine made on Wayfire's display, then each thing it follows in Wayfire. libtactus stays loaded once
 * loaded: a library that carries its own language runtime is not unloaded safely, and loading it again finds it. */
engine::engine(const std::string& library_path, const std::string& config_path) :
    seat(wf::get_core().get_current_seat())
{
    if (!load(library_path) || !create(config_path))
    {
        return;
    }

    follow_devices();
    follow_lock();
    hear_touches();
    take_touch_grab();
    hear_touchpad_gestures();
    follow_surfaces();
    LOGI("tactus: libtactus ", library_path, " runs, ABI ", TACTUS_ABI_MAJOR, ".", TACTUS_ABI_MINOR);
}

bool engine::load(const std::string& library_path)
{
    void *library = dlopen(library_path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library)
    {
        LOGE("tactus: cannot load ", library_path, ": ", dlerror());
        return false;
    }

    const char *missing;
    if (!host_look_up_entries(library, &tactus, &missing))
    {
        LOGE("tactus: ", library_path, " is not libtactus: it lacks ", missing);
        return false;
    }

    return true;
}

bool engine::create(const std::string& config_path)
{
    tactus_host host = host_callbacks();
    plugin = tactus.create(TACTUS_ABI_VERSION, wf::get_core().display, &host,
        config_path.empty() ? nullptr : config_path.c_str());
    return plugin != nullptr;
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

    tactus.destroy(plugin);
    stop_following_surfaces();
    let_go_of_touch_grab();
    LOGI("tactus: the engine stopped");
}

/* Devices: touchscreens and touchpads, by their index here + 1. */

void engine::follow_devices()
{
    auto& core = wf::get_core();
    for (auto& device : core.get_input_devices())
    {
        announce_if_gestures(device->get_wlr_handle());
    }

    on_device_added.connect(core, [this] (auto *signal) { announce_if_gestures(signal->device->get_wlr_handle()); });
    on_device_removed.connect(core, [this] (auto *signal) { forget(signal->device->get_wlr_handle()); });
    on_layout_changed.connect(*core.output_layout, [this] (auto*) { announce_touchscreens(); });
}

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
    if (name.empty() && tactus_touchscreen(device)->output_name)
    {
        name = tactus_touchscreen(device)->output_name;
    }

    if (auto output = core.output_layout->find_output(name))
    {
        return output->get_layout_geometry();
    }

    wlr_box box;
    wlr_output_layout_get_box(core.output_layout->get_handle(), nullptr, &box);
    return box;
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
    bool libinput    = wlr_input_device_is_libinput(device);
    tactus_device description{};
    description.size = sizeof description;
    description.id   = id;
    description.kind = touchscreen ? TACTUS_DEVICE_TOUCHSCREEN : TACTUS_DEVICE_TOUCHPAD;
    description.name = device->name;
    description.seat = seat->name;
    if (touchscreen)
    {
        description.width_mm  = tactus_touchscreen(device)->width_mm;
        description.height_mm = tactus_touchscreen(device)->height_mm;
        wlr_box box = touchscreen_region(device);
        description.output = {(double)box.x, (double)box.y, (double)box.width, (double)box.height};
        if (libinput)
        {
            libinput_device_config_calibration_get_matrix(wlr_libinput_get_device_handle(device),
                description.calibration);
        }
    } else if (libinput) /* a touchpad's size is libinput's alone since wlroots 0.16 */
    {
        libinput_device_get_size(wlr_libinput_get_device_handle(device), &description.width_mm,
            &description.height_mm);
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

/* A touchscreen's id as it is touched; one whose size or output was learnt after it came (a headless one playing a
 * panel, mapped by the test) is announced again. */
uint32_t engine::touchscreen_touched(wlr_input_device *device)
{
    uint32_t id = id_of(device);
    if (!id)
    {
        return 0;
    }

    const auto& was = announced[id - 1];
    wlr_box box     = touchscreen_region(device);
    if ((was.width_mm != tactus_touchscreen(device)->width_mm) ||
        (was.height_mm != tactus_touchscreen(device)->height_mm) || (was.output.x != box.x) ||
        (was.output.y != box.y) || (was.output.width != box.width) || (was.output.height != box.height))
    {
        announce(device);
    }

    return id;
}

void engine::forget(wlr_input_device *device)
{
    if (uint32_t id = id_of(device))
    {
        tactus.remove_device(plugin, id);
        devices[id - 1] = nullptr;
    }
}

/* The modifiers held on the seat's keyboard, for the bindings that need them, as a touch begins. */
void engine::tell_modifiers()
{
    auto keyboard = wlr_seat_get_keyboard(seat);
    tactus.set_modifiers(plugin, keyboard ? host_modifiers(wlr_keyboard_get_modifiers(keyboard)) : 0);
}

/* The lock. While a lock screen holds the session, the engine hears nothing that begins: no binding runs and no
 * client's gesture starts; Wayfire gives the lock screen its touches and touchpad gestures as it always does. What began
 * before goes on to its end, without the bindings: libtactus hears of the lock (set_session_locked) and cancels a
 * binding's gesture in progress. */

void engine::follow_lock()
{
    told_locked = compat::session_locked();
    tactus.set_session_locked(plugin, told_locked);
    on_lock_changed.connect([this] { notice_lock(); });
}

/* Whether the session is locked, libtactus told when that changed. */
bool engine::notice_lock()
{
    bool locked = compat::session_locked();
    if (locked != told_locked)
    {
        told_locked = locked;
        tactus.set_session_locked(plugin, locked);
    }

    return locked;
}

/* What the engine asks of Wayfire. */
tactus_host engine::host_callbacks()
{
    tactus_host host{};
    host.size = sizeof host;
    host.data = this;
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
        return host_region_rectangles(wlr_region_from_resource(region), rects, capacity);
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
    host.app_id = [] (void*, wl_resource *surface) { return host_app_id(surface); };
    return host;
}
} // namespace tactus_wayfire
