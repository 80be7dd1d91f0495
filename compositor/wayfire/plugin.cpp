// SPDX-License-Identifier: MIT
/*
 * The Tactus plugin for Wayfire 0.9 and 0.7 (engine.hpp says what each file does): one engine for the compositor, made
 * from the plugin's options (tactus.xml) and made again when they change.
 */
#include <memory>

#include "engine.hpp"

namespace
{
class engine_from_options
{
    wf::option_wrapper_t<std::string> config_path{"tactus/config"};
    wf::option_wrapper_t<std::string> library_path{"tactus/library"};
    std::unique_ptr<tactus_wayfire::engine> running;
    compat::connection<compat::reload_config_signal> on_reload_config;

    /* A new configuration path or library: the engine is made again with them. */
    void start()
    {
        running.reset();
        std::string library = library_path;
        running = std::make_unique<tactus_wayfire::engine>(library.empty() ? TACTUS_LIBRARY : library, config_path);
    }

  public:
    engine_from_options()
    {
        start();
        config_path.set_callback([this] { start(); });
        library_path.set_callback([this] { start(); });
        on_reload_config.connect(wf::get_core(), [this] (auto*) { running->reload(); });
    }
};
} // namespace

DECLARE_WAYFIRE_PLUGIN(compat::plugin_for_compositor<engine_from_options>);
