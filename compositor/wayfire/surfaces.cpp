// SPDX-License-Identifier: MIT
/*
 * Surfaces (engine.hpp): their commits reach the engine, where tactus-gestures-v1 regions take effect, and the engine's
 * hit tests are Wayfire's own.
 */
#include "engine.hpp"

namespace tactus_wayfire
{
/* Wayfire keeps its wlr_compositor to itself; the wl_compositor global's data is that compositor, and a global filter
 * sees the global when the first client looks at the registry, before it can make a surface. The views there are
 * already are followed at once. */
void engine::follow_surfaces()
{
    auto& core = wf::get_core();
    on_new_surface.set_callback([this] (void *data) { follow_commits(static_cast<wlr_surface*>(data)); });
    wl_display_set_global_filter(core.display, find_compositor, this);
    for (auto& view : core.get_all_views())
    {
        if (auto surface = view->get_wlr_surface())
        {
            follow_commits(surface);
        }
    }
}

void engine::stop_following_surfaces()
{
    wl_display_set_global_filter(wf::get_core().display, nullptr, nullptr);
    while (!committing.empty())
    {
        stop_following(*committing.begin());
    }
}

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

/* The surfaces under a layout point: the one input goes to, whose top-left corner in layout pixels is the point less
 * the point's surface-local coordinates (as Wayfire maps them), then each it is a subsurface of. */
size_t engine::surfaces_at(double x, double y, tactus_surface_hit *hits, size_t capacity)
{
    wf::pointf_t local;
    wlr_surface *surface = compat::surface_at({x, y}, local);
    return host_surface_hits(surface, x - local.x, y - local.y, hits, capacity);
}
} // namespace tactus_wayfire
