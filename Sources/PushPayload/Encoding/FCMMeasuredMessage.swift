public import PushJSON

/// An FCM `message` object measured as the compact canonical JSON the Admin SDKs send, without
/// being built (``FCMRequestEncoder/measure(_:)``).
public struct FCMMeasuredMessage: Hashable, Sendable {
  /// The size FCM limits: the number of UTF-8 bytes of the compact `message` object, without
  /// the `{"message": …}` envelope.
  public var byteCount: Int
  /// `apns.payload` as the encoder writes it (the Admin SDKs' normalisation, without source
  /// positions), or `nil` when the message has none or it was emptied.
  public var apnsPayload: ValueNode?

  /// Creates a measured message.
  public init(byteCount: Int, apnsPayload: ValueNode?) {
    self.byteCount = byteCount
    self.apnsPayload = apnsPayload
  }
}
