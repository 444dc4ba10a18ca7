/// The declaration of a positional argument of a command.
struct PositionalSpec: Hashable, Sendable {
  /// How many values the argument takes.
  enum Arity: Hashable, Sendable {
    /// Exactly one.
    case one
    /// Zero or one.
    case optional
    /// One or more; only the last positional may have it.
    case oneOrMore
    /// Zero or more; only the last positional may have it.
    case zeroOrMore
  }

  /// The name shown as `<name>` in usage and help.
  let name: String
  /// How many values it takes.
  let arity: Arity
  /// One or two sentences for the help screen.
  let help: String
  /// The usage error shown when a required value is missing.
  let missingMessage: String?
  /// The values shell completion offers; empty for file names.
  let completions: [String]

  /// Declares a positional argument.
  init(
    _ name: String,
    arity: Arity = .one,
    help: String,
    missingMessage: String? = nil,
    completions: [String] = []
  ) {
    self.name = name
    self.arity = arity
    self.help = help
    self.missingMessage = missingMessage
    self.completions = completions
  }

  /// The fewest values the argument takes.
  var minimumCount: Int {
    switch arity {
    case .one, .oneOrMore: 1
    case .optional, .zeroOrMore: 0
    }
  }

  /// Whether the argument takes every remaining value.
  var isVariadic: Bool {
    arity == .oneOrMore || arity == .zeroOrMore
  }

  /// `<name>`, `[<name>]`, `<name>...` or `[<name>...]`.
  var synopsis: String {
    switch arity {
    case .one: "<\(name)>"
    case .optional: "[<\(name)>]"
    case .oneOrMore: "<\(name)>..."
    case .zeroOrMore: "[<\(name)>...]"
    }
  }
}
