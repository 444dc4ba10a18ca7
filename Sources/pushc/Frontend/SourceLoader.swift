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
  /// Whether JSON is read as the checking commands read it (``JSONReader/Options/lenient``): a
  /// trailing comma is a warning, and reading recovers from syntax errors to check the rest.
  /// `fmt` and `decode` read strictly.
  var readsLeniently: Bool

  /// Creates a loader.
  init(forcedFormat: SourceFormat? = nil, readsLeniently: Bool = false) {
    self.forcedFormat = forcedFormat
    self.readsLeniently = readsLeniently
  }

  /// This loader, reading leniently.
  var lenient: SourceLoader {
    var loader = self
    loader.readsLeniently = true
    return loader
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
    Self.parse(file, as: format(of: file), leniently: readsLeniently)
  }

  /// Reads `file` as `format`, strictly or as ``readsLeniently`` describes.
  static func parse(_ file: SourceFile, as format: SourceFormat, leniently: Bool = false)
    -> ParsedSource
  {
    var options = leniently ? JSONReader.Options.lenient : JSONReader.Options()
    switch format {
    case .json:
      return JSONReader.read(file, options: options)
    case .jsonSequence:
      options.allowsMultipleDocuments = true
      return JSONReader.read(file, options: options)
    case .yaml:
      return YAMLReader.read(file)
    }
  }
}
