/// Where a header or payload value of an APNs request came from, for `pushc explain` and for
/// pointing diagnostics about the output back at the input.
public enum Provenance: Hashable, Sendable {
  /// Written by the user at this place of the input, and copied unchanged.
  case input(SourceReference)
  /// Built from input values by a lowering rule, such as `aps.alert.title` from
  /// `notification.title`; `rule` names the rule (see Documentation/Lowering.md).
  case derived(rule: String, from: [SourceReference])
  /// Inferred from the rest of the request when the input did not say, such as the push type
  /// from the payload; `reason` says why this value.
  case inferred(rule: String, reason: String)
  /// A default that APNs or FCM applies when the input does not say, such as FCM's 30-day
  /// expiration.
  case defaulted(rule: String, reason: String)
  /// Given on the command line or in options rather than in the input file.
  case option(name: String)
  /// Added by FCM on delivery (with `--as-received`); the value is a realistic placeholder.
  case injectedByFCM(reason: String)

  /// The input place this value was read from or built from, if any.
  public var sourceReference: SourceReference? {
    switch self {
    case .input(let reference): reference
    case .derived(_, let references): references.first
    case .inferred, .defaulted, .option, .injectedByFCM: nil
    }
  }
}
