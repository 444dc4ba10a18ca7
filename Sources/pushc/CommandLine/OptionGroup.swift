/// Options that several commands share, read together into one value.
///
/// A command takes a group by listing its ``options`` in its signature, after its own options,
/// and reads it with ``init(_:)``:
///
/// ```swift
/// options: [format] + CompileOptions.options + InputOptions.options,
/// ...
/// let input = InputOptions(arguments)
/// ```
///
/// A command that takes only part of a group lists the options it takes one by one, and reads
/// them one by one.
protocol OptionGroup: Sendable {
  /// The group's options, in help order.
  static var options: [any CommandOption] { get }

  /// Reads the group's options from the arguments of a command that declares them all.
  init(_ arguments: ParsedArguments)
}
