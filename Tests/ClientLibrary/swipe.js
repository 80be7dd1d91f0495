// SPDX-License-Identifier: MIT
// swipe.js: libtactus-client-gtk from GJS, through TactusClient-1.0's typelib, for
// Tests/EndToEnd/checks/client_library.py: a window with a three-finger swipe up; prints what a refused setting
// said, then "ready", then "swipe FINGERS up" for each swipe up recognized.
imports.gi.versions.Gtk = '4.0';
const {GLib, Gtk, TactusClient} = imports.gi;

Gtk.init();
const loop = GLib.MainLoop.new(null, false);
const window = new Gtk.Window({default_width: 300, default_height: 200, title: 'swipe.js'});
const area = new Gtk.DrawingArea({hexpand: true, vexpand: true});
window.set_child(area);
const swipe = TactusClient.Gesture.new(area, TactusClient.GestureKind.SWIPE);
swipe.set_fingers(3);
swipe.set_directions(TactusClient.Direction.UP);
swipe.connect('recognized', (gesture, event) => {
    if (event.direction === TactusClient.Direction.UP)
        print(`swipe ${event.fingers} up`);
});
try {
    swipe.set_fingers(11);
} catch (error) {
    print(`refused: ${error.message}`);
}
window.connect('close-request', () => loop.quit());
window.present();
print('ready');
loop.run();
