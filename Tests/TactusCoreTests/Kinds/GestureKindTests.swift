// SPDX-License-Identifier: MIT
import Foundation
import Testing
import TactusCore

/// The kinds home: names derived from one external name, numbers that agree with the protocol and tactus.h, and
/// the one validation with its wording.
@Suite struct GestureKindTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../..").standardized.path

    @Test func everySpellingDerivesFromTheOneExternalName() {
        #expect(GestureKind.edgeSwipe.externalName == "edge_swipe")
        #expect(GestureKind.edgeSwipe.kebabName == "edge-swipe")
        #expect(GestureKind.edgeSwipe.cName == "EDGE_SWIPE")
        #expect(GestureKind.edgeSwipe.displayName == "edge swipe")
        #expect(GestureKind.edgeSwipe.withArticle == "an edge swipe" && GestureKind.magnify.withArticle == "a pinch")
        #expect(GestureKind.magnify.externalName == "pinch")
        for kind in GestureKind.allCases {
            #expect(GestureKind(externalName: kind.externalName) == kind)
            #expect(GestureKind(externalName: kind.kebabName) == kind)
            #expect(GestureKind(number: kind.number) == kind)
        }
        #expect(GestureKind(externalName: "wave") == nil)
        #expect(GestureKind(number: 0) == nil)
        #expect(Set(GestureKind.allCases.map(\.number)).count == GestureKind.allCases.count)
    }

    /// Adding a kind means adding it to the protocol's kind enum and tactus.h's too, with the same number.
    @Test func theProtocolAndTheCHeaderNumberTheKindsAsTheCoreDoes() throws {
        let xml = try String(contentsOfFile: Self.repository + "/protocols/tactus-gestures-v1.xml", encoding: .utf8)
        let header = try String(contentsOfFile: Self.repository + "/Sources/C/CTactusPlugin/include/tactus.h", encoding: .utf8)
        for kind in GestureKind.allCases {
            #expect(xml.contains("<entry name=\"\(kind.externalName)\" value=\"\(kind.number)\""), "\(kind) in the XML")
            #expect(header.contains("TACTUS_GESTURE_\(kind.cName) = \(kind.number),"), "\(kind) in tactus.h")
        }
        let kindEnum = try #require(xml.range(of: "<enum name=\"kind\">")).upperBound
        let enumEnd = try #require(xml.range(of: "</enum>", range: kindEnum..<xml.endIndex)).lowerBound
        #expect(xml[kindEnum..<enumEnd].components(separatedBy: "<entry ").count - 1 == GestureKind.allCases.count)
        #expect(header.components(separatedBy: "\tTACTUS_GESTURE_").count - 1 == GestureKind.allCases.count)
    }

    @Test(arguments: [
        (GestureKind.magnify, GestureParameter.fingers, 7.0, "fingers must be within 2…5 for a pinch, not 7"),
        (.rotate, .fingers, 1, "fingers must be within 2…5 for a rotate, not 1"),
        (.swipe, .fingers, 11, "fingers must be within 1…10 for a swipe, not 11"),
        (.tap, .count, 6, "count must be within 1…5 for a tap, not 6"),
        (.longPress, .duration, 0, "duration must be within 1…10000 ms for a long press, not 0"),
        (.drag, .distance, -2, "distance must be more than 0 and at most 500 mm for a drag, not -2"),
        (.drag, .distance, .nan, "distance must be more than 0 and at most 500 mm for a drag, not nan"),
        (.magnify, .scaleDelta, 1.5, "scale delta must be more than 0 and less than 1 for a pinch, not 1.5"),
        (.rotate, .angleDelta, 181, "angle delta must be more than 0 and at most 180° for a rotate, not 181"),
        (.swipe, .minimumVelocity, 0, "minimum velocity must be more than 0 and at most 10000 mm/s for a swipe, not 0"),
        (.magnify, .distance, 10, "a pinch has no distance"),
        (.edgeSwipe, .count, 2, "an edge swipe has no count"),
    ] as [(GestureKind, GestureParameter, Double, String)])
    func anImpossibleParameterIsRefusedInOneWording(_ kind: GestureKind, _ parameter: GestureParameter, _ value: Double,
                                                     _ message: String) {
        var specification = GestureSpecification(kind: kind)
        switch parameter {
        case .fingers: specification.fingers = Int(value)
        case .count: specification.count = Int(value)
        case .duration: specification.duration = Int(value)
        case .distance: specification.distance = value
        case .scaleDelta: specification.scaleDelta = value
        case .angleDelta: specification.angleDelta = value
        case .minimumVelocity: specification.minimumVelocity = value
        case .directions, .edge: Issue.record("not a number")
        }
        #expect(throws: GestureSpecificationError(parameter: parameter, description: message)) { try specification.validate() }
        #expect(specification.problem(with: parameter)?.description == message)
    }

    @Test func whatEachKindTakesIsAccepted() throws {
        var tap = GestureSpecification(kind: .tap)
        (tap.fingers, tap.count, tap.distance, tap.duration) = (2, 3, 4, 250)
        try tap.validate()
        var swipe = GestureSpecification(kind: .swipe)
        (swipe.directions, swipe.minimumVelocity) = (.left, 50)
        try swipe.validate()
        swipe.directions = []
        #expect(throws: GestureSpecificationError(parameter: .directions, description: "directions must not be empty for a swipe")) {
            try swipe.validate()
        }
        var edge = GestureSpecification(kind: .edgeSwipe)
        (edge.edge, edge.distance) = (.top, 40)
        try edge.validate()
        #expect(edge.outputEdgeBand == .outputEdge(.top, width: 5))
        #expect(GestureSpecification(kind: .drag).outputEdgeBand == nil)
        var pinch = GestureSpecification(kind: .magnify)
        pinch.edge = .left
        #expect(pinch.problem(with: .edge)?.description == "a pinch has no edge")
    }

    @Test func flatValuesHoldWhatTheKindHas() {
        let swipe = GestureValues.swipe(SwipeValue(time: .zero, direction: .left, translation: Vector(dx: -30, dy: 1),
                                                   velocity: Vector(dx: -200, dy: 0), location: Point(x: 5, y: 6), fingers: 3))
        #expect(swipe.flat == FlatGestureValues(fingers: 3, location: Point(x: 5, y: 6), translation: Vector(dx: -30, dy: 1),
                                                velocity: Vector(dx: -200, dy: 0), direction: .left))
        let edge = GestureValues.edgeSwipe(EdgeSwipeValue(time: .zero, edge: .right, progress: 0.5,
                                                          translation: Vector(dx: -10, dy: 0), fingers: 1))
        #expect(edge.flat == FlatGestureValues(fingers: 1, translation: Vector(dx: -10, dy: 0), edge: .right, progress: 0.5))
        let pinch = GestureValues.magnify(MagnifyValue(time: .zero, magnification: 2, anchor: Point(x: 1, y: 2), velocity: 0.5,
                                                       fingers: 2, startLocation: Point(x: 3, y: 4),
                                                       startAnchor: UnitPoint(x: 0.25, y: 0.75)))
        #expect(pinch.flat == FlatGestureValues(fingers: 2, location: Point(x: 1, y: 2), scale: 2,
                                                startLocation: Point(x: 3, y: 4), startAnchor: UnitPoint(x: 0.25, y: 0.75)))
    }
}
