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
  /// Whether JSON is read into a ``ValueTree`` (``JSONReader/readTree(_:)``), for the compile
  /// pipeline, which walks trees; otherwise into ``ValueNode``s, for the commands that use
  /// ``ParsedSource/documents``.
  var readsTrees = false

  /// This loader, reading JSON as the checking commands read it: one trailing comma is a
  /// warning, and reading recovers from syntax errors to check the rest
  /// (``JSONReader/Options/lenient``). `fmt` and `decode` read strictly.
  var lenient: SourceLoader {
    var loader = self
    loader.json = json.readingLeniently
    return loader
  }

  /// This loader, reading as the compile pipeline reads: leniently (``lenient``), and JSON into
  /// trees (``readsTrees``).
  var compiling: SourceLoader {
    var loader = lenient
    loader.readsTrees = true
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
  ///
  /// When the format was chosen by content (standard input, an unknown extension) and the
  /// JSON value is followed by another object or array, the input is NDJSON and is read as
  /// such.
  func load(_ file: SourceFile) -> ParsedSource {
    let format = format(of: file)
    let parsed = parse(file, as: format)
    guard format == .json, isSniffed(file), Self.isFollowedByADocument(parsed) else {
      return parsed
    }
    return parse(file, as: .jsonSequence)
  }

  /// Whether the format of `file` comes from its content: nothing forces it and its name
  /// says nothing.
  func isSniffed(_ file: SourceFile) -> Bool {
    forcedFormat == nil
      && (file.name == InputReader.standardInputName || SourceFormat(fileName: file.name) == nil)
  }

  /// Whether `parsed` is one JSON value read whole, followed by the start of another object or
  /// array (`jsonTrailingContent` with the NDJSON suggestion).
  static func isFollowedByADocument(_ parsed: ParsedSource) -> Bool {
    parsed.documentCount == 1
      && parsed.diagnostics.contains {
        $0.id == .jsonTrailingContent && $0.fixIts.contains(.jsonReadAsSequence)
      }
  }

  /// Reads `file` as `format`.
  func parse(_ file: SourceFile, as format: SourceFormat) -> ParsedSource {
    switch format {
    case .json:
      let reader = JSONReader(options: json)
      return readsTrees ? reader.readTree(file) : reader.read(file)
    case .jsonSequence:
      return parseSequence(file, from: 0)
    case .yaml:
      return YAMLReader.read(file, options: yaml)
    }
  }

  /// Reads `file` as a JSON sequence from byte `start`, the start of a line, on: the bytes
  /// before are not read (see ``JSONReader/read(_:from:)``).
  func parseSequence(_ file: SourceFile, from start: Int) -> ParsedSource {
    var options = json
    options.allowsMultipleDocuments = true
    let reader = JSONReader(options: options)
    return readsTrees ? reader.readTree(file, from: start) : reader.read(file, from: start)
  }
}
