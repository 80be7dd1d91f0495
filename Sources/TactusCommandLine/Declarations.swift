// SPDX-License-Identifier: MIT
/// What a command's options, flags and arguments are declared with: property wrappers in the manner of
/// swift-argument-parser, which the programs used before (its Foundation made each of them 60 MB; docs/packaging.md).
/// The standard library only. A command is a struct whose stored properties are these wrappers; `Command.swift`
/// finds them by reflection and fills them from the command line.

/// A value an option or argument takes from its text.
public protocol ExpressibleByArgument {
    /// The value a text stands for; nil when it stands for none.
    init?(argument: String)
    /// A default as help texts show it.
    var defaultValueDescription: String { get }
    /// Every text the value may be written as, for help and completions; empty when they are not few.
    static var allValueStrings: [String] { get }
}

extension ExpressibleByArgument {
    public var defaultValueDescription: String { "\(self)" }
    public static var allValueStrings: [String] { [] }
}

extension ExpressibleByArgument where Self: RawRepresentable, RawValue == String {
    public init?(argument: String) { self.init(rawValue: argument) }
    public var defaultValueDescription: String { rawValue }
}

extension ExpressibleByArgument where Self: CaseIterable, Self: RawRepresentable, RawValue == String {
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension String: ExpressibleByArgument {
    public init?(argument: String) { self = argument }
}

extension Int: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension UInt64: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension Double: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
    /// As a user writes it: 120, not 120.0.
    public var defaultValueDescription: String { rounded() == self && abs(self) < 1e15 ? String(Int64(self)) : "\(self)" }
}

/// A declaration's help: what it does, and the name its value goes by in help texts (`--seat <name>`).
public struct ArgumentHelp: ExpressibleByStringInterpolation, Sendable {
    public var abstract: String
    public var valueName: String?

    public init(_ abstract: String, valueName: String? = nil) {
        self.abstract = abstract
        self.valueName = valueName
    }

    public init(stringLiteral abstract: String) { self.init(abstract) }
    public init(stringInterpolation: DefaultStringInterpolation) { self.init(String(stringInterpolation: stringInterpolation)) }
}

/// The name of an option or flag, when the property's own (`startSpan` gives `--start-span`) will not do.
public enum NameSpecification: Sendable {
    case customLong(String)
}

/// A mistake on the command line that the command found itself: said with the usage, exit status 64.
public struct ValidationError: Error, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// An exit with a status and nothing more to say: the command has said it.
public struct ExitCode: Error {
    public let status: Int32
    public init(_ status: Int32) { self.status = status }
}

/// One declaration, as parsing and the documentation see it, whatever its value's type.
final class Declaration {
    enum Role { case option, flag, argument }

    let role: Role
    /// The long name without its dashes; the property's own when not given.
    var name: String?
    let help: ArgumentHelp
    /// Arrays take the option again and again, or every argument left.
    let isRepeatable: Bool
    /// Required: an argument or option with neither a default nor an optional type.
    let isRequired: Bool
    let defaultDescription: String?
    let choices: [String]
    /// Takes a value's text; returns why, when it stands for no value.
    let take: (String) -> String?
    var isGiven = false

    init(role: Role, name: NameSpecification?, help: ArgumentHelp?, isRepeatable: Bool = false, isRequired: Bool = false,
         defaultDescription: String? = nil, choices: [String] = [], take: @escaping (String) -> String?) {
        self.role = role
        if case .customLong(let long)? = name { self.name = long }
        self.help = help ?? ArgumentHelp("")
        self.isRepeatable = isRepeatable
        self.isRequired = isRequired
        self.defaultDescription = defaultDescription
        self.choices = choices
        self.take = take
    }

    /// The name of its value: `<seat>`.
    var valueName: String { "<\(help.valueName ?? name ?? "value")>" }
    /// As usage lines and messages write it: `--seat <seat>`, `--check`, `<file>`.
    var synopsis: String {
        switch role {
        case .option: "--\(name ?? "") \(valueName)"
        case .flag: "--\(name ?? "")"
        case .argument: valueName
        }
    }
}

/// Where a wrapper keeps its value, shared by the command's copies: parsing writes it through the declaration.
final class ValueBox<Value> {
    var value: Value?
    init(_ value: Value?) { self.value = value }

    /// The value parsing gave: reading it before parsing is the program's mistake.
    func parsed(for declaration: Declaration) -> Value {
        guard let value else { preconditionFailure("\(declaration.synopsis) was read before parsing") }
        return value
    }
}

/// What every wrapper tells parsing.
protocol DeclaringWrapper {
    var declaration: Declaration { get }
}

/// What the option group wrapper tells parsing: the group whose declarations join the command's.
protocol GroupingWrapper {
    var group: any ParsableArguments { get }
}

/// Reads a value's text as `Value`, or says why not.
private func reader<Value>(_ parse: @escaping (String) throws -> Value?, into box: ValueBox<Value>) -> (String) -> String? {
    { text in
        do {
            guard let value = try parse(text) else { return "the value '\(text)' is invalid" }
            box.value = value
            return nil
        } catch let error as ValidationError {
            return error.message
        } catch {
            return "the value '\(text)' is invalid: \(error)"
        }
    }
}

/// Reads a value's text as an optional one: nil stays for a value not given.
private func optionalReader<Wrapped: ExpressibleByArgument>(into box: ValueBox<Wrapped?>) -> (String) -> String? {
    reader({ Wrapped(argument: $0).map { .some($0) } }, into: box)
}

/// Reads each value's text with `parse` and adds it to the list; the first value given replaces the default list.
private func listReader<Element>(_ parse: @escaping (String) throws -> Element?, into box: ValueBox<[Element]>)
    -> (String) -> String? {
    let read = ValueBox<Element>(nil)
    let take = reader(parse, into: read)
    var replacedTheDefault = false
    return { text in
        if let problem = take(text) { return problem }
        if !replacedTheDefault { box.value = [] }
        replacedTheDefault = true
        box.value?.append(read.value!)
        return nil
    }
}

/// `--name <value>`: a value with a default, an optional one, or a list of them (the option repeated).
@propertyWrapper public struct Option<Value>: DeclaringWrapper {
    let declaration: Declaration
    private let box: ValueBox<Value>

    public var wrappedValue: Value {
        get { box.parsed(for: declaration) }
        nonmutating set { box.value = newValue }
    }

    private init(box: ValueBox<Value>, declaration: Declaration) {
        self.box = box
        self.declaration = declaration
    }
}

extension Option where Value: ExpressibleByArgument {
    /// An option with a default.
    public init(wrappedValue: Value, name: NameSpecification? = nil, help: ArgumentHelp? = nil) {
        let box = ValueBox(wrappedValue)
        self.init(box: box, declaration: Declaration(
            role: .option, name: name, help: help, defaultDescription: wrappedValue.defaultValueDescription,
            choices: Value.allValueStrings, take: reader(Value.init(argument:), into: box)))
    }

    /// An option that must be given.
    public init(name: NameSpecification? = nil, help: ArgumentHelp? = nil) {
        let box = ValueBox<Value>(nil)
        self.init(box: box, declaration: Declaration(role: .option, name: name, help: help, isRequired: true,
                                                     choices: Value.allValueStrings, take: reader(Value.init(argument:), into: box)))
    }
}

extension Option {
    /// An option that may be left out: nil.
    public init<Wrapped: ExpressibleByArgument>(name: NameSpecification? = nil, help: ArgumentHelp? = nil) where Value == Wrapped? {
        let box = ValueBox<Value>(.some(nil))
        self.init(box: box, declaration: Declaration(role: .option, name: name, help: help, choices: Wrapped.allValueStrings,
                                                     take: optionalReader(into: box)))
    }

    /// An option given any number of times, each value added to the list.
    public init<Element: ExpressibleByArgument>(wrappedValue: [Element], name: NameSpecification? = nil,
                                                help: ArgumentHelp? = nil) where Value == [Element] {
        self.init(wrappedValue: wrappedValue, name: name, help: help, transform: { Element(argument: $0) })
    }

    /// An option given any number of times, each value read by `transform` (which may throw a `ValidationError`).
    public init<Element>(wrappedValue: [Element], name: NameSpecification? = nil, help: ArgumentHelp? = nil,
                         transform: @escaping (String) throws -> Element?) where Value == [Element] {
        let box = ValueBox<Value>(wrappedValue)
        self.init(box: box, declaration: Declaration(role: .option, name: name, help: help, isRepeatable: true,
                                                     take: listReader(transform, into: box)))
    }
}

/// `--name`: false unless given.
@propertyWrapper public struct Flag: DeclaringWrapper {
    let declaration: Declaration
    private let box: ValueBox<Bool>

    public var wrappedValue: Bool {
        get { box.value ?? false }
        nonmutating set { box.value = newValue }
    }

    public init(wrappedValue: Bool = false, name: NameSpecification? = nil, help: ArgumentHelp? = nil) {
        let box = ValueBox(wrappedValue)
        self.box = box
        declaration = Declaration(role: .flag, name: name, help: help, take: { _ in
            box.value = true
            return nil
        })
    }
}

/// A positional argument: one that must be given, or every one left (at least one).
@propertyWrapper public struct Argument<Value>: DeclaringWrapper {
    let declaration: Declaration
    private let box: ValueBox<Value>

    public var wrappedValue: Value {
        get { box.parsed(for: declaration) }
        nonmutating set { box.value = newValue }
    }

    private init(box: ValueBox<Value>, declaration: Declaration) {
        self.box = box
        self.declaration = declaration
    }
}

extension Argument where Value: ExpressibleByArgument {
    public init(help: ArgumentHelp? = nil) {
        let box = ValueBox<Value>(nil)
        self.init(box: box, declaration: Declaration(role: .argument, name: nil, help: help, isRequired: true,
                                                     choices: Value.allValueStrings, take: reader(Value.init(argument:), into: box)))
    }
}

extension Argument {
    /// An argument that may be left out: nil.
    public init<Wrapped: ExpressibleByArgument>(help: ArgumentHelp? = nil) where Value == Wrapped? {
        let box = ValueBox<Value>(.some(nil))
        self.init(box: box, declaration: Declaration(role: .argument, name: nil, help: help, choices: Wrapped.allValueStrings,
                                                     take: optionalReader(into: box)))
    }

    /// Every argument left, at least one.
    public init<Element: ExpressibleByArgument>(help: ArgumentHelp? = nil) where Value == [Element] {
        let box = ValueBox<Value>([])
        self.init(box: box, declaration: Declaration(role: .argument, name: nil, help: help, isRepeatable: true, isRequired: true,
                                                     take: listReader(Element.init(argument:), into: box)))
    }
}

/// Options and flags declared once in a `ParsableArguments` struct, for the commands that share them.
@propertyWrapper public struct OptionGroup<Value: ParsableArguments>: GroupingWrapper {
    public let wrappedValue: Value
    var group: any ParsableArguments { wrappedValue }

    public init() { wrappedValue = Value() }
}
