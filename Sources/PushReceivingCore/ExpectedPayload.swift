public import PushDiagnostics
public import PushJSON
public import PushPayload

/// The APNs payload a definition stands for, as ``CaptureComparer`` resolves it.
public struct ExpectedPayload: Sendable {
  /// The kind the definition was read as: ``APNSInputKind/fcm`` for an FCM message, another
  /// kind for an APNs payload.
  public var kind: APNSInputKind
  /// The payload, or `nil` when the definition has errors or does not hold exactly one FCM
  /// message.
  public var payload: ValueNode?
  /// The diagnostics of each stage that ran, in order: checking the FCM message, choosing the
  /// only message (when there is not exactly one), lowering it. Empty for an APNs payload.
  ///
  /// A caller that stops at the first stage with problems of its own choosing (such as
  /// warnings promoted to errors) reports them stage by stage.
  public var diagnosticsByStage: [[Diagnostic]]

  /// Creates a result.
  package init(kind: APNSInputKind, payload: ValueNode?, diagnosticsByStage: [[Diagnostic]]) {
    self.kind = kind
    self.payload = payload
    self.diagnosticsByStage = diagnosticsByStage
  }

  /// Every diagnostic, stage by stage.
  public var diagnostics: [Diagnostic] { diagnosticsByStage.flatMap { $0 } }

  /// Whether an error was found.
  public var hasErrors: Bool { diagnostics.containsErrors }
}
