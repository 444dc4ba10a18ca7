public import PushDiagnostics
public import PushPayload

/// Reads YAML 1.2 (core schema) into the same ``ValueNode`` trees as ``JSONReader``.
///
/// TEMPORARY API SHAPE: replaced by the libyaml-based implementation.
public struct YAMLReader: Sendable {
  /// What the reader accepts.
  public struct Options: Hashable, Sendable {
    /// Creates options.
    public init() {}
  }

  /// The options in force.
  public var options: Options

  /// Creates a reader.
  public init(options: Options = Options()) {
    self.options = options
  }

  /// Reads every document of the YAML stream in `file`.
  public func read(_ file: SourceFile) -> ParsedSource {
    ParsedSource(file: file, format: .yaml, documents: [], diagnostics: [])
  }

  /// Reads every document of the YAML stream in `file` with `options`.
  public static func read(_ file: SourceFile, options: Options = Options()) -> ParsedSource {
    YAMLReader(options: options).read(file)
  }
}
