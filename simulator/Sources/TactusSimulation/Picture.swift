// SPDX-License-Identifier: MIT
import JSONLines
import TactusCore

/// An SVG picture of a session: each contact's path in its own colour over the device outline, with a legend (where a
/// finger landed, where it lifted), a millimetre scale, the edge bands and regions gestures listen on (purple), and the
/// scene's surfaces and exclusion regions; below it a
/// timeline with each gesture's phases, ticks in milliseconds, and the gestures that succeeded in bold.
public enum Picture {
    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22"]
    static let phaseColours: [GesturePhase: String] = [
        .ended: "#1f77b4", .recognized: "#1f77b4", .cancelled: "#ff7f0e", .failed: "#d62728",
    ]

    public static func svg(_ session: Session, title: String) -> String {
        let width = 800.0
        let device = session.fed.devices.first { $0.kind == .touchscreen }
        let region = device?.outputRegion ?? Rect(x: 0, y: 0, width: 1600, height: 1000)
        let scale = (width - 40) / region.size.width
        let areaHeight = device == nil ? 0 : region.size.height * scale
        // Contact paths in layout pixels.
        var paths: [Int: [Point]] = [:]
        var stroke = 0
        var current: [ContactID: Int] = [:]
        if let device {
            let geometry = device.transform
            func layout(_ p: Point) -> Point {
                let o = geometry.apply(Point(x: min(max(p.x, 0), 1), y: min(max(p.y, 0), 1)))
                return Point(x: 20 + o.x * region.size.width * scale, y: 50 + o.y * region.size.height * scale)
            }
            for (_, event) in session.fed.events {
                switch event {
                case .touchDown(device.id, let c, let p):
                    current[c] = stroke
                    paths[stroke] = [layout(p)]
                    stroke += 1
                case .touchMotion(device.id, let c, let p):
                    if let s = current[c] { paths[s, default: []].append(layout(p)) }
                case .touchUp(device.id, let c):
                    current[c] = nil
                default: break
                }
            }
        }
        // Timeline rows, one per recognizer that did anything but fail at once.
        let names = session.records.reduce(into: [String]()) { if !$0.contains($1.name) { $0.append($1.name) } }
        let start = session.fed.events.first?.time.microseconds ?? 0
        let end = max(session.records.last?.update.time.microseconds ?? start, session.fed.end.microseconds, start + 1)
        func x(_ t: Int64) -> Double { 160 + Double(t - start) / Double(end - start) * (width - 180) }
        let timelineTop = 70 + areaHeight
        let height = timelineTop + Double(names.count) * 18 + 50
        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" font-family="sans-serif" font-size="11">
        <rect width="100%" height="100%" fill="white"/>
        <text x="20" y="25" font-size="14">\(escape(title))</text>
        <circle cx="24" cy="40" r="4" fill="#333"/><text x="32" y="44">a finger lands</text>
        <rect x="121" y="37" width="6" height="6" fill="#333"/><text x="132" y="44">it lifts; one colour per contact</text>

        """
        if let device {
            svg += "<rect x=\"20\" y=\"50\" width=\(q(region.size.width * scale)) height=\(q(areaHeight)) fill=\"#f4f4f4\" stroke=\"#333\"/>\n"
            // The scene, in layout pixels like the paths: surfaces outlined, their exclusion regions hatched grey.
            func box(_ r: Rect) -> String {
                "x=\(q(20 + (r.origin.x - region.origin.x) * scale)) y=\(q(50 + (r.origin.y - region.origin.y) * scale)) " +
                    "width=\(q(r.size.width * scale)) height=\(q(r.size.height * scale))"
            }
            // Where gestures listen, if not everywhere: an output edge's band (millimetres wide) or a region.
            let pixelsPerMillimetre = device.pixelsPerMillimetre.dx * scale
            let drawn = Rect(x: 20, y: 50, width: region.size.width * scale, height: areaHeight)
            for target in Set(session.attachments.map(\.target)) {
                switch target {
                case .outputEdge(let edge, let millimetres):
                    let band = millimetres * pixelsPerMillimetre
                    let r: Rect = switch edge {
                    case .left: Rect(x: drawn.origin.x, y: drawn.origin.y, width: band, height: drawn.size.height)
                    case .right: Rect(x: drawn.origin.x + drawn.size.width - band, y: drawn.origin.y, width: band, height: drawn.size.height)
                    case .top: Rect(x: drawn.origin.x, y: drawn.origin.y, width: drawn.size.width, height: band)
                    case .bottom: Rect(x: drawn.origin.x, y: drawn.origin.y + drawn.size.height - band, width: drawn.size.width, height: band)
                    }
                    svg += "<rect x=\(q(r.origin.x)) y=\(q(r.origin.y)) width=\(q(r.size.width)) height=\(q(r.size.height)) fill=\"#9467bd\" fill-opacity=\"0.15\"/>\n"
                case .region(let r):
                    svg += "<rect \(box(r)) fill=\"none\" stroke=\"#9467bd\" stroke-dasharray=\"2 2\"/>\n"
                case .layout, .surface:
                    break
                }
            }
            for surface in session.surfaces {
                svg += "<rect \(box(surface.frame)) fill=\"none\" stroke=\"#888\" stroke-dasharray=\"4 2\"/>\n"
                svg += "<text x=\(q(24 + (surface.frame.origin.x - region.origin.x) * scale)) y=\(q(62 + (surface.frame.origin.y - region.origin.y) * scale)) fill=\"#888\">surface \(surface.id.rawValue)</text>\n"
                if let exclusion = surface.exclusion { svg += "<rect \(box(exclusion)) fill=\"#ccc\" fill-opacity=\"0.5\"/>\n" }
            }
            // A scale bar of a round number of millimetres, about a fifth of the device's width.
            let millimetres = [1.0, 2, 5, 10, 20, 50, 100, 200, 500].last { $0 * pixelsPerMillimetre <= (width - 40) / 5 } ?? 1
            let barY = 50 + areaHeight - 10
            svg += "<line x1=\"30\" y1=\(q(barY)) x2=\(q(30 + millimetres * pixelsPerMillimetre)) y2=\(q(barY)) stroke=\"#333\" stroke-width=\"2\"/>\n"
            svg += "<text x=\"30\" y=\(q(barY - 4))>\(JSONLine.number(millimetres)) mm</text>\n"
            for (index, points) in paths.sorted(by: { $0.key < $1.key }) {
                let colour = palette[index % palette.count]
                let d = points.map { "\(JSONLine.number($0.x)),\(JSONLine.number($0.y))" }.joined(separator: " ")
                svg += "<polyline points=\"\(d)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\"/>\n"
                if let first = points.first { svg += "<circle cx=\(q(first.x)) cy=\(q(first.y)) r=\"4\" fill=\"\(colour)\"/>\n" }
                if let last = points.last { svg += "<rect x=\(q(last.x - 3)) y=\(q(last.y - 3)) width=\"6\" height=\"6\" fill=\"\(colour)\"/>\n" }
            }
        }
        svg += "<text x=\"20\" y=\(q(timelineTop - 5))>timeline of \(JSONLine.number(Double(end - start) / 1000)) ms: bars from began to ended (blue) or cancelled (orange); dots recognized (blue) or failed (red)</text>\n"
        // Ticks at a round number of milliseconds, ten at most.
        let span = Double(end - start) / 1000
        let step = [1.0, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000]
            .first { span / $0 <= 10 } ?? 1_000_000
        let bottom = timelineTop + Double(names.count) * 18 + 4
        for tick in stride(from: 0.0, through: span, by: step) {
            let tx = x(start + Int64(tick * 1000))
            svg += "<line x1=\(q(tx)) y1=\(q(timelineTop)) x2=\(q(tx)) y2=\(q(bottom)) stroke=\"#ddd\"/>\n"
            svg += "<text x=\(q(tx)) y=\(q(bottom + 12)) text-anchor=\"middle\" fill=\"#666\">\(JSONLine.number(tick)) ms</text>\n"
        }
        let succeeded = Set(session.records.filter(\.isSuccess).map(\.name))
        for (row, name) in names.enumerated() {
            let y = timelineTop + Double(row) * 18 + 12
            let weight = succeeded.contains(name) ? " font-weight=\"bold\"" : " fill=\"#777\""
            svg += "<text x=\"20\" y=\(q(y + 4))\(weight)>\(escape(name))</text>\n"
            var began: Int64?
            for r in session.records where r.name == name {
                let t = r.update.time.microseconds
                switch r.update.phase {
                case .began: began = t
                case .changed: break
                case .ended, .cancelled:
                    let colour = phaseColours[r.update.phase]!
                    svg += "<rect x=\(q(x(began ?? t))) y=\(q(y - 5)) width=\(q(max(x(t) - x(began ?? t), 2))) height=\"10\" fill=\"\(colour)\"/>\n"
                    began = nil
                case .recognized, .failed:
                    svg += "<circle cx=\(q(x(t))) cy=\(q(y)) r=\"4\" fill=\"\(phaseColours[r.update.phase]!)\"/>\n"
                }
            }
        }
        return svg + "</svg>\n"
    }

    private static func q(_ v: Double) -> String { "\"\(JSONLine.number(v))\"" }

    private static func escape(_ s: String) -> String {
        var escaped = ""
        for character in s {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
