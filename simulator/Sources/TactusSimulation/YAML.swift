// SPDX-License-Identifier: MIT
import CLibyaml
import TactusTrace

/// A node of a YAML document, with the line (from 1) it starts on: what the readers of YAML files walk.
///
/// Built from libyaml's events without recursion, so that its depth costs no stack; anchors and aliases, which let a
/// few hundred bytes stand for billions of nodes, are refused rather than expanded, and so are documents nested deeper
/// than `YAMLNode.maximumDepth` or a second document in the stream.
indirect enum YAMLNode {
    case scalar(String, line: Int)
    case sequence([YAMLNode], line: Int)
    case mapping([(key: YAMLNode, value: YAMLNode)], line: Int)

    /// How deep collections may nest: far beyond any file the simulator reads.
    static let maximumDepth = 64

    /// The line the node starts on.
    var line: Int {
        switch self {
        case .scalar(_, let line), .sequence(_, let line), .mapping(_, let line): line
        }
    }

    /// A scalar's text; nil for a collection.
    var string: String? {
        if case .scalar(let text, _) = self { return text }
        return nil
    }

    /// A mapping's value for the scalar key `key`; nil when the node is no mapping or has no such key.
    subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs, _) = self else { return nil }
        return pairs.first { $0.key.string == key }?.value
    }

    /// The document `text` holds; nil when it holds none (nothing, or only comments). Errors name `source` and the line.
    static func document(_ text: String, source: String) throws -> YAMLNode? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { throw SimulationError.malformed(source, "libyaml could not start") }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return try compose(&parser, bytes: buffer, source: source)
        }
    }

    /// A collection being built: its items so far (a mapping's alternate keys and values) and its line.
    private struct Open {
        let isMapping: Bool
        let line: Int
        var items: [YAMLNode] = []
    }

    private static func compose(_ parser: inout yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>, source: String) throws -> YAMLNode? {
        var open: [Open] = []
        var document: YAMLNode?
        var documents = 0
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { throw problem(parser, bytes: bytes, source: source) }
            defer { yaml_event_delete(&event) }
            let line = Int(event.start_mark.line) + 1
            let place = "\(source):\(line)"
            var finished: YAMLNode?
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return document
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                guard documents == 1 else { throw SimulationError.malformed(place, "a second YAML document: a file holds one") }
            case YAML_ALIAS_EVENT:
                throw SimulationError.malformed(place, "an alias (*name): anchors and aliases are no part of this format")
            case YAML_SCALAR_EVENT:
                guard event.data.scalar.anchor == nil else { throw anchor(at: place) }
                let value = UnsafeBufferPointer(start: event.data.scalar.value, count: event.data.scalar.length)
                finished = .scalar(String(decoding: value, as: UTF8.self), line: line)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let isMapping = event.type == YAML_MAPPING_START_EVENT
                guard (isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor) == nil else {
                    throw anchor(at: place)
                }
                guard open.count < maximumDepth else {
                    throw SimulationError.malformed(place, "collections nested deeper than \(maximumDepth)")
                }
                open.append(Open(isMapping: isMapping, line: line))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                let collection = open.removeLast()
                if collection.isMapping {
                    let pairs = stride(from: 0, to: collection.items.count, by: 2).map { (key: collection.items[$0], value: collection.items[$0 + 1]) }
                    var keys = Set<String>()
                    for pair in pairs {
                        guard let key = pair.key.string else { continue }
                        guard keys.insert(key).inserted else {
                            throw SimulationError.malformed("\(source):\(pair.key.line)", "the key \"\(key)\" appears twice")
                        }
                    }
                    finished = .mapping(pairs, line: collection.line)
                } else {
                    finished = .sequence(collection.items, line: collection.line)
                }
            default:
                continue
            }
            guard let finished else { continue }
            if open.isEmpty {
                document = finished
            } else {
                open[open.count - 1].items.append(finished)
            }
        }
    }

    private static func anchor(at place: String) -> SimulationError {
        .malformed(place, "an anchor (&name): anchors and aliases are no part of this format")
    }

    /// libyaml's complaint, at its line: the mark's, or for the reader's errors (a character YAML does not allow) the
    /// line of the byte at fault.
    private static func problem(_ parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>, source: String) -> SimulationError {
        let what = parser.problem.map { String(cString: $0) } ?? "not YAML"
        let line: Int
        if parser.error == YAML_READER_ERROR {
            line = bytes.prefix(min(parser.problem_offset, bytes.count)).filter { $0 == UInt8(ascii: "\n") }.count + 1
        } else {
            line = Int(parser.problem_mark.line) + 1
        }
        return .malformed("\(source):\(line)", "not YAML: \(what)")
    }
}
