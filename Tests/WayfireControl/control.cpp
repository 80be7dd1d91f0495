// SPDX-License-Identifier: MIT
/*
 * For tests only: a Wayfire plugin (0.9 or 0.7, as the Tactus plugin, whose wayfire-compat.hpp it shares) that drives
 * a headless Wayfire as tactus-wlr's control drives tactus-wlr, on a command socket at $TACTUS_WAYFIRE_CONTROL, with the
 * commands Tests/EndToEnd/desktop.py sends. Its input comes from headless wlroots devices (compositor/headless): Wayfire
 * takes them as it takes any device, and their events go down Wayfire's own input path, the one a touchscreen's and a
 * touchpad's would take. One control serves every output.
 *
 * Commands, each answered "ok" (or "done", for a replay once it has played) after the lines it prints, or "error: ...":
 *   replay TRACE          plays a tactus-sim trace on the headless touchscreens and touchpad
 *   pointer X Y           moves the headless pointer to a layout point
 *   key CODE pressed|released   a key of the headless keyboard (evdev code)
 *   windows               the mapped windows, focused last first: "window X Y WIDTH HEIGHT TITLE", layout pixels
 *   move X Y TITLE        moves the window of that title so that its top-left corner is at a layout point
 *   active PLUGIN         "yes" when the plugin is active on some output (expo while its overview shows), else "no"
 *   outputs               the outputs: "NAME X Y WIDTH HEIGHT"
 *   map N OUTPUT          maps touchscreen N (from 1) onto the output, as udev's WL_OUTPUT would
 *   focus OUTPUT          focuses the output, on which new windows open
 *   quit                  Wayfire shuts down
 */
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "wayfire-compat.hpp"
#if TACTUS_WAYFIRE_07
#include <wayfire/workspace-manager.hpp>
#else
#include <wayfire/plugins/common/util.hpp>
#endif

#include "command-socket.h"
#include "replay.h"
#include "trace.h"

namespace
{
class control
{
    command_socket *socket = nullptr;
    replay_devices devices{};
    replay *playing = nullptr;

    static void run_line(command_connection *connection, char *line, void *data)
    {
        static_cast<control*>(data)->run(connection, line);
    }

    static void finished(void *data)
    {
        auto self = static_cast<control*>(data);
        self->playing = nullptr;
        command_socket_answer_waiting(self->socket, "done\n");
    }

    bool make_devices(size_t touchscreens)
    {
        return replay_devices_make(&devices, wf::get_core().backend, touchscreens);
    }

    void replay_trace(command_connection *connection, const char *path)
    {
        char error[1024];
        trace read;
        if (playing)
        {
            command_reply(connection, "error: a replay is playing\n");
            return;
        }

        if (!trace_read(path, &read, error, sizeof error))
        {
            command_reply(connection, ("error: " + std::string(error) + "\n").c_str());
            return;
        }

        if (!make_devices(read.touchscreen_count ? read.touchscreen_count : 1))
        {
            trace_release(&read);
            command_reply(connection, "error: replays need the headless backend (WLR_BACKENDS=headless)\n");
            return;
        }

        /* A touchscreen's physical size reaches plugins with its next touch: headless devices have none. */
        for (size_t i = 0; i < read.touchscreen_count; i++)
        {
            if (read.touchscreens[i].has_size)
            {
                tactus_touchscreen(devices.touchscreens[i])->width_mm  = read.touchscreens[i].width_mm;
                tactus_touchscreen(devices.touchscreens[i])->height_mm = read.touchscreens[i].height_mm;
            }
        }

        command_wait(connection);
        playing = replay_start(wf::get_core().ev_loop, &read, &devices, finished, this);
    }

    void move_pointer(double x, double y)
    {
        wlr_box box;
        wlr_output_layout_get_box(wf::get_core().output_layout->get_handle(), nullptr, &box);
        auto pointer = wlr_pointer_from_input_device(devices.pointer);
        wlr_pointer_motion_absolute_event event{};
#if TACTUS_WLR_015
        event.device = devices.pointer;
#else
        event.pointer = pointer;
#endif
        event.time_msec = wf::get_current_time();
        event.x = (x - box.x) / box.width;
        event.y = (y - box.y) / box.height;
        wl_signal_emit(&pointer->events.motion_absolute, &event);
        wl_signal_emit(&pointer->events.frame, nullptr);
    }

    void press_key(uint32_t code, bool pressed)
    {
        wlr_keyboard_key_event event{};
        event.time_msec    = wf::get_current_time();
        event.keycode      = code;
        event.update_state = true;
        event.state = pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED;
        wlr_keyboard_notify_key(wlr_keyboard_from_input_device(devices.keyboard), &event);
    }

    /* An output's windows, with their boxes in its own pixels and when each had the keyboard last. */
    static std::vector<std::tuple<wayfire_view, wf::geometry_t, uint64_t>> windows_of(wf::output_t *output)
    {
        std::vector<std::tuple<wayfire_view, wf::geometry_t, uint64_t>> windows;
#if TACTUS_WAYFIRE_07
        for (auto& view : output->workspace->get_views_in_layer(wf::LAYER_WORKSPACE))
        {
            if (view->is_mapped() && (view->role == wf::VIEW_ROLE_TOPLEVEL))
            {
                windows.push_back({view, view->get_wm_geometry(), view->last_focus_timestamp});
            }
        }
#else
        for (auto& view : output->wset()->get_views(wf::WSET_MAPPED_ONLY))
        {
            windows.push_back({view, view->get_geometry(), wf::get_focus_timestamp(view)});
        }
#endif
        return windows;
    }

    /* The mapped windows of every output, the one focused last first. */
    static void list_windows(command_connection *connection)
    {
        /* The index keeps stacking order. */
        std::vector<std::tuple<wayfire_view, wf::geometry_t, uint64_t, size_t>> windows;
        for (auto output : wf::get_core().output_layout->get_outputs())
        {
            auto origin = output->get_layout_geometry();
            for (auto& [view, box, focused] : windows_of(output))
            {
                windows.push_back({view, {origin.x + box.x, origin.y + box.y, box.width, box.height}, focused,
                    windows.size()});
            }
        }

        std::sort(windows.begin(), windows.end(), [] (const auto& a, const auto& b)
        {
            auto focused_a = std::get<2>(a), focused_b = std::get<2>(b);
            return focused_a != focused_b ? focused_a > focused_b : std::get<3>(a) < std::get<3>(b);
        });
        for (auto& [view, box, focused, index] : windows)
        {
            std::string line = "window " + std::to_string(box.x) + " " + std::to_string(box.y) + " " + std::to_string(box.width) +
                " " + std::to_string(box.height) + " " + view->get_title() + "\n";
            command_reply(connection, line.c_str());
        }
    }

    /* Moves the mapped window of that title to a layout point; false when there is none. */
    static bool move_window(const std::string& title, int x, int y)
    {
        for (auto output : wf::get_core().output_layout->get_outputs())
        {
            auto origin = output->get_layout_geometry();
            for (auto& [view, box, focused] : windows_of(output))
            {
                if (view->get_title() == title)
                {
#if TACTUS_WAYFIRE_07
                    view->move(x - origin.x, y - origin.y);
#else
                    wf::toplevel_cast(view)->move(x - origin.x, y - origin.y);
#endif
                    return true;
                }
            }
        }

        return false;
    }

    void run(command_connection *connection, char *command)
    {
        double x, y;
        unsigned code;
        int title_at = 0;
        char state[16], name[64];
        if (strncmp(command, "replay ", 7) == 0)
        {
            replay_trace(connection, command + 7);
            return;
        } else if (sscanf(command, "pointer %lf %lf", &x, &y) == 2)
        {
            if (!make_devices(1))
            {
                command_reply(connection, "error: the pointer needs the headless backend\n");
                return;
            }

            move_pointer(x, y);
        } else if ((sscanf(command, "key %u %15s", &code, state) == 2) &&
                   (!strcmp(state, "pressed") || !strcmp(state, "released")))
        {
            if (!make_devices(1))
            {
                command_reply(connection, "error: the keyboard needs the headless backend\n");
                return;
            }

            press_key(code, !strcmp(state, "pressed"));
        } else if (sscanf(command, "map %u %63s", &code, name) == 2)
        {
            /* Touchscreen N (from 1) onto an output, as udev's WL_OUTPUT names a panel's output: Wayfire reads it
             * again whenever outputs change, and maps it now. */
            auto output = wf::get_core().output_layout->find_output(name);
            if ((code < 1) || (code > TRACE_MAX_TOUCHSCREENS) || !make_devices(code) || !output)
            {
                command_reply(connection, "error: map N OUTPUT needs N from 1 to 4 and an output's name\n");
                return;
            }

            auto touchscreen = devices.touchscreens[code - 1];
            free(tactus_touchscreen(touchscreen)->output_name);
            tactus_touchscreen(touchscreen)->output_name = strdup(name);
            wlr_cursor_map_input_to_output(wf::get_core().get_wlr_cursor(), touchscreen, output->handle);
        } else if (sscanf(command, "focus %63s", name) == 1)
        {
            /* New windows open on the focused output. */
            auto output = wf::get_core().output_layout->find_output(name);
            if (!output)
            {
                command_reply(connection, "error: focus OUTPUT needs an output's name\n");
                return;
            }

#if TACTUS_WAYFIRE_07
            wf::get_core().focus_output(output);
#else
            wf::get_core().seat->focus_output(output);
#endif
        } else if (!strcmp(command, "windows"))
        {
            list_windows(connection);
        } else if ((sscanf(command, "move %lf %lf %n", &x, &y, &title_at) == 2) && title_at)
        {
            if (!move_window(command + title_at, (int)x, (int)y))
            {
                command_reply(connection, "error: move X Y TITLE needs the title of a mapped window\n");
                return;
            }
        } else if (sscanf(command, "active %63s", name) == 1)
        {
            bool active = false;
            for (auto output : wf::get_core().output_layout->get_outputs())
            {
                active = active || output->is_plugin_active(name);
            }

            command_reply(connection, active ? "yes\n" : "no\n");
        } else if (!strcmp(command, "outputs"))
        {
            for (auto output : wf::get_core().output_layout->get_outputs())
            {
                auto box = output->get_layout_geometry();
                std::string line = output->handle->name + (" " + std::to_string(box.x) + " " +
                    std::to_string(box.y) + " " + std::to_string(box.width) + " " + std::to_string(box.height)) +
                    "\n";
                command_reply(connection, line.c_str());
            }
        } else if (!strcmp(command, "quit"))
        {
            command_reply(connection, "ok\n");
            wf::get_core().shutdown();
            return;
        } else
        {
            command_reply(connection, "error: commands are replay TRACE, pointer X Y, key CODE pressed|released, "
                                      "map N OUTPUT, focus OUTPUT, windows, move X Y TITLE, active PLUGIN, outputs, "
                                      "quit\n");
            return;
        }

        command_reply(connection, "ok\n");
    }

  public:
    control()
    {
        const char *path = getenv("TACTUS_WAYFIRE_CONTROL");
        if (!path)
        {
            LOGE("tactus-wayfire-control: TACTUS_WAYFIRE_CONTROL names no socket");
            return;
        }

        /* The devices are there from the start, so that the seat has touch, pointer and keyboard before clients come. */
        if (!make_devices(1))
        {
            LOGE("tactus-wayfire-control: no headless backend (WLR_BACKENDS=headless) to make devices on");
        }

        socket = command_socket_listen(wf::get_core().ev_loop, path, "wayfire", run_line, this);
        if (!socket)
        {
            LOGE("tactus-wayfire-control: cannot listen on ", path, ": ", strerror(errno));
        }
    }

    ~control()
    {
        command_socket_destroy(socket);
        if (playing)
        {
            replay_destroy(playing);
        }

        replay_devices_destroy(&devices);
    }
};

} // namespace

/* One control for the compositor. */
DECLARE_WAYFIRE_PLUGIN(compat::plugin_for_compositor<control>);
