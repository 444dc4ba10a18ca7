public import PushDiagnostics
public import PushJSON
public import PushPayload

/// A received push decoded under a ``PushContract``: its kind and typed fields, the `aps`
/// model, what FCM added, the app data the contract does not use, and the diagnostics.
///
/// The push *decodes* (``decodes``) when a kind was chosen and no diagnostic is an error, which
/// is when the app would turn it into a message.
public struct DecodedPush: Hashable, Sendable {
  /// The name of the contract used.
  public var contractName: String
  /// The form the capture was read as, or `nil` for a `userInfo` dictionary or value tree.
  public var form: CaptureForm?
  /// The kind's name, `unsupported` for a discriminator value the contract does not know, or
  /// `nil` when no kind could be chosen (the capture could not be read, or it had no
  /// discriminator and the contract no default kind).
  public var kind: String?
  /// The discriminator's value, when the push has one.
  public var discriminatorValue: String?
  /// The kind's fields, in contract order: the typed value, the default, or `null`.
  public var fields: JSONObject
  /// The `aps` dictionary, or `nil` when the push has none (or it is not a dictionary).
  public var aps: APNS.APS?
  /// What FCM added.
  public var fcm: FCMMetadata
  /// The app's top-level keys that the contract does not use, as received.
  public var data: JSONObject
  /// Everything found, in presentation order.
  public var diagnostics: [Diagnostic]

  /// Creates a decoded push.
  package init(
    contractName: String,
    form: CaptureForm? = nil,
    kind: String? = nil,
    discriminatorValue: String? = nil,
    fields: JSONObject = JSONObject(),
    aps: APNS.APS? = nil,
    fcm: FCMMetadata = FCMMetadata(),
    data: JSONObject = JSONObject(),
    diagnostics: [Diagnostic] = []
  ) {
    self.contractName = contractName
    self.form = form
    self.kind = kind
    self.discriminatorValue = discriminatorValue
    self.fields = fields
    self.aps = aps
    self.fcm = fcm
    self.data = data
    self.diagnostics = diagnostics
  }

  /// The name of the kind of a push whose discriminator value the contract does not know.
  public static let unsupportedKind = "unsupported"

  /// Whether the push decodes under the contract: a kind was chosen and nothing is an error.
  public var decodes: Bool {
    kind != nil && kind != Self.unsupportedKind && !diagnostics.containsErrors
  }

  /// The typed value of the field `key`, or `nil` when the kind has no such field.
  public subscript(field key: String) -> ValueNode? {
    fields[key]
  }
}
