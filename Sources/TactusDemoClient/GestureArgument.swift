// SPDX-License-Identifier: MIT
import TactusCommandLine
import TactusClient
import TactusCore

/// One `--gesture name=kind[:key=value,...]`: a gesture to subscribe to, under the name its lines carry.
struct NamedGesture {
    var name: String
    var gesture: RemoteGesture

    /// The keys a gesture takes: the parameters the protocol carries, by their command-line names, then its place.
    static let keys = RemoteGesture.parametersOnTheWire.map(\.kebabName) + ["priority", "region"]
}

extension NamedGesture {
    init(parsing argument: String) throws {
        let (name, specification) = try split(argument, at: "=", what: "name=kind[:key=value,...]")
        let (kindName, parameters) = specification.firstIndex(of: ":").map {
            (String(specification[..<$0]), String(specification[specification.index(after: $0)...]))
        } ?? (specification, "")
        guard let kind = GestureKind(externalName: kindName) else {
            let kinds = GestureKind.allCases.map(\.kebabName).joined(separator: ", ")
            throw ValidationError("unknown kind \"\(kindName)\" in \"\(argument)\"; kinds: \(kinds)")
        }
        self.name = try validName(name)
        gesture = RemoteGesture(kind: kind)
        for (key, value) in try keyValuePairs(parameters) {
            try set(key, to: value)
        }
    }

    private mutating func set(_ key: String, to value: String) throws {
        if let parameter = RemoteGesture.parametersOnTheWire.first(where: { $0.kebabName == key }) {
            return try set(parameter, to: value)
        }
        switch key {
        case "priority":
            gesture.priority = try choice(value, for: key, AttachmentPriority.init(rawValue:), ["normal", "high", "simultaneous"])
        case "region": gesture.region = try rectangles(value)
        default: throw ValidationError("unknown key \"\(key)\"; keys: \(NamedGesture.keys.joined(separator: ", "))")
        }
    }

    /// Reads a parameter's value as its type is written on the command line; the compositor checks its range.
    private mutating func set(_ parameter: GestureParameter, to value: String) throws {
        let key = parameter.kebabName
        switch parameter {
        case .fingers: gesture.fingers = try number(value, for: key)
        case .count: gesture.count = try number(value, for: key)
        case .distance: gesture.distance = try number(value, for: key)
        case .duration: gesture.duration = try number(value, for: key)
        case .minimumVelocity: gesture.minimumVelocity = try number(value, for: key)
        case .scaleDelta: gesture.scaleDelta = try number(value, for: key)
        case .angleDelta: gesture.angleDelta = try number(value, for: key)
        case .directions: gesture.directions = try directions(value)
        case .edge: gesture.edge = try choice(value, for: key, Edge.init(rawValue:), Edge.allCases.map(\.rawValue))
        }
    }
}

/// `A,B` of `--simultaneous` and `--require-failure`.
struct GesturePair {
    var first: String
    var second: String
}

extension GesturePair {
    init(parsing argument: String) throws {
        let names = argument.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard names.count == 2 else { throw ValidationError("\"\(argument)\" is not two gesture names: A,B") }
        first = try validName(names[0])
        second = try validName(names[1])
    }
}

/// Rectangles `x,y,w,h` joined by `;`.
func rectangles(_ text: String) throws -> [Rect] {
    try text.split(separator: ";").map { rectangle in
        let values = rectangle.split(separator: ",", omittingEmptySubsequences: false).compactMap { Double($0) }
        guard values.count == 4 else { throw ValidationError("\"\(rectangle)\" is not a rectangle x,y,w,h") }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }
}

/// Splits `key=value,key=value` at the commas; a part without `=` continues the previous value, so that a region's
/// `x,y,w,h` needs no other separator.
private func keyValuePairs(_ text: String) throws -> [(String, String)] {
    guard !text.isEmpty else { return [] }
    var pairs: [(String, String)] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
        if part.contains("=") {
            pairs.append(try split(part, at: "=", what: "key=value"))
        } else if let last = pairs.popLast() {
            pairs.append((last.0, last.1 + "," + part))
        } else {
            throw ValidationError("\"\(part)\" is not key=value")
        }
    }
    return pairs
}

private func split(_ text: String, at separator: Character, what: String) throws -> (String, String) {
    guard let index = text.firstIndex(of: separator) else { throw ValidationError("\"\(text)\" is not \(what)") }
    return (String(text[..<index]), String(text[text.index(after: index)...]))
}

/// Names go into JSON and into `A,B` pairs, so they keep to letters, digits, `_`, `-` and `.`.
private func validName(_ name: String) throws -> String {
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || "_-.".contains($0) }) else {
        throw ValidationError("\"\(name)\" is not a gesture name (letters, digits, _, - and .)")
    }
    return name
}

private func number<Number: LosslessStringConvertible>(_ text: String, for key: String) throws -> Number {
    guard let value = Number(text) else {
        throw ValidationError("\(key)=\(text) is not \(Number.self == Int.self ? "a whole number" : "a number")")
    }
    return value
}

private func choice<Value>(_ text: String, for key: String, _ make: (String) -> Value?, _ names: [String]) throws -> Value {
    guard let value = make(text) else { throw ValidationError("\(key)=\(text) is not one of \(names.joined(separator: ", "))") }
    return value
}

/// Directions joined by `+`, as in `left+right` or `up-left+up-right`.
private func directions(_ text: String) throws -> SwipeDirections {
    let names = SwipeDirection.allCases.map(\.kebabName)
    return try text.split(separator: "+", omittingEmptySubsequences: false).reduce(into: SwipeDirections()) {
        $0.insert(SwipeDirections(try choice(String($1), for: "directions", SwipeDirection.init(name:), names)))
    }
}
