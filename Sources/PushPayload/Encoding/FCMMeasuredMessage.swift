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
  /// Built when read for a payload sent as written (``measuredAPNSPayload``).
  public var apnsPayload: ValueNode? {
    get { measuredAPNSPayload.normalized }
    set { measuredAPNSPayload.normalized = newValue }
  }
  /// ``apnsPayload``, or `apns.payload` as written where that is the same but for positions:
  /// what lowering takes.
  package var measuredAPNSPayload: MeasuredAPNSPayload

  /// Creates a measured message.
  public init(byteCount: Int, apnsPayload: ValueNode?) {
    self.init(
      byteCount: byteCount, measuredAPNSPayload: MeasuredAPNSPayload(forLowering: apnsPayload))
  }

  /// Creates a measured message whose payload may be `apns.payload` as written.
  package init(byteCount: Int, measuredAPNSPayload: MeasuredAPNSPayload) {
    self.byteCount = byteCount
    self.measuredAPNSPayload = measuredAPNSPayload
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
