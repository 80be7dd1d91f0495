// SPDX-License-Identifier: MIT
import Testing
import TactusCore

/// SwiftUI topic: `MagnifyGesture` and `RotateGesture`, alone and together (SwiftUI's example of a photo that
/// pinches and rotates: `MagnifyGesture().simultaneously(with: RotateGesture())`).
///
/// Tactus adapts SwiftUI here: rotation is a `Double` in degrees, clockwise positive as the user sees the output
/// (SwiftUI: an `Angle`); the thresholds default to 0.1 of scale and 5° (SwiftUI: 0.01 and 1°); and a gesture is
/// attached to a target instead of `.gesture(_:)`.
@Suite struct MagnifyRotateParityTests {
    // SwiftUI: magnification is the span now over the span at the start: above 1 spreading, below 1 closing.
    @Test(arguments: [(15.0, 1.5), (5.0, 0.5)])
    func magnificationIsTheRatioOfTheFingersSpan(radius: Double, magnification: Double) {
        let rig = Rig()
        var changes: [Double] = []
        var ended: [MagnifyValue] = []
        rig.engine.attach(MagnifyGesture().onChanged { changes.append($0.magnification) }.onEnded { ended.append($0) })
        rig.pinch(center: (50, 50), radius: 10, to: radius, at: 0, duration: 200)
        #expect(ended.count == 1)
        #expect(Parity.close(ended.first?.magnification, magnification))
        #expect(ended.first?.time == .milliseconds(200))
        #expect(abs((changes.first ?? 1) - 1) >= 0.1)
        #expect(Parity.close(changes.last, magnification))
    }

    // SwiftUI: MagnifyGesture(minimumScaleDelta:) begins only once the scale changed that much.
    @Test func aMagnifyWaitsForItsMinimumScaleDelta() {
        let rig = Rig()
        var changes: [Double] = []
        let pinch = rig.engine.attach(MagnifyGesture(minimumScaleDelta: 0.25).onChanged { changes.append($0.magnification) })
        rig.pinch(center: (50, 50), radius: 10, to: 12, at: 0, duration: 200)
        #expect(changes.isEmpty)
        #expect(rig.path(pinch) == [.failed])
        #expect(rig.reason(pinch) == .movedTooLittle)
        rig.clearRecords()
        // 10 → 13.3 mm over 24 frames: about 0.014 of scale per frame.
        rig.pinch(center: (50, 50), radius: 10, to: 13.3, at: 1000, duration: 200)
        #expect(rig.path(pinch) == [.began, .changed, .ended])
        #expect((1.25..<1.27).contains(changes.first ?? 0))
    }

    // SwiftUI: rotation is the signed angle the fingers turned since the gesture started.
    // Tactus adapts: a Double in degrees, clockwise positive (SwiftUI: an Angle).
    @Test(arguments: [30.0, -30.0])
    func rotationIsTheSignedAngleTheFingersTurned(degrees: Double) {
        let rig = Rig()
        var ended: [RotateValue] = []
        rig.engine.attach(RotateGesture().onEnded { ended.append($0) })
        rig.pinch(center: (50, 50), radius: 15, to: 15, turning: degrees, at: 0, duration: 200)
        #expect(ended.count == 1)
        #expect(Parity.close(ended.first?.rotation, degrees, within: 1e-6))
    }

    // SwiftUI: RotateGesture(minimumAngleDelta:) begins only once the fingers turned that far.
    @Test func aRotateWaitsForItsMinimumAngleDelta() {
        let rig = Rig()
        var changes: [Double] = []
        let rotate = rig.engine.attach(RotateGesture(minimumAngleDelta: 15).onChanged { changes.append($0.rotation) })
        rig.pinch(center: (50, 50), radius: 15, to: 15, turning: 12, at: 0, duration: 200)
        #expect(changes.isEmpty)
        #expect(rig.reason(rotate) == .movedTooLittle)
        rig.clearRecords()
        // 44° over 24 frames: 1.83° per frame, 16.5° at the ninth.
        rig.pinch(center: (50, 50), radius: 15, to: 15, turning: 44, at: 1000, duration: 200)
        #expect(rig.path(rotate) == [.began, .changed, .ended])
        #expect(Parity.close(changes.first, 16.5, within: 1e-6))
        #expect(Parity.close(changes.last, 44, within: 1e-6))
    }

    /// SwiftUI's photo: the live scale and angle follow `value.first?.magnification` and `value.second?.rotation`
    /// in `onChanged`, and `onEnded` keeps them (here: multiplies the scale, adds the angle).
    final class Photo {
        var scale = 1.0
        var angle = 0.0
        var liveScale = 1.0
        var liveAngle = 0.0
        var ends = 0

        var gesture: some Gesture {
            MagnifyGesture().simultaneously(with: RotateGesture())
                .onChanged { [unowned self] value in
                    liveScale = value.first?.magnification ?? 1
                    liveAngle = value.second?.rotation ?? 0
                }
                .onEnded { [unowned self] value in
                    scale *= value.first?.magnification ?? 1
                    angle += value.second?.rotation ?? 0
                    liveScale = 1
                    liveAngle = 0
                    ends += 1
                }
        }
    }

    // SwiftUI: MagnifyGesture().simultaneously(with: RotateGesture()) pinches and rotates a photo at once.
    // Both values arrive in one onChanged, and onEnded runs once per gesture with both final values.
    @Test func aPhotoPinchesAndRotatesTogether() {
        let rig = Rig()
        let photo = Photo()
        let id = rig.engine.attach(photo.gesture)
        rig.pinch(center: (50, 50), radius: 10, to: 20, turning: 45, at: 0, duration: 300, lift: false)
        #expect(Parity.close(photo.liveScale, 2, within: 1e-6))
        #expect(Parity.close(photo.liveAngle, 45, within: 1e-6))
        #expect(photo.ends == 0)
        rig.up(0, at: 320)
        rig.up(1, at: 320)
        rig.frame(at: 320)
        #expect(photo.ends == 1)
        #expect(Parity.close(photo.scale, 2, within: 1e-6))
        #expect(Parity.close(photo.angle, 45, within: 1e-6))
        #expect(rig.path(id, recognizer: 0) == [.began, .changed, .ended])
        #expect(rig.path(id, recognizer: 1) == [.began, .changed, .ended])
        // A second gesture starts from 1× and 0°, and onEnded builds on what the photo kept.
        rig.pinch(center: (50, 50), radius: 10, to: 15, turning: -15, at: 1000, duration: 300)
        #expect(photo.ends == 2)
        #expect(Parity.close(photo.scale, 3, within: 1e-6))
        #expect(Parity.close(photo.angle, 30, within: 1e-6))
        #expect(photo.liveScale == 1 && photo.liveAngle == 0)
    }

    // SwiftUI: a simultaneous gesture calls `updating` and `onChanged` once per update, with the values both of its
    // gestures have in that update. Two fingers spread from 10 to 20 mm apart (radius) while they turn 36°, over
    // 24 frames: 1/24 of scale and 1.5° a frame. The pinch begins on the third frame (1.125×), the rotation on the
    // fourth (6°); from then on, each frame calls back once, with that frame's scale and angle.
    @Test func aPinchAndRotateCallsBackOncePerFrameWithBothValuesOfThatFrame() {
        let rig = Rig()
        let photo = GestureState(initialValue: (scale: 1.0, angle: 0.0))
        var calls: [(callback: String, magnification: Double?, rotation: Double?)] = []
        rig.engine.attach(MagnifyGesture().simultaneously(with: RotateGesture())
            .updating(photo) { value, state in
                state = (value.first?.magnification ?? 1, value.second?.rotation ?? 0)
                calls.append(("updating", value.first?.magnification, value.second?.rotation))
            }
            .onChanged { value in calls.append(("onChanged", value.first?.magnification, value.second?.rotation)) })
        func placeFingers(frame: Int) {
            let f = Double(frame) / 24, radius = 10 + 10 * f, angle = 36 * f * Double.pi / 180
            let time = 200 * f
            rig.move(0, 50 + radius * cosine(angle), 50 + radius * sine(angle), at: time)
            rig.move(1, 50 - radius * cosine(angle), 50 - radius * sine(angle), at: time)
            rig.frame(at: time)
        }
        rig.down(0, 60, 50, at: 0)
        rig.down(1, 40, 50, at: 0)
        rig.frame(at: 0)

        for frame in 1...24 {
            calls.removeAll()
            placeFingers(frame: frame)
            let magnification = 1 + Double(frame) / 24, rotation = 1.5 * Double(frame)
            #expect(calls.map(\.callback) == (frame < 3 ? [] : ["updating", "onChanged"]), "frame \(frame)")
            for call in calls {
                #expect(Parity.close(call.magnification, magnification, within: 1e-6), "frame \(frame): \(call)")
                if frame < 4 {
                    #expect(call.rotation == nil, "frame \(frame): \(call)")
                } else {
                    #expect(Parity.close(call.rotation, rotation, within: 1e-6), "frame \(frame): \(call)")
                }
            }
        }
        #expect(Parity.close(photo.wrappedValue.scale, 2, within: 1e-6))
        #expect(Parity.close(photo.wrappedValue.angle, 36, within: 1e-6))
    }

    // SwiftUI: in a simultaneous gesture, a gesture that never started has a nil value (the photo's `?? 0`).
    // So a pinch that does not turn scales the photo and leaves its angle alone.
    @Test func aPinchThatDoesNotTurnLeavesTheRotationNil() {
        let rig = Rig()
        var ended: [SimultaneousValue<MagnifyValue, RotateValue>] = []
        let photo = Photo()
        rig.engine.attach(photo.gesture)
        rig.engine.attach(MagnifyGesture().simultaneously(with: RotateGesture()).onEnded { ended.append($0) },
                          priority: .simultaneous)
        rig.pinch(center: (50, 50), radius: 10, to: 15, at: 0, duration: 200)
        #expect(ended.count == 1)
        #expect(Parity.close(ended.first?.first?.magnification, 1.5))
        #expect(ended.first?.second == nil)
        #expect(photo.ends == 1)
        #expect(Parity.close(photo.scale, 1.5))
        #expect(photo.angle == 0)
    }

    // SwiftUI: `startLocation` is where the gesture started and `startAnchor` the same point as a unit point of
    // the view; here of the surface, whose size the host's hit test gives.
    @Test func aPinchOnASurfaceCarriesItsStartLocationAndAnchor() {
        let rig = Rig()
        let surface = SurfaceID(7)
        rig.surfaceSizes[surface] = Size(width: 400, height: 200)
        rig.scene = [(surface: surface, frame: Rect(x: 200, y: 300, width: 400, height: 200), exclusion: nil)]
        var magnify: [MagnifyValue] = []
        var rotate: [RotateValue] = []
        rig.engine.attach(MagnifyGesture().simultaneously(with: RotateGesture()).onEnded { value in
            if let m = value.first { magnify.append(m) }
            if let r = value.second { rotate.append(r) }
        }, to: .surface(surface))
        rig.pinch(center: (30, 35), radius: 5, to: 10, turning: 20, at: 0, duration: 200)
        #expect(magnify.count == 1 && rotate.count == 1)
        guard let m = magnify.first, let r = rotate.first else { return }
        #expect(abs(m.startLocation.x - 100) < 1e-6 && abs(m.startLocation.y - 50) < 1e-6)
        #expect(abs((m.startAnchor?.x ?? -1) - 0.25) < 1e-6 && abs((m.startAnchor?.y ?? -1) - 0.25) < 1e-6)
        #expect(r.startLocation == m.startLocation)
        #expect(r.startAnchor == m.startAnchor)
    }

    // Compositor targets: a region's rectangle, the touchscreen's output for the layout; touchpads on the
    // layout have no bounds, so no anchor.
    @Test func theAnchorIsOfTheRegionOrTheOutputAndAbsentForTouchpadsOnTheLayout() {
        let rig = Rig()
        var anchors: [UnitPoint?] = []
        rig.engine.attach(MagnifyGesture().onEnded { anchors.append($0.startAnchor) },
                          to: .region(Rect(x: 0, y: 0, width: 500, height: 1000)))
        rig.pinch(center: (25, 75), radius: 5, to: 10, at: 0, duration: 200)
        let layout = Rig()
        layout.engine.attach(MagnifyGesture().onEnded { anchors.append($0.startAnchor) })
        layout.pinch(center: (25, 75), radius: 5, to: 10, at: 0, duration: 200)
        layout.send(.pinchBegin(Rig.touchpad, fingers: 2), at: 1000)
        layout.send(.pinchUpdate(Rig.touchpad, delta: .zero, scale: 1.5, angleDelta: 0), at: 1010)
        layout.send(.pinchEnd(Rig.touchpad, cancelled: false), at: 1020)
        #expect(anchors.count == 3)
        guard anchors.count == 3 else { return }
        #expect(abs((anchors[0]?.x ?? -1) - 0.5) < 1e-6 && abs((anchors[0]?.y ?? -1) - 0.75) < 1e-6)
        #expect(abs((anchors[1]?.x ?? -1) - 0.25) < 1e-6 && abs((anchors[1]?.y ?? -1) - 0.75) < 1e-6)
        #expect(anchors[2] == nil)
    }
}
