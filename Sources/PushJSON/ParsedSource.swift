public import PushDiagnostics

/// The output of a front end: the documents of one input as value trees, with the diagnostics
/// found while reading them.
///
/// A JSON file has one document (or one per line for NDJSON); a YAML stream has one per `---`.
/// When reading stopped at a syntax error, ``documents`` holds the documents read before it and
/// ``diagnostics`` has the error.
public struct ParsedSource: Sendable {
  /// The input.
  public let file: SourceFile
  /// The format the input was read as.
  public let format: SourceFormat
  /// The root value of each document, in order.
  public var documents: [ValueNode]
  /// Everything found while reading, in the order found.
  public var diagnostics: [Diagnostic]
  /// The syntax errors reading recovered from and went on after, in input order (see
  /// ``JSONReader/Options/recoversFromSyntaxErrors``); empty when reading stopped at the first
  /// error or found none.
  ///
  /// What a later stage finds after the first of them may be a consequence of the error.
  public var recoveries: [SourceSpan]

  /// Creates a parsed source.
  public init(
    file: SourceFile,
    format: SourceFormat,
    documents: [ValueNode],
    diagnostics: [Diagnostic],
    recoveries: [SourceSpan] = []
  ) {
    self.file = file
    self.format = format
    self.documents = documents
    self.diagnostics = diagnostics
    self.recoveries = recoveries
  }

  /// Whether reading found an error, in which case the documents must not be used as output.
  public var hasErrors: Bool { diagnostics.containsErrors }

  /// For JSON and NDJSON input, whether reading stopped at an error before the last non-blank
  /// byte, leaving later documents unread: a syntax error, as opposed to a problem such as a
  /// duplicate key that reading goes on after.
  ///
  /// A reader of one part of a larger input (see ``JSONSequenceSplitter``) stops using the
  /// parts after one that stopped, as reading the whole input would have stopped there.
  public var stoppedBeforeEnd: Bool {
    guard hasErrors else { return false }
    let bytes = file.bytes
    var contentEnd = bytes.count
    while contentEnd > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[contentEnd - 1]) {
      contentEnd -= 1
    }
    guard contentEnd > 0 else { return false }
    guard let last = documents.last else { return true }
    return last.span.end < contentEnd
  }
}
