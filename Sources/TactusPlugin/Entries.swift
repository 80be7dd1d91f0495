// SPDX-License-Identifier: MIT
import CTactusPlugin
import TactusCore
import TactusLibinput

// The C ABI (tactus.h): thin entries that check their arguments and hand over to the plugin. libtactus.so exports
// these and nothing else (Sources/TactusPluginExports/exports.map).

/// The handles of the plugins alive now: a call with any other handle (one destroyed already, or garbage) does
/// nothing, as tactus.h promises. Only the compositor's thread calls in, so no lock.
nonisolated(unsafe) private var livePlugins: Set<OpaquePointer> = []

/// The plugin behind a handle, while it is alive: a call with any other handle (one destroyed already, or garbage) does
/// nothing. A call from inside one of the host's callbacks goes ahead too: the plugin queues what it would change
/// (Plugin+Later.swift).
private func plugin(_ handle: OpaquePointer?) -> Plugin? {
    guard let handle, livePlugins.contains(handle) else { return nil }
    return Unmanaged<Plugin>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
}

/// The ABI this library speaks, as tactus.h's TACTUS_ABI_VERSION writes it (a macro Swift does not import).
private let spokenABIVersion = UInt32(TACTUS_ABI_MAJOR) << 16 | UInt32(TACTUS_ABI_MINOR)

@_cdecl("tactus_plugin_abi_version")
public func tactusPluginABIVersion() -> UInt32 { spokenABIVersion }

@_cdecl("tactus_plugin_create")
public func tactusPluginCreate(_ abiVersion: UInt32, _ display: OpaquePointer?, _ table: UnsafePointer<tactus_host>?,
                               _ configPath: UnsafePointer<CChar>?) -> OpaquePointer? {
    let hostTable = table.flatMap { SizedStruct.read($0, requiredEnd: tactus_host.requiredEnd) }
    let host = Host(hostTable ?? tactus_host())
    let (major, minor) = (abiVersion >> 16, abiVersion & 0xFFFF)
    guard major == spokenABIVersion >> 16, minor <= spokenABIVersion & 0xFFFF else {
        let needs = major == spokenABIVersion >> 16 ? "a libtactus of \(major).\(minor) or later" : "a libtactus.so.\(major)"
        host.log(TACTUS_LOG_ERROR, "tactus: the compositor was built for ABI \(major).\(minor) and needs \(needs); "
                                   + "this one speaks \(TACTUS_ABI_MAJOR).\(TACTUS_ABI_MINOR); not loaded")
        return nil
    }
    guard let display, hostTable != nil else {
        host.log(TACTUS_LOG_ERROR, "tactus: tactus_plugin_create needs a wl_display and a host table whose size reaches its data")
        return nil
    }
    let path = configPath.map { String(cString: $0) }
    let handle = OpaquePointer(Unmanaged.passRetained(Plugin(display: display, host: host, configurationPath: path)).toOpaque())
    livePlugins.insert(handle)
    return handle
}

@_cdecl("tactus_plugin_destroy")
public func tactusPluginDestroy(_ handle: OpaquePointer?) {
    guard let handle, livePlugins.remove(handle) != nil else { return }
    let plugin = Unmanaged<Plugin>.fromOpaque(UnsafeRawPointer(handle))
    plugin.takeUnretainedValue().handOverWithheldTouches()
    // From inside a callback the plugin is still at work further up the stack: it stops and goes when the loop is idle.
    if plugin.takeUnretainedValue().isInsideCallback {
        plugin.takeUnretainedValue().isDestroyed = true
        plugin.takeUnretainedValue().releaseWhenIdle(plugin)
    } else {
        plugin.takeUnretainedValue().stopBindings()
        plugin.takeUnretainedValue().isDestroyed = true
        plugin.release()
    }
}

@_cdecl("tactus_plugin_add_device")
public func tactusPluginAddDevice(_ handle: OpaquePointer?, _ device: UnsafePointer<tactus_device>?) -> Int32 {
    guard let plugin = plugin(handle), let device else { return -1 }
    guard let description = SizedStruct.read(device, requiredEnd: tactus_device.requiredEnd) else {
        plugin.host.log(TACTUS_LOG_ERROR, SizedStruct.refusal(device, "tactus_device", requiredField: "kind"))
        return -1
    }
    return plugin.add(description) ? 0 : -1
}

@_cdecl("tactus_plugin_remove_device")
public func tactusPluginRemoveDevice(_ handle: OpaquePointer?, _ device: UInt32) -> Int32 {
    plugin(handle)?.removeDevice(device) == true ? 0 : -1
}

@_cdecl("tactus_plugin_touch_down")
public func tactusPluginTouchDown(_ handle: OpaquePointer?, _ device: UInt32, _ time: UInt32, _ id: Int32,
                                  _ x: Double, _ y: Double) -> tactus_decision {
    let position = Point(x: x, y: y)
    return plugin(handle)?.touch(.touchDown(DeviceID(device), contact: id, position: position),
                                 device: device, time: time) ?? TACTUS_DELIVER
}

@_cdecl("tactus_plugin_touch_motion")
public func tactusPluginTouchMotion(_ handle: OpaquePointer?, _ device: UInt32, _ time: UInt32, _ id: Int32,
                                    _ x: Double, _ y: Double) -> tactus_decision {
    let position = Point(x: x, y: y)
    return plugin(handle)?.touch(.touchMotion(DeviceID(device), contact: id, position: position),
                                 device: device, time: time) ?? TACTUS_DELIVER
}

@_cdecl("tactus_plugin_touch_up")
public func tactusPluginTouchUp(_ handle: OpaquePointer?, _ device: UInt32, _ time: UInt32, _ id: Int32) -> tactus_decision {
    plugin(handle)?.touch(.touchUp(DeviceID(device), contact: id), device: device, time: time) ?? TACTUS_DELIVER
}

@_cdecl("tactus_plugin_touch_cancel")
public func tactusPluginTouchCancel(_ handle: OpaquePointer?, _ device: UInt32, _ time: UInt32, _ id: Int32) {
    plugin(handle)?.handle(.touchCancel(DeviceID(device)), device: device, time: time)
}

@_cdecl("tactus_plugin_touch_frame")
public func tactusPluginTouchFrame(_ handle: OpaquePointer?, _ device: UInt32) -> tactus_decision {
    guard let plugin = plugin(handle) else { return TACTUS_DELIVER }
    return plugin.touch(.touchFrame(DeviceID(device)), device: device, time: plugin.latestTime)
}

/// Millimetres from wlroots' touchpad deltas, which are libinput's.
private func millimetres(_ dx: Double, _ dy: Double) -> Vector {
    Vector(dx: dx * LibinputTranslator.millimetresPerUnit, dy: dy * LibinputTranslator.millimetresPerUnit)
}

@_cdecl("tactus_plugin_swipe_begin")
public func tactusPluginSwipeBegin(_ handle: OpaquePointer?, _ device: UInt32, _ time: UInt32,
                                   _ fingers: UInt32) -> tactus_decision {
    plugin(handle)?.touchpad(.swipeBegin(DeviceID(device), fingers: Int(fingers)), device: device, time: time) ?? TACTUS_DELIVER
}

@_cdecl("tactus_plugin_swipe_update")
public func tactusPluginSwipeUpdate(_ handle: OpaquePointer?, _ device: UInt32, _ time: UInt32, _ dx: Double,
                                    _ dy: Double) -> tactus_decision {
    plugin(handle)?.touchpad(.swipeUpdate(DeviceID(device), delta: millimetres(dx, dy)), device: device, time: time)
        ?? TACTUS_DELIVER
}

@_cdecl("tactus_plugin_swipe_end")
public func tactusPluginSwipeEnd(_ handle: OpaquePointer?, _ device: UInt32, _ time: UInt32,
                                 _ cancelled: Bool) -> tactus_decision {
    plugin(handle)?.touchpad(.swipeEnd(DeviceID(device), cancelled: cancelled), device: device, time: time) ?? TACTUS_DELIVER
}

@_cdecl("tactus_plugin_pinch_begin")
public func tactusPluginPinchBegin(_ handle: OpaquePointer?, _ device: UInt32, _ time: UInt32,
                                   _ fingers: UInt32) -> tactus_decision {
    plugin(handle)?.touchpad(.pinchBegin(DeviceID(device), fingers: Int(fingers)), device: device, time: time) ?? TACTUS_DELIVER
}

@_cdecl("tactus_plugin_pinch_update")
public func tactusPluginPinchUpdate(_ handle: OpaquePointer?, _ device: UInt32, _ time: UInt32, _ dx: Double, _ dy: Double,
                                    _ scale: Double, _ rotation: Double) -> tactus_decision {
    plugin(handle)?.touchpad(.pinchUpdate(DeviceID(device), delta: millimetres(dx, dy), scale: scale, angleDelta: rotation),
                             device: device, time: time) ?? TACTUS_DELIVER
}

@_cdecl("tactus_plugin_pinch_end")
public func tactusPluginPinchEnd(_ handle: OpaquePointer?, _ device: UInt32, _ time: UInt32,
                                 _ cancelled: Bool) -> tactus_decision {
    plugin(handle)?.touchpad(.pinchEnd(DeviceID(device), cancelled: cancelled), device: device, time: time) ?? TACTUS_DELIVER
}

@_cdecl("tactus_plugin_hold_begin")
public func tactusPluginHoldBegin(_ handle: OpaquePointer?, _ device: UInt32, _ time: UInt32,
                                  _ fingers: UInt32) -> tactus_decision {
    plugin(handle)?.touchpad(.holdBegin(DeviceID(device), fingers: Int(fingers)), device: device, time: time) ?? TACTUS_DELIVER
}

@_cdecl("tactus_plugin_hold_end")
public func tactusPluginHoldEnd(_ handle: OpaquePointer?, _ device: UInt32, _ time: UInt32,
                                _ cancelled: Bool) -> tactus_decision {
    plugin(handle)?.touchpad(.holdEnd(DeviceID(device), cancelled: cancelled), device: device, time: time) ?? TACTUS_DELIVER
}

@_cdecl("tactus_plugin_handle_libinput_event")
public func tactusPluginHandleLibinputEvent(_ handle: OpaquePointer?, _ event: OpaquePointer?) -> tactus_decision {
    guard let plugin = plugin(handle), let event else { return TACTUS_DELIVER }
    return plugin.handle(libinputEvent: event)
}

@_cdecl("tactus_plugin_set_modifiers")
public func tactusPluginSetModifiers(_ handle: OpaquePointer?, _ modifiers: UInt32) {
    plugin(handle)?.setModifiers(modifiers)
}

@_cdecl("tactus_plugin_surface_committed")
public func tactusPluginSurfaceCommitted(_ handle: OpaquePointer?, _ surface: OpaquePointer?) {
    guard let surface else { return }
    plugin(handle)?.surfaceCommitted(surface)
}

@_cdecl("tactus_plugin_seat_capabilities")
public func tactusPluginSeatCapabilities(_ handle: OpaquePointer?, _ seat: UnsafePointer<CChar>?, _ capabilities: UInt32) {
    guard let seat else { return }
    plugin(handle)?.seatCapabilitiesChanged(String(cString: seat), capabilities: capabilities)
}

@_cdecl("tactus_plugin_add_binding")
public func tactusPluginAddBinding(_ handle: OpaquePointer?, _ binding: UnsafePointer<tactus_binding>?) -> Int32 {
    guard let plugin = plugin(handle), let binding else { return -1 }
    guard let description = SizedStruct.read(binding, requiredEnd: tactus_binding.requiredEnd) else {
        plugin.host.log(TACTUS_LOG_ERROR, SizedStruct.refusal(binding, "tactus_binding", requiredField: "kind"))
        return -1
    }
    return plugin.addBinding(description)
}

@_cdecl("tactus_plugin_set_session_locked")
public func tactusPluginSetSessionLocked(_ handle: OpaquePointer?, _ locked: Bool) {
    plugin(handle)?.setSessionLocked(locked)
}

@_cdecl("tactus_plugin_reload_config")
public func tactusPluginReloadConfig(_ handle: OpaquePointer?) -> Int32 {
    plugin(handle)?.reloadConfiguration() == true ? 0 : -1
}

@_cdecl("tactus_plugin_remove_binding")
public func tactusPluginRemoveBinding(_ handle: OpaquePointer?, _ binding: Int32) -> Int32 {
    plugin(handle)?.removeBinding(binding) == true ? 0 : -1
}
