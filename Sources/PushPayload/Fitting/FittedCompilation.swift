public import PushDiagnostics

/// What ``PushFitter`` made of one input: the fitted messages and every diagnostic.
public struct FittedCompilation: Sendable {
  /// The input.
  public var file: SourceFile
  /// One entry per message or request, in input order, shortened where it did not fit.
  public var messages: [CompiledPush]
  /// The diagnostics of the input as a whole, then those of each message in input order.
  public var diagnostics: [Diagnostic]

  /// Creates a result.
  package init(file: SourceFile, messages: [CompiledPush], diagnostics: [Diagnostic]) {
    self.file = file
    self.messages = messages
    self.diagnostics = diagnostics
  }

  /// Whether any error remains.
  public var hasErrors: Bool { diagnostics.containsErrors }
}
