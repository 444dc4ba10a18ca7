/// The declaration of one option a command accepts: its name, its value type, its default and
/// its help, each written once.
///
/// Commands declare options as static constants and read them back from ``ParsedArguments``
/// with the same constant, which gives the typed value, or the default when the option is
/// absent:
///
/// ```swift
/// static let target = Option<Target>("target", valueName: "target", default: .apns, help: "…")
/// static let indent = Option<Int>("indent", valueName: "n", default: 2, in: 0...8, help: "…")
/// static let check = Option<Bool>.flag("check", help: "Write nothing; list what would change.")
/// ...
/// let target = arguments[Self.target]  // a Target
/// ```
///
/// The value type (``ExpressibleByArgument``) parses and checks each value and lists the
/// allowed values in help; the scanner rejects a bad value with a usage error before the
/// command runs. Without a default, `Option<T?>` reads `nil` when the option is absent, and
/// `Option<[T]>` is repeatable and reads every value given.
struct Option<Value: Sendable>: CommandOption {
  let spec: OptionSpec
  private let read: @Sendable (ParsedArguments) -> Value

  private init(spec: OptionSpec, read: @escaping @Sendable (ParsedArguments) -> Value) {
    self.spec = spec
    self.read = read
  }

  /// The value of the option in `arguments`: the last one given, or the default.
  func value(in arguments: ParsedArguments) -> Value {
    read(arguments)
  }
}

// MARK: - Flags

extension Option where Value == Bool {
  /// Declares a flag, `--name`, which reads `true` when given.
  static func flag(
    _ name: String,
    shortName: Character? = nil,
    help: String,
    isShownInUsage: Bool = true
  ) -> Option<Bool> {
    let spec = OptionSpec(
      name: name,
      shortName: shortName,
      kind: .flag,
      isRepeatable: false,
      help: help,
      defaultValue: nil,
      isShownInUsage: isShownInUsage,
      formats: nil,
      validate: { _ throws(UsageError) in }
    )
    return Option(spec: spec) { $0.flags.contains(name) }
  }
}

// MARK: - Options with a default

extension Option where Value: ExpressibleByArgument {
  /// Declares an option that takes a value of type `Value`, with a default.
  ///
  /// - Parameters:
  ///   - name: The long name in kebab case, without dashes.
  ///   - shortName: The one-letter name used with a single dash, if any.
  ///   - valueName: The name shown as `<valueName>` in help.
  ///   - defaultValue: The value read when the option is absent; evaluated at each read, so it
  ///     may be the clock.
  ///   - showsDefault: Whether help shows the default (`default: text`).
  ///   - expectation: What a valid value is in errors, instead of the type's.
  ///   - formats: The output whose format the option chooses, if any.
  ///   - help: One or two sentences for the help screen.
  ///   - isShownInUsage: Whether the usage line names the option.
  init(
    _ name: String,
    shortName: Character? = nil,
    valueName: String,
    default defaultValue: @autoclosure @escaping @Sendable () -> Value,
    showsDefault: Bool = true,
    expecting expectation: String? = nil,
    formats: OptionSpec.FormattedOutput? = nil,
    help: String,
    isShownInUsage: Bool = true
  ) {
    self.init(
      name,
      shortName: shortName,
      valueName: valueName,
      conversion: Conversion(expecting: expectation),
      default: defaultValue,
      showsDefault: showsDefault,
      formats: formats,
      help: help,
      isShownInUsage: isShownInUsage
    )
  }

  private init(
    _ name: String,
    shortName: Character?,
    valueName: String,
    conversion: Conversion<Value>,
    default defaultValue: @escaping @Sendable () -> Value,
    showsDefault: Bool,
    formats: OptionSpec.FormattedOutput?,
    help: String,
    isShownInUsage: Bool
  ) {
    self.init(
      spec: conversion.spec(
        name: name,
        shortName: shortName,
        valueName: valueName,
        isRepeatable: false,
        defaultValue: showsDefault ? defaultValue().defaultValueDescription : nil,
        formats: formats,
        help: help,
        isShownInUsage: isShownInUsage
      )
    ) { arguments in
      arguments.values[name]?.last.flatMap(conversion.parse) ?? defaultValue()
    }
  }
}

extension Option where Value: ExpressibleByArgument & Comparable {
  /// Declares an option that takes a value of type `Value` within `range`, with a default;
  /// errors expect `an integer from 0 to 8` unless `expectation` says otherwise.
  init(
    _ name: String,
    shortName: Character? = nil,
    valueName: String,
    default defaultValue: @autoclosure @escaping @Sendable () -> Value,
    in range: ClosedRange<Value>,
    showsDefault: Bool = true,
    expecting expectation: String? = nil,
    help: String,
    isShownInUsage: Bool = true
  ) {
    self.init(
      name,
      shortName: shortName,
      valueName: valueName,
      conversion: Conversion(in: range, expecting: expectation),
      default: defaultValue,
      showsDefault: showsDefault,
      formats: nil,
      help: help,
      isShownInUsage: isShownInUsage
    )
  }
}

// MARK: - Options without a default

extension Option {
  /// Declares an option that takes a value of type `Wrapped` and reads `nil` when absent.
  init<Wrapped: ExpressibleByArgument>(
    _ name: String,
    shortName: Character? = nil,
    valueName: String,
    expecting expectation: String? = nil,
    help: String,
    isShownInUsage: Bool = true
  ) where Value == Wrapped? {
    self.init(
      name,
      shortName: shortName,
      valueName: valueName,
      conversion: Conversion<Wrapped>(expecting: expectation),
      help: help,
      isShownInUsage: isShownInUsage
    )
  }

  /// Declares an option that takes a value of type `Wrapped` within `range` and reads `nil`
  /// when absent.
  init<Wrapped: ExpressibleByArgument & Comparable>(
    _ name: String,
    shortName: Character? = nil,
    valueName: String,
    in range: ClosedRange<Wrapped>,
    expecting expectation: String? = nil,
    help: String,
    isShownInUsage: Bool = true
  ) where Value == Wrapped? {
    self.init(
      name,
      shortName: shortName,
      valueName: valueName,
      conversion: Conversion<Wrapped>(in: range, expecting: expectation),
      help: help,
      isShownInUsage: isShownInUsage
    )
  }

  private init<Wrapped: ExpressibleByArgument>(
    _ name: String,
    shortName: Character?,
    valueName: String,
    conversion: Conversion<Wrapped>,
    help: String,
    isShownInUsage: Bool
  ) where Value == Wrapped? {
    self.init(
      spec: conversion.spec(
        name: name,
        shortName: shortName,
        valueName: valueName,
        isRepeatable: false,
        defaultValue: nil,
        formats: nil,
        help: help,
        isShownInUsage: isShownInUsage
      )
    ) { arguments in
      arguments.values[name]?.last.flatMap(conversion.parse)
    }
  }

  /// Declares a repeatable option that takes values of type `Element` and reads every value
  /// given, in command-line order (none when absent).
  init<Element: ExpressibleByArgument>(
    _ name: String,
    shortName: Character? = nil,
    valueName: String,
    help: String,
    isShownInUsage: Bool = true
  ) where Value == [Element] {
    let conversion = Conversion<Element>(expecting: nil)
    self.init(
      spec: conversion.spec(
        name: name,
        shortName: shortName,
        valueName: valueName,
        isRepeatable: true,
        defaultValue: nil,
        formats: nil,
        help: help,
        isShownInUsage: isShownInUsage
      )
    ) { arguments in
      (arguments.values[name] ?? []).compactMap(conversion.parse)
    }
  }
}

// MARK: - Conversion

/// How the text of one value becomes an `Element`, and the usage error when it does not.
private struct Conversion<Element: ExpressibleByArgument>: Sendable {
  /// The value, or `nil` when the text is not valid.
  let parse: @Sendable (String) -> Element?
  /// The usage error message for a text that is not valid, given the option's spelling.
  let invalidValueMessage: @Sendable (String, String) -> String

  /// Values of `Element`, with the type's expectation or `expectation`.
  init(expecting expectation: String?) {
    parse = { Element(argument: $0) }
    invalidValueMessage = { text, spelling in
      guard let expectation else { return Element.invalidValueMessage(text, for: spelling) }
      return Element.invalidValueMessage(text, for: spelling, expecting: expectation)
    }
  }

  /// Values of `Element` within `range`; errors expect `an integer from 0 to 8` unless
  /// `expectation` says otherwise.
  init(in range: ClosedRange<Element>, expecting expectation: String?)
  where Element: Comparable {
    let expectation =
      expectation
      ?? "\(Element.valueExpectation) from \(range.lowerBound.defaultValueDescription) to "
      + range.upperBound.defaultValueDescription
    parse = { Element(argument: $0).flatMap { range.contains($0) ? $0 : nil } }
    invalidValueMessage = { text, spelling in
      Element.invalidValueMessage(text, for: spelling, expecting: expectation)
    }
  }

  /// The spec of an option taking values of `Element`.
  func spec(
    name: String,
    shortName: Character?,
    valueName: String,
    isRepeatable: Bool,
    defaultValue: String?,
    formats: OptionSpec.FormattedOutput?,
    help: String,
    isShownInUsage: Bool
  ) -> OptionSpec {
    let parse = parse
    let invalidValueMessage = invalidValueMessage
    return OptionSpec(
      name: name,
      shortName: shortName,
      kind: .value(valueName: valueName, choices: Element.allValueStrings),
      isRepeatable: isRepeatable,
      help: help,
      defaultValue: defaultValue,
      isShownInUsage: isShownInUsage,
      formats: formats,
      validate: { text throws(UsageError) in
        guard parse(text) == nil else { return }
        throw UsageError(invalidValueMessage(text, "--" + name))
      }
    )
  }
}
