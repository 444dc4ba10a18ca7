public import PushDiagnostics
public import PushJSON

/// Reads YAML 1.2 streams with the core schema into the same ``ValueNode`` trees as
/// ``JSONReader``, so later stages never need to know which format the user wrote.
///
/// Parsing is libyaml's event API; this reader turns its events into value trees:
///
/// - Every value and key has its exact byte span (libyaml counts characters; the reader
///   converts them, so columns are right on lines holding Korean text and after a byte order
///   mark).
/// - Plain scalars follow the core schema: `~`/`null`/empty are null, `true`/`false` Booleans,
///   `[-+]?[0-9]+`, `0o17` and `0x1F` integers, and `1.5`, `.5`, `1e3` floats, with lexemes
///   normalised to RFC 8259 (`+007` → `7`, `0x1F` → `31`, `.5` → `0.5`). A plain scalar that
///   resolves to anything but a string keeps its text in ``ValueNode/sourceText``. Everything
///   else is a string, including `yes`, `on` and `2024-02-21`.
/// - `!!str`, `!!int`, `!!float`, `!!bool`, `!!null`, `!!map`, `!!seq` and `!` are honoured;
///   other tags get a warning and are ignored.
/// - Aliases are expanded; mapping keys become strings; duplicate keys are reported and kept.
/// - Each document of a stream is one element of ``ParsedSource/documents``; an empty stream
///   has none.
///
/// The reader never recurses and bounds its work: nesting deeper than
/// ``Options/maximumDepth``, streams of more than ``Options/maximumNodeCount`` nodes
/// (aliases expanded, so a "billion laughs" stream stops early) and aliases that expand the
/// stream past ``Options/maximumExpandedByteCount`` bytes of scalars (one long string aliased
/// many times) are errors.
///
/// ```swift
/// let parsed = YAMLReader.read(SourceFile(name: "message.yaml", text: "a: 0x1F\n"))
/// parsed.documents.first?[JSONPointer("/a")!]?.numberValue?.lexeme  // "31"
/// ```
public struct YAMLReader: Sendable {
  /// What the reader accepts.
  public struct Options: Hashable, Sendable {
    /// The deepest nesting of sequences and mappings accepted, counting the nesting that
    /// aliases add; deeper input is an error.
    public var maximumDepth: Int
    /// The most nodes a stream may have, counting each key and each node an alias expands to;
    /// more is an error and reading stops.
    public var maximumNodeCount: Int
    /// The most bytes the scalars of a stream (keys included) may hold once aliases are
    /// expanded; an alias that takes the stream past it is an error and reading stops. Text
    /// without aliases is bounded by the input size instead: the check is made at aliases.
    public var maximumExpandedByteCount: Int
    /// The severity of a duplicate key.
    public var duplicateKeySeverity: Severity

    /// The default node limit: far more than any push message, and small enough that every
    /// later stage walks a stream quickly.
    public static let defaultMaximumNodeCount = 1_000_000

    /// The default limit on the bytes of scalars, aliases expanded: 4 MiB, a thousand times
    /// the largest push payload, and small enough that every later stage copes with it.
    public static let defaultMaximumExpandedByteCount = 4 * 1024 * 1024

    /// Creates options.
    ///
    /// - Parameters:
    ///   - maximumDepth: The deepest nesting accepted; the same default as the JSON reader.
    ///   - maximumNodeCount: The most nodes a stream may expand to.
    ///   - maximumExpandedByteCount: The most scalar bytes a stream may expand to through
    ///     aliases.
    ///   - duplicateKeySeverity: The severity of a duplicate key.
    public init(
      maximumDepth: Int = JSONReader.Options.defaultMaximumDepth,
      maximumNodeCount: Int = Options.defaultMaximumNodeCount,
      maximumExpandedByteCount: Int = Options.defaultMaximumExpandedByteCount,
      duplicateKeySeverity: Severity = .error
    ) {
      self.maximumDepth = maximumDepth
      self.maximumNodeCount = maximumNodeCount
      self.maximumExpandedByteCount = maximumExpandedByteCount
      self.duplicateKeySeverity = duplicateKeySeverity
    }
  }

  /// The options in force.
  public var options: Options

  /// Creates a reader.
  public init(options: Options = Options()) {
    self.options = options
  }

  /// Reads every document of the YAML stream in `file`.
  ///
  /// - Parameter file: The input, in UTF-8, optionally starting with a byte order mark.
  /// - Returns: The documents read before any syntax error, and the diagnostics.
  public func read(_ file: SourceFile) -> ParsedSource {
    var collector = DiagnosticCollector(file: file)
    let bytes = file.bytes
    if let encoding = Self.unsupportedEncoding(of: bytes) {
      collector.emit(
        .yamlUnsupportedEncoding(encoding),
        at: SourceSpan(start: 0, end: encoding.hasPrefix("UTF-32") ? 4 : 2)
      )
      return ParsedSource(
        file: file, format: .yaml, documents: [], diagnostics: collector.diagnostics)
    }
    var base = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      collector.emit(.yamlByteOrderMark(), at: SourceSpan(start: 0, end: 3))
      base = 3
    }
    let documents = bytes.withUnsafeBufferPointer { whole in
      let content = UnsafeBufferPointer(rebasing: whole[base...])
      var builder = YAMLTreeBuilder(
        bytes: whole,
        offsets: YAMLCharacterOffsets(bytes: content, base: base),
        options: options,
        collector: collector
      )
      let parser = YAMLEventParser(bytes: content)
      builder.run(parser)
      collector = builder.collector
      return builder.documents
    }
    return ParsedSource(
      file: file,
      format: .yaml,
      documents: documents,
      diagnostics: collector.diagnostics
    )
  }

  /// Reads every document of the YAML stream in `file` with `options`.
  ///
  /// - Parameters:
  ///   - file: The input.
  ///   - options: What the reader accepts.
  /// - Returns: The documents and the diagnostics.
  public static func read(_ file: SourceFile, options: Options = Options()) -> ParsedSource {
    YAMLReader(options: options).read(file)
  }

  /// The name of the encoding the byte order mark of `bytes` announces, when it is not UTF-8.
  private static func unsupportedEncoding(of bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32 (big-endian)" }
    if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32 (little-endian)" }
    if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16 (big-endian)" }
    if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16 (little-endian)" }
    return nil
  }
}
