import PushDiagnostics

/// Reads the inputs named on the command line: file paths, or `-` for standard input.
struct InputReader {
  /// The name standard input has in diagnostics.
  static let standardInputName = "<stdin>"
  /// The command-line spelling of standard input.
  static let standardInputArgument = "-"

  /// Where standard input comes from.
  let console: Console

  /// Reads the input `argument` names.
  ///
  /// - Parameter argument: A path as the user wrote it, or `-`.
  /// - Returns: The file, named by the path as written or `<stdin>`.
  /// - Throws: A ``FileError`` when the input cannot be read.
  func read(_ argument: String) throws(FileError) -> SourceFile {
    if argument == Self.standardInputArgument {
      return SourceFile(name: Self.standardInputName, bytes: try console.readInput())
    }
    return SourceFile(name: argument, bytes: try FileIO.readFile(atPath: argument))
  }
}
