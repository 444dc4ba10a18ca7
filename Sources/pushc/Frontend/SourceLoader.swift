import PushDiagnostics
import PushJSON
import PushYAML

/// Chooses the format of an input and reads it into value trees with the matching front end.
///
/// The format is, in order: the one forced with `--input-format`, the one the file name's
/// extension says (``SourceFormat/init(fileName:)``), or the one the content suggests
/// (``SourceFormat/init(sniffing:)``).
struct SourceLoader: Sendable {
  /// The format every input is read as, or `nil` to detect it per input.
  var forcedFormat: SourceFormat?

  /// Creates a loader.
  init(forcedFormat: SourceFormat? = nil) {
    self.forcedFormat = forcedFormat
  }

  /// The format `file` is read as.
  func format(of file: SourceFile) -> SourceFormat {
    if let forcedFormat { return forcedFormat }
    if file.name != InputReader.standardInputName, let format = SourceFormat(fileName: file.name) {
      return format
    }
    return SourceFormat(sniffing: file.bytes)
  }

  /// Reads `file` in its format.
  func load(_ file: SourceFile) -> ParsedSource {
    Self.parse(file, as: format(of: file))
  }

  /// Reads `file` as `format`.
  static func parse(_ file: SourceFile, as format: SourceFormat) -> ParsedSource {
    switch format {
    case .json:
      JSONReader.read(file)
    case .jsonSequence:
      JSONReader.read(file, options: JSONReader.Options(allowsMultipleDocuments: true))
    case .yaml:
      YAMLReader.read(file)
    }
  }
}
