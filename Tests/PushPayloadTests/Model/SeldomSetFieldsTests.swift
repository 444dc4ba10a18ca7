import PushDiagnostics
import Testing

@testable import PushPayload

/// The fields the model keeps out of line while unset (`SeldomSetFields` in an Android
/// notification and configuration, a message's web push configuration) behave as stored ones:
/// a copy is changed on its own, equality and hashing ignore whether storage was made, and a
/// notification that sets none stays small enough for the allocator's per-thread cache.
@Suite struct SeldomSetFieldsTests {
  @Test func aCopyChangesOnItsOwn() {
    var first = FCM.AndroidNotification()
    first.ticker = Located("ticker")
    first.sticky = Located(true)
    var second = first
    second.ticker = Located("other")
    second.lightSettings = Located(
      FCM.LightSettings(
        lightOnDuration: Located(FCM.Duration(seconds: 1)),
        lightOffDuration: Located(FCM.Duration(seconds: 2))))
    #expect(first.ticker?.value == "ticker")
    #expect(first.lightSettings == nil)
    #expect(second.ticker?.value == "other")
    #expect(second.sticky?.value == true)
    #expect(second.lightSettings?.value.lightOnDuration?.value.seconds == 1)
    #expect(first != second)
  }

  @Test func unsettingEveryFieldIsTheSameAsNeverSettingOne() {
    var set = FCM.AndroidNotification()
    set.bodyLocArgs = Located([Located("a")])
    set.proxy = Located(.deny)
    set.bodyLocArgs = nil
    set.proxy = nil
    let unset = FCM.AndroidNotification()
    #expect(set == unset)
    #expect(set.hashValue == unset.hashValue)
    #expect(Set([set, unset]).count == 1)
  }

  @Test func settingNilOnANotificationWithNoneMakesNoStorage() {
    var notification = FCM.AndroidNotification()
    notification.eventTime = nil
    notification.defaultSound = nil
    #expect(notification.seldomSet.storage == nil)
    notification.defaultSound = Located(false)
    #expect(notification.seldomSet.storage != nil)
    #expect(notification.defaultSound?.value == false)
  }

  @Test func boxesFitTheAllocatorsPerThreadCache() {
    // glibc serves requests up to 1,032 bytes from its per-thread cache; the box that holds a
    // located notification adds its own header (16 bytes) and source reference.
    #expect(MemoryLayout<Located<FCM.AndroidNotification>?>.size + 16 <= 1_032)
    // A message's platform configurations: Android, the web push box and APNs.
    #expect(
      MemoryLayout<Located<FCM.AndroidConfig>?>.size + 8
        + MemoryLayout<Located<FCM.APNSConfig>?>.size + 16 <= 1_032)
  }

  @Test func androidConfigurationsDeliveryPermissions() {
    var config = FCM.AndroidConfig(directBootOK: Located(true))
    var copy = config
    copy.restrictedSatelliteOK = Located(false)
    #expect(config.directBootOK?.value == true)
    #expect(config.restrictedSatelliteOK == nil)
    #expect(copy.directBootOK?.value == true)
    #expect(copy.restrictedSatelliteOK?.value == false)
    config.directBootOK = nil
    #expect(config == FCM.AndroidConfig())
    #expect(config.hashValue == FCM.AndroidConfig().hashValue)
  }

  @Test func aMessagesWebPushConfiguration() {
    var message = FCM.Message(
      topic: Located("news"),
      webpush: Located(
        FCM.WebpushConfig(data: Located(FCM.StringMap([.init(key: "a", value: Located("1"))])))))
    var copy = message
    copy.webpush?.value.fcmOptions = Located(FCM.WebpushFCMOptions(link: Located("https://e.com")))
    #expect(message.webpush?.value.fcmOptions == nil)
    #expect(copy.webpush?.value.fcmOptions?.value.link?.value == "https://e.com")
    #expect(copy.webpush?.value.data == message.webpush?.value.data)
    #expect(message.withWebpush { $0.pointee } == message.webpush?.value)
    message.webpush = nil
    #expect(message.withWebpush { _ in true } == nil)
    #expect(message == FCM.Message(topic: Located("news")))
  }
}
