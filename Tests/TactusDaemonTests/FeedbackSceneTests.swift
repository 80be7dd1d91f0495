// SPDX-License-Identifier: MIT
import Testing
import TactusConfiguration
@testable import TactusCore
@testable import TactusDaemon

@Suite struct FeedbackSceneTests {
    static let screen = DeviceID(1)

    static func touchscreen(rotation: DeviceTransform.Rotation = .none) -> DeviceDescription {
        var device = DeviceDescription(id: screen, kind: .touchscreen, name: "panel")
        device.transform = DeviceTransform(rotation: rotation)
        return device
    }

    @Test func theFingersShowWhereTheyAreOnTheOutputUntilTheyLift() {
        var scene = FeedbackScene()
        scene.note(.deviceAdded(Self.touchscreen()))
        scene.note(.touchDown(Self.screen, contact: 0, position: Point(x: 0.25, y: 0.5)))
        scene.note(.touchDown(Self.screen, contact: 1, position: Point(x: 0.75, y: 0.5)))
        scene.note(.touchMotion(Self.screen, contact: 1, position: Point(x: 0.8, y: 0.6)))
        #expect(Set(scene.points.map { "\($0.x),\($0.y)" }) == ["0.25,0.5", "0.8,0.6"])
        scene.note(.touchUp(Self.screen, contact: 0))
        #expect(scene.points.map { "\($0.x),\($0.y)" } == ["0.8,0.6"])
        #expect(!scene.isEmpty(at: .zero, fade: .milliseconds(300)))
        scene.note(.touchCancel(Self.screen))
        #expect(scene.points.isEmpty && scene.isEmpty(at: .zero, fade: .milliseconds(300)))
    }

    @Test func aTurnedTouchscreensFingersShowTurnedAsTheOutputShowsThem() {
        var scene = FeedbackScene()
        scene.note(.deviceAdded(Self.touchscreen(rotation: .quarter)))
        scene.note(.touchDown(Self.screen, contact: 0, position: Point(x: 0.1, y: 0.2)))
        let expected = DeviceTransform(rotation: .quarter).apply(Point(x: 0.1, y: 0.2))
        #expect(scene.points == [expected] && expected != Point(x: 0.1, y: 0.2))
        scene.note(.deviceRemoved(Self.screen))
        #expect(scene.points.isEmpty)
    }

    @Test func aBindingShowsFromItsFirstStepToItsEndThenItsResultFades() {
        var scene = FeedbackScene()
        let fade = TimeSpan.milliseconds(400)
        scene.note(.began, of: 3, named: "pull", progress: 0.2, reason: nil, at: .zero)
        #expect(scene.running == FeedbackScene.Running(key: 3, name: "pull", progress: 0.2))
        let barMoved = scene.note(.changed, of: 3, named: "pull", progress: 1.7, reason: nil, at: .milliseconds(10))
        #expect(barMoved)
        #expect(scene.running?.progress == 1)
        // A change that leaves the bar where it is changes nothing to draw.
        let barStayed = !scene.note(.changed, of: 3, named: "pull", progress: 1.2, reason: nil, at: .milliseconds(20))
        #expect(barStayed)
        scene.note(.ended, of: 3, named: "pull", progress: 1, reason: nil, at: .milliseconds(100))
        #expect(scene.running == nil)
        #expect(scene.result == FeedbackScene.Result(name: "pull", succeeded: true, reason: nil, time: .milliseconds(100)))
        #expect(scene.resultOpacity(at: .milliseconds(100), fade: fade) == 1)
        #expect(scene.resultOpacity(at: .milliseconds(300), fade: fade) == 0.5)
        #expect(!scene.isEmpty(at: .milliseconds(499), fade: fade))
        #expect(scene.resultOpacity(at: .milliseconds(500), fade: fade) == 0 && scene.isEmpty(at: .milliseconds(500), fade: fade))
    }

    @Test func aCancelledGestureSaysWhyButAFailureOfOneThatNeverBeganShowsNothing() {
        var scene = FeedbackScene()
        let failureShows = scene.note(.failed, of: 1, named: "tap", progress: nil, reason: .movedTooFar, at: .zero)
        #expect(!failureShows)
        #expect(scene.result == nil && scene.running == nil)
        scene.note(.began, of: 2, named: "zoom", progress: 0.1, reason: nil, at: .zero)
        scene.note(.failed, of: 1, named: "tap", progress: nil, reason: .movedTooFar, at: .milliseconds(5))
        #expect(scene.running?.key == 2 && scene.result == nil)
        scene.note(.cancelled, of: 2, named: "zoom", progress: nil, reason: .lostToAnotherGesture, at: .milliseconds(50))
        #expect(scene.running == nil)
        #expect(scene.result == FeedbackScene.Result(name: "zoom", succeeded: false, reason: "lost to another gesture",
                                                     time: .milliseconds(50)))
        scene.note(.recognized, of: 4, named: "double tap", progress: nil, reason: nil, at: .milliseconds(60))
        #expect(scene.result?.succeeded == true && scene.result?.name == "double tap")
    }

    @Test func everyReasonReadsAsWords() {
        #expect(FeedbackScene.words(.movedTooLittle) == "moved too little")
        #expect(FeedbackScene.words(.cancelledByInput) == "cancelled by input")
        for reason in FailureReason.allCases {
            let words = FeedbackScene.words(reason)
            #expect(words == words.lowercased() && !words.contains("  ") && !words.hasPrefix(" "), "\(reason): \(words)")
        }
    }

    @Test(arguments: [
        (GestureKind.edgeSwipe, GestureValues.edgeSwipe(EdgeSwipeValue(time: .zero, edge: .left, progress: 0.4,
                                                                         translation: Vector(dx: 8, dy: 0), fingers: 1)), 0.4),
        (.magnify, .magnify(MagnifyValue(time: .zero, magnification: 2, anchor: .zero, velocity: 0, fingers: 2)), 1.0),
        (.magnify, .magnify(MagnifyValue(time: .zero, magnification: 0.5.squareRoot(), anchor: .zero, velocity: 0, fingers: 2)), 0.5),
        (.rotate, .rotate(RotateValue(time: .zero, rotation: -45, anchor: .zero, velocity: 0, fingers: 2)), 0.5),
    ] as [(GestureKind, GestureValues, Double)])
    func aGesturesProgressIsItsOwnOrItsScaleOrItsAngle(_ kind: GestureKind, _ values: GestureValues, _ expected: Double) throws {
        let update = GestureUpdate(attachment: AttachmentID(rawValue: 0), recognizer: 0, device: Self.screen, kind: kind,
                                   phase: .changed, time: .zero, values: values, reason: nil)
        let binding = BindingConfiguration(kind: kind, action: .exec("x"))
        let progress = try #require(FeedbackScene.progress(of: update, binding: binding, millimetresPerPixel: Vector(dx: 1, dy: 1)))
        #expect(abs(progress - expected) < 1e-9, "\(kind): \(progress)")
    }

    @Test func aDragsProgressIsItsTravelOverTheBindingsDistance() throws {
        let values = GestureValues.drag(DragValue(time: .zero, startLocation: .zero, location: .zero,
                                                  translation: Vector(dx: 30, dy: 40), velocity: Vector(dx: 0, dy: 0),
                                                  predictedEndLocation: .zero, predictedEndTranslation: Vector(dx: 0, dy: 0),
                                                  fingers: 1))
        let update = GestureUpdate(attachment: AttachmentID(rawValue: 0), recognizer: 0, device: Self.screen, kind: .drag,
                                   phase: .changed, time: .zero, values: values, reason: nil)
        var binding = BindingConfiguration(kind: .drag, action: .exec("x"))
        // 50 pixels at 0.2 mm a pixel: 10 mm, of the default 30 mm, then of a binding's 20 mm.
        let scale = Vector(dx: 0.2, dy: 0.2)
        #expect(abs(try #require(FeedbackScene.progress(of: update, binding: binding, millimetresPerPixel: scale)) - 1.0 / 3) < 1e-9)
        binding.specification.distance = 20
        #expect(try #require(FeedbackScene.progress(of: update, binding: binding, millimetresPerPixel: scale)) == 0.5)
        let tap = GestureUpdate(attachment: AttachmentID(rawValue: 0), recognizer: 0, device: Self.screen, kind: .tap,
                                phase: .recognized, time: .zero,
                                values: .tap(TapValue(time: .zero, location: .zero, count: 1, fingers: 1)), reason: nil)
        #expect(FeedbackScene.progress(of: tap, binding: BindingConfiguration(kind: .tap, action: .exec("x")),
                                       millimetresPerPixel: scale) == nil)
    }
}

@Suite struct EdgeStripTests {
    @Test func aStripsWidthIsTheTouchscreensMillimetresElseTheOutputsElseNinetySixDotsAnInch() {
        // 5 mm of a 254 mm touchscreen over 1280 pixels: 25 pixels; of a 300 mm output: 21; of 96 dpi: 19.
        #expect(EdgeStrips.pixels(5, logicalWidth: 1280, touchscreenWidth: 254, physicalWidth: 300) == 25)
        #expect(EdgeStrips.pixels(5, logicalWidth: 1280, touchscreenWidth: nil, physicalWidth: 300) == 21)
        #expect(EdgeStrips.pixels(5, logicalWidth: 1280, touchscreenWidth: nil, physicalWidth: 0) == 19)
        #expect(EdgeStrips.pixels(1, logicalWidth: 100, touchscreenWidth: 10_000, physicalWidth: 0) == 1)
    }
}
