/// The textual forms a captured push arrives in.
///
/// App engineers copy received pushes out of a Notification Service Extension log, the Xcode
/// console or the debugger. ``CaptureReader`` recognises each form from its content.
public enum CaptureForm: String, Hashable, Sendable, CaseIterable {
  /// JSON, such as `JSONSerialization` output or a Simulator `.apns` file. Types are exact.
  case json
  /// The output of Swift's `print(userInfo)` for a `[AnyHashable: Any]`:
  /// `[AnyHashable("aps"): { alert = "Hi"; }, AnyHashable("type"): notice]`.
  case swiftPrint = "swift-print"
  /// An `NSDictionary` description as printed by Objective-C or `po userInfo` (old-style
  /// property-list text): `{ aps = { alert = "Hi"; }; type = notice; }`.
  case propertyList = "property-list"

  /// Whether the form writes numbers and strings alike, so that an unquoted scalar could have
  /// been either (see ``ValueNode/isUntypedText``).
  public var hasUntypedScalars: Bool {
    self != .json
  }
}
