// SPDX-License-Identifier: MIT
import Glibc
import JSONLines
import TactusCore
import TactusPlatform

/// The user's Tactus configuration: threshold defaults per kind of device and the compositor's bindings, read
/// from a TOML file (`defaultPath`; see docs/configuration.md and examples/config.toml).
public struct Configuration: Equatable, Sendable {
    /// Defaults for bindings, per kind of device.
    public var thresholds: [DeviceKind: GestureThresholds] = [:]
    /// The bindings, in the file's order.
    public var bindings: [BindingConfiguration] = []
    /// Settings for devices by name, in the file's order: the first that matches a device is its (tactusd's).
    public var devices: [DeviceSettings] = []
    /// The most of a surface's area a client's exclusion region keeps compositor gestures off, from 0 to 1
    /// (`[clients] exclusion-limit`); nil: the compositor's default.
    public var exclusionLimit: Double?
    /// What tactusd shows on screen (`[feedback]`); nil: nothing.
    public var feedback: FeedbackSettings?

    /// How many tables and arrays deep a value in the file may sit (`TOMLPrecheck` says how depth is counted): far more
    /// than a configuration needs (its deepest value is 3 deep), far less than overflows the TOML parser's stack.
    public static let maximumNesting = 64

    /// The built-in configuration: engine defaults, no bindings.
    public init() {}

    /// The file to read, as the XDG Base Directory specification orders them: the user's
    /// (`$XDG_CONFIG_HOME/tactus/config.toml`, else `~/.config/tactus/config.toml`) if it exists, else the first
    /// system-wide one that exists (`tactus/config.toml` in each folder of `$XDG_CONFIG_DIRS`, else in `/etc/xdg`),
    /// else the user's, which is missing (built-in defaults). Relative folders are ignored, as the specification
    /// says. Hosts that read the file again (a reload) ask again, so that a file made since is found.
    public static func defaultPath(environment: [String: String] = Environment.current,
                                   exists: (String) -> Bool = { access($0, F_OK) == 0 }) -> String {
        let file = "/tactus/config.toml"
        let home = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "") + "/.config"
        let system = (environment["XDG_CONFIG_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/xdg")
            .split(separator: ":").filter { $0.hasPrefix("/") }
        return ([home] + system.map(String.init)).map { $0 + file }.first(where: exists) ?? home + file
    }

    /// Reads the file at `path`; a problem is a `ConfigurationError` naming the file and line.
    public init(contentsOf path: String) throws(ConfigurationError) {
        guard let text = Files.text(ofFile: path) else {
            throw ConfigurationError(file: path, line: 0, message: "cannot be read")
        }
        try self.init(text: text, file: path)
    }

    /// Reads a configuration from its text; `file` names it in errors.
    public init(text: String, file: String) throws(ConfigurationError) {
        switch TOMLPrecheck.firstProblem(nestingDeeperThan: Configuration.maximumNesting, in: text) {
        case (let line, .tooDeep)?:
            throw ConfigurationError(file: file, line: line,
                                     message: "nested more than \(Configuration.maximumNesting) tables and arrays deep")
        case (let line, .keyWithoutStart)?:
            throw ConfigurationError(file: file, line: line,
                                     message: "syntax error: a key must start with a letter, a digit, '_', '-' or a quote")
        case (let line, .mismatchedBracket)?:
            throw ConfigurationError(file: file, line: line, message: "syntax error: a bracket closes what it did not open")
        case (let line, .nulByte)?:
            throw ConfigurationError(file: file, line: line,
                                     message: "syntax error: a NUL byte, which TOML allows nowhere (the file would end there)")
        case (let line, .nulEscape)?:
            throw ConfigurationError(file: file, line: line,
                                     message: "a string holds a NUL character (\\u0000): a command, name or action ends at the first NUL")
        case nil:
            break
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(parsing: text)
        } catch {
            throw ConfigurationError(file: file, line: error.line, message: "syntax error: \(error.description)")
        }
        let reader = Reader(file: file, lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        try reader.check(table, allows: ["thresholds", "binding", "clients", "device", "feedback"], in: .top)
        if let thresholds = table["thresholds"] {
            guard let devices = thresholds.table else { throw reader.error(at: .top, key: "thresholds", "must be a table") }
            try reader.check(devices, allows: ["touchscreen", "touchpad"], in: .table("thresholds"))
            for (name, kind) in [("touchscreen", DeviceKind.touchscreen), ("touchpad", .touchpad)] {
                guard let value = devices[name] else { continue }
                guard let values = value.table else { throw reader.error(at: .table("thresholds"), key: name, "must be a table") }
                self.thresholds[kind] = try reader.thresholds(values, in: .table("thresholds.\(name)"))
            }
        }
        if let clients = table["clients"] {
            guard let values = clients.table else { throw reader.error(at: .top, key: "clients", "must be a table") }
            try reader.check(values, allows: ["exclusion-limit"], in: .table("clients"))
            exclusionLimit = try reader.fraction(values, "exclusion-limit", in: .table("clients"))
        }
        if let value = table["feedback"] {
            guard let values = value.table else { throw reader.error(at: .top, key: "feedback", "must be a table") }
            feedback = try reader.feedback(values, in: .table("feedback"))
        }
        if let devices = table["device"] {
            guard let list = devices.array else { throw reader.error(at: .top, key: "device", "must be [[device]] tables") }
            for (index, value) in list.enumerated() {
                guard let device = value.table else { throw reader.error(at: .top, key: "device", "must be [[device]] tables") }
                self.devices.append(try reader.device(device, in: .entry("device", index)))
            }
        }
        var labels: Set<String> = []
        if let bindings = table["binding"] {
            guard let list = bindings.array else { throw reader.error(at: .top, key: "binding", "must be [[binding]] tables") }
            for (index, value) in list.enumerated() {
                guard let binding = value.table else { throw reader.error(at: .top, key: "binding", "must be [[binding]] tables") }
                let read = try reader.binding(binding, in: .entry("binding", index))
                if let label = read.label, !labels.insert(label).inserted {
                    throw reader.error(at: .entry("binding", index), key: "name", "\"\(label)\" names an earlier binding already")
                }
                self.bindings.append(read)
            }
        }
        // Checked once every binding is read: a [[device]] may stand before the bindings it names.
        for (index, device) in self.devices.enumerated() {
            for name in device.bindings ?? [] where !labels.contains(name) {
                let known = labels.isEmpty ? "no binding has a name" : "named: \(labels.sorted().joined(separator: ", "))"
                throw reader.error(at: .entry("device", index), key: "bindings", "no binding is named \"\(name)\" (\(known))")
            }
        }
    }
}

/// Reads values out of the parsed tables and finds the lines their keys stand on, for messages.
private struct Reader {
    let file: String
    let lines: [String]

    /// Where a table is in the file: the top, a named [table], or the n-th of an array of tables ([[binding]]).
    enum Place: Equatable {
        case top, table(String), entry(String, Int)
    }

    /// The lines of a place: from its header to the next header.
    private func range(of place: Place) -> Range<Int> {
        var headers: [(line: Int, name: String)] = []
        for (number, line) in lines.enumerated() {
            if let name = Self.header(line) { headers.append((number, name)) }
        }
        let start: Int?
        switch place {
        case .top: start = -1
        case .table(let name): start = headers.first { $0.name == name }?.line
        case .entry(let name, let index): start = headers.filter { $0.name == name }.dropFirst(index).first?.line
        }
        guard let start else { return 0..<0 }
        let end = headers.first { $0.line > start }?.line ?? lines.count
        return (start + 1)..<end
    }

    /// The line (from 1) where `key` is set in `place`, or a header named after it, or the place's header.
    private func line(of key: String, in place: Place) -> Int {
        let range = range(of: place)
        let keys = [key, "\"\(key)\""]
        for number in range {
            let trimmed = lines[number].trimmed(of: " \t")
            for written in keys where trimmed.hasPrefix(written) {
                let rest = trimmed.dropFirst(written.count).trimmed(of: " \t")
                if rest.first == "=" || rest.first == "." { return number + 1 }
            }
        }
        // A table written as a header: [key], [[key]] or [key.something].
        let prefix = place == .top ? key : nil
        if let prefix, let number = lines.firstIndex(where: { line in
            line.trimmed(of: " \t").hasPrefix("[") && line.trimmed(of: "[] \t").split(separator: ".", omittingEmptySubsequences: false)[0] == prefix
        }) {
            return number + 1
        }
        return max(range.lowerBound, 1)
    }

    /// The table a header line names (`[a.b]` and `[[a]]` name `a.b` and `a`); nil for other lines.
    private static func header(_ line: String) -> String? {
        guard line.trimmed(of: " \t").hasPrefix("[") else { return nil }
        return String(line.trimmed(of: "[] \t").split(separator: "]", omittingEmptySubsequences: false)[0])
    }

    func error(at place: Place, key: String, _ message: String) -> ConfigurationError {
        ConfigurationError(file: file, line: line(of: key, in: place), message: "\(key): \(message)")
    }

    func check(_ table: TOMLTable, allows keys: Set<String>, in place: Place) throws(ConfigurationError) {
        for (key, _) in table where !keys.contains(key) {
            throw error(at: place, key: key, "unknown key (expected one of \(keys.sorted().joined(separator: ", ")))")
        }
    }

    private func number(_ table: TOMLTable, _ key: String, in place: Place) throws(ConfigurationError) -> Double? {
        guard let value = table[key] else { return nil }
        guard let number = value.double ?? value.int.map(Double.init) else { throw error(at: place, key: key, "must be a number") }
        guard number.isFinite else { throw error(at: place, key: key, "must be a finite number") }
        return number
    }

    /// A whole number, for parameters whose range is whole; a number for the others.
    private func number(_ table: TOMLTable, _ key: String, for parameter: GestureParameter, in place: Place) throws(ConfigurationError) -> Double? {
        guard case .whole = parameter.range else { return try number(table, key, in: place) }
        return try whole(table, key, in: place).map(Double.init)
    }

    /// A number from 0 to 1.
    func fraction(_ table: TOMLTable, _ key: String, in place: Place) throws(ConfigurationError) -> Double? {
        guard let value = try number(table, key, in: place) else { return nil }
        guard (0...1).contains(value) else { throw error(at: place, key: key, "must be from 0 to 1, not \(value)") }
        return value
    }

    private func whole(_ table: TOMLTable, _ key: String, in place: Place) throws(ConfigurationError) -> Int? {
        guard let value = table[key] else { return nil }
        guard let number = value.int else { throw error(at: place, key: key, "must be a whole number") }
        return number
    }

    /// A gesture problem, at the line of the key that set the parameter.
    private func error(at place: Place, key: String, _ problem: GestureSpecificationError) -> ConfigurationError {
        ConfigurationError(file: file, line: line(of: key, in: place), message: problem.description, gestureProblem: problem)
    }

    private func text(_ table: TOMLTable, _ key: String, in place: Place) throws(ConfigurationError) -> String? {
        guard let value = table[key] else { return nil }
        guard let text = value.string else { throw error(at: place, key: key, "must be a string") }
        return text
    }

    /// A string that must be one of `choices`.
    private func choice<T>(_ table: TOMLTable, _ key: String, in place: Place, _ choices: [String: T]) throws(ConfigurationError) -> T? {
        guard let name = try text(table, key, in: place) else { return nil }
        guard let value = choices[name] else {
            throw error(at: place, key: key, "\"\(name)\" is not one of \(choices.keys.sorted().joined(separator: ", "))")
        }
        return value
    }

    func thresholds(_ table: TOMLTable, in place: Place) throws(ConfigurationError) -> GestureThresholds {
        try check(table, allows: Set(GestureThresholds.all.map(\.key)), in: place)
        var thresholds = GestureThresholds()
        for threshold in GestureThresholds.all {
            guard let value = try number(table, threshold.key, for: threshold.parameter, in: place) else { continue }
            if let problem = threshold.problem(with: value) {
                throw ConfigurationError(file: file, line: line(of: threshold.key, in: place),
                                         message: "\(threshold.key): \(problem)", gestureProblem: problem)
            }
            threshold.store(&thresholds, value)
        }
        return thresholds
    }

    /// The keys that describe a gesture, in a binding and in its `then`.
    static let gestureKeys = ["gesture", "fingers", "count", "direction", "edge", "distance"]

    /// A gesture described by a table's `gestureKeys`.
    private func gesture(_ table: TOMLTable, in place: Place) throws(ConfigurationError) -> GestureSpecification {
        guard let kind = try choice(table, "gesture", in: place, Self.kinds) else {
            throw error(at: place, key: "gesture", "missing: every binding names its gesture")
        }
        var specification = GestureSpecification(kind: kind)
        specification.fingers = try whole(table, "fingers", in: place)
        specification.count = try whole(table, "count", in: place)
        specification.directions = try choice(table, "direction", in: place,
                                              Dictionary(uniqueKeysWithValues: SwipeDirection.allCases.map { ($0.kebabName, SwipeDirections($0)) }))
        specification.edge = try choice(table, "edge", in: place, Dictionary(uniqueKeysWithValues: Edge.allCases.map { ($0.rawValue, $0) }))
        specification.distance = try number(table, "distance", in: place)
        return specification
    }

    /// `on`: a list of the steps that run the action.
    private func steps(_ table: TOMLTable, in place: Place) throws(ConfigurationError) -> Set<ActionStep>? {
        guard let value = table["on"] else { return nil }
        let names = ActionStep.allCases.map(\.rawValue).joined(separator: ", ")
        guard let list = value.array, !list.isEmpty else {
            throw error(at: place, key: "on", "must be a list of steps such as [\"began\", \"ended\"] (\(names))")
        }
        var steps: Set<ActionStep> = []
        for item in list {
            guard let step = item.string.flatMap(ActionStep.init(rawValue:)) else {
                throw error(at: place, key: "on", "\(item) is not one of \(names)")
            }
            steps.insert(step)
        }
        return steps
    }

    /// At most one of the `every-…` keys: a positive number, whole for milliseconds.
    private func pace(_ table: TOMLTable, in place: Place) throws(ConfigurationError) -> ActionPace? {
        let given = ActionPace.keys.filter { table[$0.key] != nil }
        guard let (key, make) = given.first else { return nil }
        guard given.count == 1 else {
            throw error(at: place, key: given[1].key, "only one of \(ActionPace.keys.map(\.key).joined(separator: ", ")) paces a binding")
        }
        let value = key == "every-ms" ? try whole(table, key, in: place).map(Double.init) : try number(table, key, in: place)
        guard let value, value > 0, value <= 1_000_000 else { throw error(at: place, key: key, "must be more than 0 and at most 1000000") }
        return make(value)
    }

    /// `action`: { exec = "command" }, { stream = "command" } with `start = "load"` or `"gesture"` (the default), or
    /// { host = "name" }.
    private func action(_ table: TOMLTable, in place: Place) throws(ConfigurationError) -> BindingConfiguration.Action {
        guard let value = table["action"] else { throw error(at: place, key: "action", "missing: every binding has an action") }
        let kinds = ["exec", "stream", "host"]
        let forms = "must be { exec = \"command\" }, { stream = \"command\" } (with start = \"load\" or \"gesture\") "
            + "or { host = \"name\" }"
        guard let action = value.table, let kind = kinds.first(where: { action[$0] != nil }),
              let command = action[kind]?.string, !command.isEmpty,
              action.allSatisfy({ key, _ in key == kind || (kind == "stream" && key == "start") }) else {
            throw error(at: place, key: "action", forms)
        }
        if kind != "host", command.utf8.count > BindingConfiguration.longestCommand {
            throw error(at: place, key: "action", "a command of \(command.utf8.count) bytes cannot run: Linux takes at most "
                        + "\(BindingConfiguration.longestCommand) (MAX_ARG_STRLEN, 128 KiB with the NUL that ends it)")
        }
        switch kind {
        case "exec": return .exec(command)
        case "host": return .host(command)
        default:
            let starts = action["start"].map { $0.string ?? "" } ?? "gesture"
            guard ["gesture", "load"].contains(starts) else {
                throw error(at: place, key: "action", "start: \(JSONLine.quoted(starts)) is not one of gesture, load")
            }
            return .stream(command, startsAtLoad: starts == "load")
        }
    }

    /// The keys that name applications: those a binding acts over, or those it does not.
    static let applicationKeys = ["app-id", "not-app-id"]

    /// `app-id` or `not-app-id`: a list of app ids (`*` for any run of characters), at most one of the two.
    private func applications(_ table: TOMLTable, in place: Place) throws(ConfigurationError) -> ApplicationRule? {
        let given = Self.applicationKeys.filter { table[$0] != nil }
        guard let key = given.first else { return nil }
        guard given.count == 1 else {
            throw error(at: place, key: given[1], "a binding names the applications it acts over (app-id) or those it does not (not-app-id), not both")
        }
        let list = table[key]?.array ?? []
        let names = list.compactMap(\.string)
        guard !list.isEmpty, names.count == list.count, names.allSatisfy({ !$0.isEmpty }) else {
            throw error(at: place, key: key, "must be a list of app ids such as [\"org.mozilla.firefox\", \"foot\"]")
        }
        return ApplicationRule(names: names, excluding: key == "not-app-id")
    }

    /// `[feedback]`: which parts show, their colours, the touch points' radius and how long the result fades.
    func feedback(_ table: TOMLTable, in place: Place) throws(ConfigurationError) -> FeedbackSettings {
        try check(table, allows: ["show", "color", "cancelled-color", "touch-radius", "fade-ms"], in: place)
        var settings = FeedbackSettings()
        if let value = table["show"] {
            let names = FeedbackSettings.Part.allCases.map(\.rawValue).joined(separator: ", ")
            guard let list = value.array else { throw error(at: place, key: "show", "must be a list of parts such as [\"touches\"] (\(names))") }
            var parts: Set<FeedbackSettings.Part> = []
            for item in list {
                guard let part = item.string.flatMap(FeedbackSettings.Part.init(rawValue:)) else {
                    throw error(at: place, key: "show", "\(item) is not one of \(names)")
                }
                parts.insert(part)
            }
            settings.shows = parts
        }
        for (key, keyPath) in [("color", \FeedbackSettings.color), ("cancelled-color", \.cancelledColor)] {
            guard let text = try self.text(table, key, in: place) else { continue }
            guard let color = FeedbackSettings.Color(hex: text) else {
                throw error(at: place, key: key, "\(JSONLine.quoted(text)) is no colour: write #RRGGBB or #RRGGBBAA (AA: the opacity)")
            }
            settings[keyPath: keyPath] = color
        }
        if let radius = try number(table, "touch-radius", in: place) {
            let range = FeedbackSettings.touchRadii
            guard range.contains(radius) else {
                throw error(at: place, key: "touch-radius", "must be from \(range.lowerBound) to \(range.upperBound) pixels, not \(radius)")
            }
            settings.touchRadius = radius
        }
        if let fade = try whole(table, "fade-ms", in: place) {
            let range = FeedbackSettings.fades
            guard range.contains(fade) else {
                throw error(at: place, key: "fade-ms", "must be from \(range.lowerBound) to \(range.upperBound) milliseconds, not \(fade)")
            }
            settings.fadeMilliseconds = fade
        }
        return settings
    }

    /// `strip`, for an edge swipe's binding: false, true, or the strip's width in millimetres.
    private func strip(_ table: TOMLTable, of binding: inout BindingConfiguration, in place: Place) throws(ConfigurationError) {
        guard let value = table["strip"] else { return }
        guard binding.specification.outputEdgeBand != nil else {
            throw error(at: place, key: "strip", "only an edge swipe's binding has an edge strip")
        }
        let range = BindingConfiguration.stripWidths
        if let flag = value.bool {
            binding.hasStrip = flag
        } else if let width = value.double ?? value.int.map(Double.init), range.contains(width) {
            binding.stripWidth = width
        } else {
            throw error(at: place, key: "strip", "must be true, false or a width from \(range.lowerBound) to \(range.upperBound) mm")
        }
    }

    /// A [[device]]: the part of the name it matches, and what it says of those devices.
    func device(_ table: TOMLTable, in place: Place) throws(ConfigurationError) -> DeviceSettings {
        try check(table, allows: ["match", "size", "rotation", "ignore", "bindings"], in: place)
        guard let match = try text(table, "match", in: place), !match.isEmpty else {
            throw error(at: place, key: "match", "missing: every device names a part of its name, as tactusd --list-devices prints it")
        }
        var settings = DeviceSettings(match: match)
        if let value = table["size"] {
            let sides = value.array?.compactMap { $0.double ?? $0.int.map(Double.init) } ?? []
            guard sides.count == 2, value.array?.count == 2,
                  sides.allSatisfy({ DeviceDescription.plausibleMillimetres.contains($0) }) else {
                throw error(at: place, key: "size", "must be [width, height] in mm, each from 1 to 100000")
            }
            settings.size = Size(width: sides[0], height: sides[1])
        }
        if let degrees = try whole(table, "rotation", in: place) {
            guard let rotation = DeviceTransform.Rotation(rawValue: degrees) else {
                throw error(at: place, key: "rotation", "must be 0, 90, 180 or 270, not \(degrees)")
            }
            settings.rotation = rotation
        }
        if let ignore = table["ignore"] {
            guard let flag = ignore.bool else { throw error(at: place, key: "ignore", "must be true or false") }
            settings.ignore = flag
        }
        if let value = table["bindings"] {
            let names = value.array?.compactMap(\.string) ?? []
            guard names.count == value.array?.count, names.allSatisfy({ !$0.isEmpty }) else {
                throw error(at: place, key: "bindings", "must be a list of the names bindings give themselves, such as [\"volume\"]")
            }
            settings.bindings = names
        }
        return settings
    }

    static let kinds = Dictionary(uniqueKeysWithValues: GestureKind.allCases.map { ($0.kebabName, $0) })
    /// The binding keys that set gesture parameters, by parameter, for the lines of messages.
    static let parameterKeys: [GestureParameter: String] = [
        .fingers: "fingers", .count: "count", .directions: "direction", .edge: "edge", .distance: "distance",
    ]
    static let modifiers: [String: ModifierSet] = ["shift": .shift, "ctrl": .control, "alt": .alt, "super": .super]

    func binding(_ table: TOMLTable, in place: Place) throws(ConfigurationError) -> BindingConfiguration {
        try check(table, allows: Set(Self.gestureKeys + ["name", "modifiers", "policy", "priority", "action", "live", "on", "then", "strip"]
                                     + Self.applicationKeys
                                     + ActionPace.keys.map(\.key)), in: place)
        let specification = try gesture(table, in: place)
        let action = try action(table, in: place)
        var binding = BindingConfiguration(kind: specification.kind, action: action)
        binding.specification = specification
        if table["name"] != nil {
            guard let label = try text(table, "name", in: place), !label.isEmpty else {
                throw error(at: place, key: "name", "must be a non-empty string")
            }
            binding.label = label
        }
        if let then = table["then"] {
            guard let second = then.table else { throw error(at: place, key: "then", "must be a table such as { gesture = \"swipe\" }") }
            do {
                try check(second, allows: Set(Self.gestureKeys), in: place)
                var then = try gesture(second, in: place)
                // The same fingers go on: a second gesture that names none has the first's.
                if then.fingers == nil { then.fingers = specification.fingers }
                binding.then = then
            } catch {
                throw ConfigurationError(file: file, line: line(of: "then", in: place), message: "then: \(error.message)")
            }
        }
        if let names = table["modifiers"] {
            guard let list = names.array else { throw error(at: place, key: "modifiers", "must be a list such as [\"super\"]") }
            for name in list {
                guard let modifier = name.string.flatMap({ Self.modifiers[$0] }) else {
                    throw error(at: place, key: "modifiers", "\(name) is not one of alt, ctrl, shift, super")
                }
                binding.modifiers.insert(modifier)
            }
        }
        binding.policy = try choice(table, "policy", in: place,
                                    ["withhold": RawTouchPolicy.withhold, "forward-then-cancel": .forwardThenCancel]) ?? .withhold
        binding.priority = try choice(table, "priority", in: place,
                                      ["normal": AttachmentPriority.normal, "high": .high, "simultaneous": .simultaneous]) ?? .normal
        if let live = table["live"] {
            guard let flag = live.bool else { throw error(at: place, key: "live", "must be true or false") }
            binding.live = flag
        }
        binding.steps = try steps(table, in: place)
        binding.pace = try pace(table, in: place)
        binding.applications = try applications(table, in: place)
        try strip(table, of: &binding, in: place)
        do {
            try binding.specification.validate()
        } catch {
            throw self.error(at: place, key: Self.parameterKeys[error.parameter] ?? "gesture", error)
        }
        if let problem = binding.problem { throw ConfigurationError(file: file, line: line(of: "gesture", in: place), message: problem) }
        return binding
    }
}
