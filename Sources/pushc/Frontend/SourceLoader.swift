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
  /// What the JSON reader accepts; NDJSON inputs are read with these options and several
  /// documents allowed.
  var json: JSONReader.Options
  /// What the YAML reader accepts.
  var yaml: YAMLReader.Options

  /// This loader, reading JSON as the checking commands read it: one trailing comma is a
  /// warning, and reading recovers from syntax errors to check the rest
  /// (``JSONReader/Options/lenient``). `fmt` and `decode` read strictly.
  var lenient: SourceLoader {
    var loader = self
    loader.json.acceptsTrailingCommas = true
    loader.json.recoversFromSyntaxErrors = true
    return loader
  }

  /// Creates a loader.
  init(
    forcedFormat: SourceFormat? = nil,
    json: JSONReader.Options = JSONReader.Options(),
    yaml: YAMLReader.Options = YAMLReader.Options()
  ) {
    self.forcedFormat = forcedFormat
    self.json = json
    self.yaml = yaml
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
    parse(file, as: format(of: file))
  }

  /// Reads `file` as `format`.
  func parse(_ file: SourceFile, as format: SourceFormat) -> ParsedSource {
    switch format {
    case .json:
      return JSONReader.read(file, options: json)
    case .jsonSequence:
      var options = json
      options.allowsMultipleDocuments = true
      return JSONReader.read(file, options: options)
    case .yaml:
      return YAMLReader.read(file, options: yaml)
    }
  }
}
