import PushDiagnostics
import Testing

@testable import PushPayload

/// The fields an Android notification keeps out of line (`SeldomSetFields`) behave as stored
/// ones: a copy is changed on its own, equality and hashing ignore whether storage was made,
/// and a notification that sets none stays small enough for the allocator's per-thread cache.
@Suite struct FCMAndroidNotificationSeldomSetFieldsTests {
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
    #expect(notification.seldomSet.box == nil)
    notification.defaultSound = Located(false)
    #expect(notification.seldomSet.box != nil)
    #expect(notification.defaultSound?.value == false)
  }

  @Test func theNotificationFitsTheAllocatorsPerThreadCache() {
    // glibc serves requests up to 1,032 bytes from its per-thread cache; the box that holds a
    // located notification adds its own header (16 bytes) and source reference.
    #expect(MemoryLayout<Located<FCM.AndroidNotification>?>.size + 16 <= 1_032)
  }
}
