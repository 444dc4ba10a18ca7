import PushDiagnostics

/// Reads the inputs named on the command line: file paths, or `-` for standard input.
struct InputReader {
  /// The name standard input has in diagnostics.
  static let standardInputName = "<stdin>"
  /// The command-line spelling of standard input.
  static let standardInputArgument = "-"

  /// The default of `--max-input-size`: 16 MiB, four thousand times the largest push payload.
  static let defaultMaximumSize = 16 * 1024 * 1024

  /// Where standard input comes from.
  let console: Console
  /// The most bytes an input may have; reading stops with an error past it.
  var maximumSize: Int = InputReader.defaultMaximumSize

  /// Reads the input `argument` names.
  ///
  /// - Parameter argument: A path as the user wrote it, or `-`.
  /// - Returns: The file, named by the path as written or `<stdin>`.
  /// - Throws: A ``FileError`` when the input cannot be read or is larger than
  ///   ``maximumSize``.
  func read(_ argument: String) throws(FileError) -> SourceFile {
    if argument == Self.standardInputArgument {
      return SourceFile.wholeInput(
        name: Self.standardInputName, bytes: try console.readInput(maximumSize))
    }
    return SourceFile.wholeInput(
      name: argument, bytes: try FileIO.readFile(atPath: argument, maximumSize: maximumSize))
  }

  /// Reads `input`, named as it says (standard input by `--assume-filename`, say).
  ///
  /// - Throws: A ``FileError`` when the input cannot be read, was found unreadable while
  ///   walking its folder, or is larger than ``maximumSize``.
  func read(_ input: InputDiscovery.Input) throws(FileError) -> SourceFile {
    if let problem = input.problem { throw problem }
    let bytes =
      input.isStandardInput
      ? try console.readInput(maximumSize)
      : try FileIO.readFile(atPath: input.path, maximumSize: maximumSize)
    return SourceFile.wholeInput(name: input.name, bytes: bytes)
  }

  /// Reads `input`, a file already opened for reading (``FileIO/openForReading(atPath:)``).
  ///
  /// - Throws: A ``FileError`` when the file cannot be read or is larger than ``maximumSize``.
  func read(_ input: InputDiscovery.Input, from file: OpenedFile) throws(FileError) -> SourceFile {
    SourceFile.wholeInput(name: input.name, bytes: try file.readAll(maximumSize: maximumSize))
  }
}
