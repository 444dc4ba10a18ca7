import PushDiagnostics
import PushJSON
import Testing

@testable import PushPayload

/// `FCM.Message.withAndroid`, `withWebpush` and `withAPNS` read a platform configuration where
/// the message's box holds it: the address is of the value the message reads, for
/// configurations set in many fields and in none, in a message and in a copy that shares its
/// box; an unset one calls nothing.
@Suite struct FCMMessageAddressTests {
  static let source = SourceReference(
    pointer: JSONPointer(tokens: ["message"]), span: SourceSpan(start: 1, end: 9))

  static var android: FCM.AndroidConfig {
    var config = FCM.AndroidConfig()
    config.collapseKey = Located("k")
    config.ttl = Located(FCM.Duration(seconds: 60), source: source)
    config.data = Located(FCM.StringMap([.init(key: "a", value: Located("1"))]))
    config.fcmOptions = Located(FCM.Options(analyticsLabel: Located("label")))
    config.directBootOK = Located(true)
    var notification = FCM.AndroidNotification()
    notification.title = Located("title")
    notification.color = Located("#102030")
    config.notification = Located(notification)
    return config
  }

  static var apns: FCM.APNSConfig {
    FCM.APNSConfig(
      headers: Located(FCM.StringMap([.init(key: "apns-priority", value: Located("10"))])),
      payload: Located(
        ValueNode(.object(JSONObject([.init(key: "aps", value: ValueNode(.object(JSONObject())))])))
      ),
      fcmOptions: Located(
        FCM.APNSFCMOptions(analyticsLabel: Located("l"), image: Located("https://e.com/i.png"))),
      liveActivityToken: Located("token", source: source))
  }

  static var webpush: FCM.WebpushConfig {
    var config = FCM.WebpushConfig()
    config.data = Located(FCM.StringMap([.init(key: "w", value: Located("2"))]))
    config.fcmOptions = Located(FCM.WebpushFCMOptions(link: Located("https://e.com")))
    return config
  }

  @Test(arguments: 0..<8)
  func platformConfigurationsAreReadInPlace(setMask: Int) {
    var message = FCM.Message(token: Located("t"))
    if setMask & 1 != 0 { message.android = Located(Self.android, source: Self.source) }
    if setMask & 2 != 0 { message.apns = Located(Self.apns) }
    if setMask & 4 != 0 { message.webpush = Located(FCM.WebpushConfig()) }
    if setMask == 7 { message.webpush = Located(Self.webpush) }
    let copy = message
    for holder in [message, copy] {
      #expect(holder.withAndroid { $0.pointee } == holder.android?.value)
      #expect(holder.withAPNS { $0.pointee } == holder.apns?.value)
      #expect(holder.withWebpush { $0.pointee } == holder.webpush?.value)
      #expect((holder.withAndroid { _ in true } ?? false) == (setMask & 1 != 0))
      #expect((holder.withAPNS { _ in true } ?? false) == (setMask & 2 != 0))
      #expect((holder.withWebpush { _ in true } ?? false) == (setMask & 4 != 0))
      #expect(
        holder.withAPNS { $0.pointee.liveActivityToken.isSome }
          == holder.apns.map { $0.value.liveActivityToken != nil })
      #expect(
        (holder.withAndroid { $0.pointee.fcmOptions?.value.analyticsLabel?.value } ?? nil)
          == holder.android?.value.fcmOptions?.value.analyticsLabel?.value)
    }
  }

  /// The address of an optional's wrapped value, and of a located value, read back what the
  /// value holds; `isSome` tells by case.
  @Test func optionalsAndLocatedValuesAreReadInPlace() {
    let expected: Located<FCM.APNSConfig>? = Located(Self.apns, source: Self.source)
    var located = expected
    withUnsafePointer(to: &located) { address in
      #expect(address.unwrapped()?.pointee == expected)
      #expect(address.unwrapped()?.locatedValue().pointee == Self.apns)
    }
    var none: Located<FCM.APNSConfig>? = nil
    withUnsafePointer(to: &none) { #expect($0.unwrapped() == nil) }
    #expect(located.isSome && !none.isSome)
    #expect(Optional(0).isSome && !Int?.none.isSome)
  }
}
