public import PushJSON

/// An FCM `message` object measured as the compact canonical JSON the Admin SDKs send, without
/// being built (``FCMRequestEncoder/measure(_:)``).
public struct FCMMeasuredMessage: Hashable, Sendable {
  /// The size FCM limits: the number of UTF-8 bytes of the compact `message` object, without
  /// the `{"message": …}` envelope.
  public var byteCount: Int
  /// `apns.payload` as the encoder writes it (the Admin SDKs' normalisation, without source
  /// positions), or `nil` when the message has none or it was emptied.
  ///
  /// Built when read for a payload sent as written (``apnsPayloadIsAsWritten``).
  public var apnsPayload: ValueNode? {
    get {
      apnsPayloadIsAsWritten
        ? measuredAPNSPayload.map(FCMRequestEncoder.FreeForm.payload) : measuredAPNSPayload
    }
    set {
      measuredAPNSPayload = newValue
      apnsPayloadIsAsWritten = false
    }
  }
  /// ``apnsPayload``, or, when ``apnsPayloadIsAsWritten``, `apns.payload` itself: what
  /// lowering takes as the normalised payload, which it compares with `apns.payload` anyway.
  package var measuredAPNSPayload: ValueNode?
  /// Whether ``measuredAPNSPayload`` is `apns.payload` as written, which the normalisation
  /// would change only in its positions and source texts.
  package var apnsPayloadIsAsWritten: Bool

  /// Creates a measured message.
  public init(byteCount: Int, apnsPayload: ValueNode?) {
    self.init(
      byteCount: byteCount, measuredAPNSPayload: apnsPayload, apnsPayloadIsAsWritten: false)
  }

  /// Creates a measured message whose payload may be `apns.payload` as written.
  package init(byteCount: Int, measuredAPNSPayload: ValueNode?, apnsPayloadIsAsWritten: Bool) {
    self.byteCount = byteCount
    self.measuredAPNSPayload = measuredAPNSPayload
    self.apnsPayloadIsAsWritten = apnsPayloadIsAsWritten
  }

  /// Whether both have the same size and the same ``apnsPayload``.
  public static func == (lhs: FCMMeasuredMessage, rhs: FCMMeasuredMessage) -> Bool {
    lhs.byteCount == rhs.byteCount && lhs.apnsPayload == rhs.apnsPayload
  }

  /// Hashes what ``==(_:_:)`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(byteCount)
    hasher.combine(apnsPayload)
  }
}
