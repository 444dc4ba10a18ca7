/// An option a command can declare in its ``CommandSignature``, whatever its value type.
///
/// ``Option`` is the one conforming type; the protocol lets a signature list options of
/// different value types in one array.
protocol CommandOption: Sendable {
  /// What the scanner and the help screen need to know.
  var spec: OptionSpec { get }
}
