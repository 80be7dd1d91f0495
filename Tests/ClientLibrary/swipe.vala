// SPDX-License-Identifier: MIT
// swipe.vala: libtactus-client-gtk from Vala, through the tactus-client-gtk VAPI made from TactusClient-1.0's GIR,
// for Tests/EndToEnd/checks/client_library.py: what swipe.js does, the same lines printed. vapigen names the namespace
// after the C prefix: Tactus in Vala.
int main () {
    Gtk.init ();
    var loop = new MainLoop ();
    var window = new Gtk.Window () { default_width = 300, default_height = 200, title = "swipe.vala" };
    var area = new Gtk.DrawingArea () { hexpand = true, vexpand = true };
    window.child = area;
    var swipe = new Tactus.Gesture (area, Tactus.GestureKind.SWIPE);
    try {
        swipe.set_fingers (3);
        swipe.set_directions (Tactus.Direction.UP);
    } catch (Error error) {
        print ("FAILED: %s\n", error.message);
        return 1;
    }
    swipe.recognized.connect ((gesture, event) => {
        if (event.direction == Tactus.Direction.UP)
            print ("swipe %u up\n", event.fingers);
    });
    try {
        swipe.set_fingers (11);
    } catch (Error error) {
        print ("refused: %s\n", error.message);
    }
    window.close_request.connect (() => { loop.quit (); return false; });
    window.present ();
    print ("ready\n");
    loop.run ();
    return 0;
}
