public import PushDiagnostics
public import PushJSON

/// A captured push read into a value tree: the output of ``CaptureReader``.
///
/// Every form produces the same tree, with the byte spans of each value and key in the capture.
/// In the ``CaptureForm/swiftPrint`` and ``CaptureForm/propertyList`` forms unquoted scalars are
/// untyped strings (``ValueNode/isUntypedText``).
public struct ParsedCapture: Sendable {
  /// The capture as read; when leading text was skipped, those bytes are blanked out here so
  /// that offsets, lines and columns still match the original.
  public let file: SourceFile
  /// The form the capture was recognised as, or `nil` when it was not recognised.
  public let form: CaptureForm?
  /// The root value, or `nil` when reading failed.
  public var root: ValueNode?
  /// Everything found while reading, in the order found.
  public var diagnostics: [Diagnostic]

  /// Creates a parsed capture.
  public init(file: SourceFile, form: CaptureForm?, root: ValueNode?, diagnostics: [Diagnostic]) {
    self.file = file
    self.form = form
    self.root = root
    self.diagnostics = diagnostics
  }

  /// Whether reading found an error, in which case ``root`` must not be used.
  public var hasErrors: Bool { diagnostics.containsErrors }
}
