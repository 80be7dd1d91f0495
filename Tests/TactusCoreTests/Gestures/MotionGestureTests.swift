// SPDX-License-Identifier: MIT
import Testing
import TactusCore

@Suite struct DragTests {
    @Test(arguments: [(2.9, false), (3.1, true)])
    func aDragBeginsBeyondThreeMillimetres(travel: Double, begins: Bool) {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture())
        rig.nudge(50, 50, by: (travel, 0), at: 0)
        #expect(rig.path(drag) == (begins ? [.began, .ended] : [.failed]))
        if !begins { #expect(rig.reason(drag) == .movedTooLittle) }
        #expect(rig.engine.isIdle)
    }

    @Test func aTwoFingerDragWithALateSecondFingerMeasuresFromBothDown() {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture(fingers: 2))
        rig.down(0, 40, 50, at: 0)
        rig.frame(at: 0)
        rig.down(1, 60, 50, at: 150)
        rig.frame(at: 150)
        for step in 1...10 {
            rig.move(0, 40, 50 + Double(step), at: 150 + Double(step) * 10)
            rig.move(1, 60, 50 + Double(step), at: 150 + Double(step) * 10)
            rig.frame(at: 150 + Double(step) * 10)
        }
        #expect(rig.first(.began, of: drag)?.drag?.startLocation == Point(x: 500, y: 500))
        #expect(rig.last(drag)?.drag?.translation == Vector(dx: 0, dy: 100))
        #expect(rig.last(drag)?.drag?.fingers == 2)
        // One finger lifts: the drag goes on with the other, without a jump.
        rig.up(0, at: 270)
        rig.frame(at: 270)
        rig.move(1, 60, 62, at: 280)
        rig.frame(at: 280)
        #expect(rig.last(drag)?.phase == .changed)
        #expect(rig.last(drag)?.drag?.translation == Vector(dx: 0, dy: 120))
        #expect(rig.last(drag)?.drag?.fingers == 2)  // the gesture's count, not the fingers left
        rig.up(1, at: 290)
        rig.frame(at: 290)
        #expect(rig.path(drag) == [.began, .changed, .ended])
    }

    @Test func aSecondFingerAfterTheWindowFailsATwoFingerDrag() {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture(fingers: 2))
        rig.down(0, 40, 50, at: 0)
        rig.frame(at: 0)
        rig.down(1, 60, 50, at: 260)
        rig.frame(at: 260)
        #expect(rig.path(drag) == [.failed])
        #expect(rig.reason(drag) == .wrongFingerCount)
        #expect(rig.first(.failed, of: drag)?.time == Timestamp(microseconds: 250_001))
    }

    @Test func aThirdFingerCancelsARunningTwoFingerDrag() {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture(fingers: 2))
        rig.stroke([(40, 50), (60, 50)], by: (0, 10), at: 0, duration: 100, lift: false)
        rig.down(2, 50, 70, at: 120)
        rig.frame(at: 120)
        #expect(rig.path(drag) == [.began, .changed, .cancelled])
        #expect(rig.reason(drag) == .wrongFingerCount)
    }

    @Test func velocityIsALeastSquaresFitAndZeroOnceTheFingerStops() {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture())
        // 100 mm/s = 1000 px/s, with ±0.3 mm of jitter on alternate samples.
        rig.down(0, 10, 50, at: 0)
        rig.frame(at: 0)
        for step in 1...24 {
            let jitter = step % 2 == 0 ? 0.3 : -0.3
            rig.move(0, 10 + Double(step) + jitter, 50, at: Double(step) * 10)
            rig.frame(at: Double(step) * 10)
        }
        let moving = rig.last(drag)?.drag
        #expect(abs((moving?.velocity.dx ?? 0) - 1000) < 60)
        #expect(abs(moving?.velocity.dy ?? 1) < 1e-9)
        // The finger rests for 50 ms, then a frame arrives: the newest motion sample is too old.
        rig.frame(at: 240 + 50)
        rig.up(0, at: 290)
        rig.frame(at: 290)
        let end = rig.last(drag)?.drag
        #expect(end?.velocity == Vector.zero)
        #expect(end?.predictedEndTranslation == end?.translation)
    }

    @Test func aTouchpadSwipeStreamDragsWithItsFingers() {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture(fingers: 3))
        rig.pointerLocation = Point(x: 300, y: 300)
        rig.send(.swipeBegin(Rig.touchpad, fingers: 3), at: 0)
        for step in 1...10 { rig.send(.swipeUpdate(Rig.touchpad, delta: Vector(dx: 1, dy: -0.5)), at: Double(step) * 10) }
        rig.send(.swipeEnd(Rig.touchpad, cancelled: false), at: 110)
        #expect(rig.path(drag) == [.began, .changed, .ended])
        #expect(rig.first(.began, of: drag)?.time == .milliseconds(30))  // 3.35 mm after three updates
        let end = rig.last(drag)?.drag
        #expect(end?.startLocation == Point(x: 300, y: 300))
        #expect(end?.translation == Vector(dx: 100, dy: -50))
        #expect(end?.fingers == 3)
        #expect(rig.engine.isIdle)
    }

    @Test func aTouchpadPinchIsNotADrag() {
        let rig = Rig()
        let drag = rig.engine.attach(DragGesture(fingers: 2))
        rig.send(.pinchBegin(Rig.touchpad, fingers: 2), at: 0)
        rig.send(.pinchUpdate(Rig.touchpad, delta: Vector(dx: 20, dy: 0), scale: 1, angleDelta: 0), at: 10)
        rig.send(.pinchEnd(Rig.touchpad, cancelled: false), at: 20)
        #expect(rig.path(drag) == [.failed])
        #expect(rig.reason(drag) == .unsupportedInput)
    }
}

@Suite struct SwipeTests {
    func flick(_ rig: Rig, by delta: (Double, Double), duration: Double, fingers: Int = 1) {
        let points = (0..<fingers).map { (30 + Double($0) * 10, 50.0) }
        rig.stroke(points, by: delta, at: 0, duration: duration)
    }

    @Test(arguments: [(9.5, false), (10.5, true)])
    func aSwipeNeedsTenMillimetres(distance: Double, recognized: Bool) {
        let rig = Rig()
        let swipe = rig.engine.attach(SwipeGesture())
        flick(rig, by: (distance, 0), duration: 50)
        #expect(rig.path(swipe) == (recognized ? [.recognized] : [.failed]))
        if !recognized { #expect(rig.reason(swipe) == .movedTooLittle) }
    }

    @Test(arguments: [(95.0, false), (105.0, true)])
    func aSwipeNeedsAHundredMillimetresPerSecondAtRelease(speed: Double, recognized: Bool) {
        let rig = Rig()
        let swipe = rig.engine.attach(SwipeGesture())
        // 30 mm at a constant speed.
        flick(rig, by: (0, 30), duration: 30 / speed * 1000)
        #expect(rig.path(swipe) == (recognized ? [.recognized] : [.failed]))
        if recognized {
            #expect(rig.last(swipe)?.swipe?.direction == .down)
            #expect(abs((rig.last(swipe)?.swipe?.velocity.dy ?? 0) - speed * 10) < speed * 0.5)
        } else {
            #expect(rig.reason(swipe) == .tooSlow)
        }
    }

    @Test(arguments: [((-20.0, 5.0), SwipeDirection.left), ((20, -3), .right), ((4, -25), .up), ((-2, 25), .down)])
    func theDominantAxisGivesTheDirection(delta: (Double, Double), direction: SwipeDirection) {
        let rig = Rig()
        let swipe = rig.engine.attach(SwipeGesture())
        flick(rig, by: delta, duration: 80)
        #expect(rig.last(swipe)?.phase == .recognized)
        #expect(rig.last(swipe)?.swipe?.direction == direction)
        let translation = rig.last(swipe)?.swipe?.translation ?? .zero
        #expect((translation - Vector(dx: delta.0 * 10, dy: delta.1 * 10)).length < 1e-9)
    }

    @Test func diagonalsAndExcludedDirectionsFail() {
        let rig = Rig()
        let horizontal = rig.engine.attach(SwipeGesture(directions: .horizontal))
        flick(rig, by: (20, 15), duration: 80)
        #expect(rig.reason(horizontal) == .wrongDirection)
        rig.clearRecords()
        flick(rig, by: (0, -30), duration: 80)
        #expect(rig.reason(horizontal) == .wrongDirection)
    }

    /// Along an axis while the travel across is at most half the travel along (26.6°), diagonal beyond: every
    /// stroke has one direction, so a swipe of the axes and a swipe of the diagonals never both claim it.
    @Test(arguments: [((20.0, 10.0), SwipeDirection.right), ((20, 10.5), .downRight), ((-15, -15), .upLeft),
                      ((12, -20), .upRight), ((-10.5, 20), .downLeft), ((-10, 20), .down)])
    func theSlopeOfTheStrokeGivesOneOfEightDirections(delta: (Double, Double), direction: SwipeDirection) {
        let rig = Rig()
        let axes = rig.engine.attach(SwipeGesture())
        let diagonals = rig.engine.attach(SwipeGesture(directions: .diagonal), to: .layout, priority: .simultaneous)
        flick(rig, by: delta, duration: 80)
        let isDiagonal = SwipeDirections.diagonal.contains(SwipeDirections(direction))
        let (winner, loser) = isDiagonal ? (diagonals, axes) : (axes, diagonals)
        #expect(rig.path(winner) == [.recognized])
        #expect(rig.last(winner)?.swipe?.direction == direction)
        #expect(rig.reason(loser) == .wrongDirection)
    }

    /// A diagonal swipe counts its distance and speed along the diagonal: 10 mm there is 7.1 mm along each axis.
    @Test(arguments: [(6.7, false), (7.4, true)])
    func aDiagonalSwipeNeedsTenMillimetresAlongTheDiagonal(side: Double, recognized: Bool) {
        let rig = Rig()
        let swipe = rig.engine.attach(SwipeGesture(directions: .all))
        flick(rig, by: (side, -side), duration: 40)
        #expect(rig.path(swipe) == (recognized ? [.recognized] : [.failed]))
        #expect(recognized ? rig.last(swipe)?.swipe?.direction == .upRight : rig.reason(swipe) == .movedTooLittle)
    }

    @Test func theNamesOfTheDirectionsReadBothWays() {
        #expect(SwipeDirection.allCases.count == 8)
        #expect(SwipeDirection.downLeft.externalName == "down_left" && SwipeDirection.downLeft.kebabName == "down-left")
        #expect(SwipeDirection(name: "up-right") == .upRight && SwipeDirection(name: "up_right") == .upRight)
        #expect(SwipeDirection(name: "upright") == nil && SwipeDirection(of: .zero) == nil)
        #expect(SwipeDirections.all.rawValue == 0xFF && SwipeDirections.cardinal.rawValue == 0x0F)
        for direction in SwipeDirection.allCases {
            #expect(SwipeDirection(of: direction.unit * 3) == direction)
            #expect(abs(direction.unit.length - 1) < 1e-12)
        }
    }

    @Test func fingerCountsMustMatch() {
        let rig = Rig()
        let three = rig.engine.attach(SwipeGesture(fingers: 3))
        flick(rig, by: (-30, 0), duration: 100, fingers: 3)
        #expect(rig.path(three) == [.recognized])
        #expect(rig.last(three)?.swipe?.fingers == 3)
        rig.clearRecords()
        flick(rig, by: (-30, 0), duration: 100, fingers: 2)
        #expect(rig.reason(three) == .wrongFingerCount)
        rig.clearRecords()
        flick(rig, by: (-30, 0), duration: 100, fingers: 4)
        #expect(rig.reason(three) == .wrongFingerCount)
        #expect(rig.engine.isIdle)
    }

    @Test(arguments: [3, 4])
    func touchpadSwipesKeepTheirFingerCount(fingers: Int) {
        let rig = Rig()
        let swipe = rig.engine.attach(SwipeGesture(fingers: fingers))
        rig.send(.swipeBegin(Rig.touchpad, fingers: fingers), at: 0)
        for step in 1...10 { rig.send(.swipeUpdate(Rig.touchpad, delta: Vector(dx: -3, dy: 0.2)), at: Double(step) * 10) }
        rig.send(.swipeEnd(Rig.touchpad, cancelled: false), at: 100)
        #expect(rig.path(swipe) == [.recognized])
        #expect(rig.last(swipe)?.swipe?.direction == .left)
        #expect(rig.last(swipe)?.swipe?.fingers == fingers)
        rig.clearRecords()
        rig.send(.swipeBegin(Rig.touchpad, fingers: fingers), at: 500)
        rig.send(.swipeUpdate(Rig.touchpad, delta: Vector(dx: -30, dy: 0)), at: 510)
        rig.send(.swipeEnd(Rig.touchpad, cancelled: true), at: 520)
        #expect(rig.path(swipe) == [.failed])
        #expect(rig.reason(swipe) == .cancelledByInput)
    }
}

@Suite struct EdgeSwipeTests {
    @Test(arguments: [(4.9, true), (5.1, false)])
    func theFingerMustLandWithinTheMargin(start: Double, inZone: Bool) {
        let rig = Rig()
        let edge = rig.engine.attach(EdgeSwipeGesture(edge: .left))
        rig.stroke([(start, 50)], by: (30, 0), at: 0, duration: 200)
        #expect(rig.path(edge) == (inZone ? [.began, .changed, .ended] : [.failed]))
        if !inZone { #expect(rig.reason(edge) == .outsideEdgeZone) }
    }

    @Test(arguments: [(Edge.right, (98.0, 50.0), (-10.0, 0.0)), (.top, (50, 1), (0, 10)), (.bottom, (50, 99), (0, -10))])
    func progressGrowsInwardsFromEveryEdge(edge: Edge, start: (Double, Double), delta: (Double, Double)) {
        let rig = Rig()
        let swipe = rig.engine.attach(EdgeSwipeGesture(edge: edge))
        rig.stroke([start], by: delta, at: 0, duration: 100)
        #expect(rig.path(swipe) == [.began, .changed, .ended])
        #expect(abs((rig.last(swipe)?.edgeSwipe?.progress ?? 0) - 0.5) < 1e-9)
        #expect(rig.last(swipe)?.edgeSwipe?.edge == edge)
    }

    @Test func movingAlongTheEdgeFails() {
        let rig = Rig()
        let edge = rig.engine.attach(EdgeSwipeGesture(edge: .left))
        rig.stroke([(2, 50)], by: (2, 20), at: 0, duration: 100)
        #expect(rig.reason(edge) == .wrongDirection)
    }

    @Test func progressIsClampedAtOne() {
        let rig = Rig()
        let edge = rig.engine.attach(EdgeSwipeGesture(edge: .left, distance: 20))
        rig.stroke([(1, 50)], by: (60, 0), at: 0, duration: 200)
        #expect(rig.last(edge)?.edgeSwipe?.progress == 1)
        #expect(rig.last(edge)?.edgeSwipe?.translation == Vector(dx: 600, dy: 0))
    }

    @Test func aRotatedTabletSwipesFromTheEdgeTheUserSees() {
        // Device rotated a quarter turn clockwise: the device's top edge is the output's right edge.
        let rig = Rig(transform: DeviceTransform(rotation: .quarter))
        let right = rig.engine.attach(EdgeSwipeGesture(edge: .right))
        // Device coordinates: land at the device's top (y = 1 mm) and move down the device.
        rig.stroke([(50, 1)], by: (0, 10), at: 0, duration: 100)
        #expect(rig.path(right) == [.began, .changed, .ended])
        #expect(rig.last(right)?.edgeSwipe?.translation == Vector(dx: -100, dy: 0))
    }

    @Test func touchpadsHaveNoEdges() {
        let rig = Rig()
        let edge = rig.engine.attach(EdgeSwipeGesture(edge: .left))
        rig.send(.swipeBegin(Rig.touchpad, fingers: 1), at: 0)
        rig.send(.swipeEnd(Rig.touchpad, cancelled: false), at: 10)
        #expect(rig.reason(edge) == .unsupportedInput)
    }
}
