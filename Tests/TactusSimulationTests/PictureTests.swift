// SPDX-License-Identifier: MIT
import Testing
import TactusCore
import TactusSimulation

/// The SVG picture says what it shows: a legend, a millimetre scale, the edge bands gestures listen on, the scene's
/// surfaces and exclusion regions, millisecond ticks, and the gestures that succeeded in bold, the others in grey.
@Suite struct PictureTests {
    static func picture() -> String {
        let session = Session()
        session.surfaces = [SimulatedSurface(id: SurfaceID(7), frame: Rect(x: 400, y: 200, width: 800, height: 600),
                                             exclusion: Rect(x: 400, y: 700, width: 800, height: 100))]
        StandardSet.attach(to: session)
        session.feed(Generator(options: GeneratorOptions()).trace(for: .swipe(direction: .left, fingers: 3, speed: 200, distance: 30)))
        return Picture.svg(session, title: "three fingers")
    }

    @Test func itHasALegendAScaleAndTicks() {
        let svg = Self.picture()
        #expect(svg.contains(">a finger lands</text>"))
        #expect(svg.contains(">it lifts; one colour per contact</text>"))
        // The simulator's touchscreen is 160 mm wide on 760 drawn pixels: 20 mm is the round length under a fifth.
        #expect(svg.contains(">20 mm</text>"))
        #expect(svg.contains(">0 ms</text>") && svg.contains(">100 ms</text>"))
    }

    @Test func itDrawsTheSceneAndTheWinner() {
        let svg = Self.picture()
        #expect(svg.contains(">surface 7</text>"))
        // The exclusion region: 800 × 100 layout pixels at 0.475 drawn pixels each.
        #expect(svg.contains(##"width="380" height="47.5" fill="#ccc""##), "\(svg)")
        // The standard set's four edge swipes listen on their edges' bands.
        #expect(svg.ranges(of: ##"fill="#9467bd" fill-opacity="0.15""##).count == 4)
        #expect(svg.contains(#"font-weight="bold">drag_3f</text>"#))
        #expect(svg.contains(##"fill="#777">swipe_3f</text>"##))
    }
}
