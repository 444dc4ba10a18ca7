/// A type an option's value is read as: it parses the text of the command line, says what a
/// valid value is, and lists its values for `--help`.
///
/// String enums get everything from `CaseIterable` and their raw values, so a conformance is one
/// line:
///
/// ```swift
/// extension CompileCommand.Target: ExpressibleByArgument {}
/// ```
protocol ExpressibleByArgument: Sendable {
  /// Creates a value from its command-line spelling, or returns `nil` when the text is not a
  /// valid value.
  init?(argument: String)

  /// Every valid spelling, listed by help and in errors; empty when the values are not a closed
  /// set.
  static var allValueStrings: [String] { get }

  /// What a valid value is, completing "expected …" in errors: `an integer`, or by default
  /// `one of: a, b, c`.
  static var valueExpectation: String { get }

  /// The usage error message for `argument`, which is not a valid value of the option spelled
  /// `spelling`.
  ///
  /// By default: `invalid value 'yml' for '--input-format'; expected one of: json, ndjson,
  /// yaml; did you mean 'yaml'?`.
  static func invalidValueMessage(_ argument: String, for spelling: String) -> String

  /// The spelling of this value, shown as the default in help.
  var defaultValueDescription: String { get }
}

extension ExpressibleByArgument {
  static var allValueStrings: [String] { [] }

  static var valueExpectation: String {
    allValueStrings.isEmpty ? "a value" : "one of: " + allValueStrings.joined(separator: ", ")
  }

  static func invalidValueMessage(_ argument: String, for spelling: String) -> String {
    invalidValueMessage(argument, for: spelling, expecting: valueExpectation)
  }

  /// `invalid value 'x' for '--name'; expected <expectation>`, with a suggestion when one of
  /// ``allValueStrings`` is close.
  static func invalidValueMessage(
    _ argument: String,
    for spelling: String,
    expecting expectation: String
  ) -> String {
    var message = "invalid value '\(argument)' for '\(spelling)'; expected \(expectation)"
    if let suggestion = Suggestion.closest(to: argument, among: allValueStrings) {
      message += "; did you mean '\(suggestion)'?"
    }
    return message
  }

  var defaultValueDescription: String { String(describing: self) }
}

extension ExpressibleByArgument where Self: CaseIterable & RawRepresentable<String> {
  init?(argument: String) {
    self.init(rawValue: argument)
  }

  static var allValueStrings: [String] { allCases.map(\.rawValue) }

  var defaultValueDescription: String { rawValue }
}

extension String: ExpressibleByArgument {
  init?(argument: String) {
    self = argument
  }

  // Spelled directly, as for `Int`: `String(describing:)` asks at run time which protocols the
  // value conforms to, and the first such question in a process searches every conformance
  // (about 250k instructions, when an option is made at start-up).
  var defaultValueDescription: String { self }
}

extension Int: ExpressibleByArgument {
  init?(argument: String) {
    self.init(argument, radix: 10)
  }

  static var valueExpectation: String { "an integer" }

  var defaultValueDescription: String { String(self) }
}
