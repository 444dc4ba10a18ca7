import Foundation
import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

/// pushc against the real Firebase Admin Python SDK (`firebase-admin` from PyPI): for every
/// message of the table, pushc's verdict must match the SDK's and, when both accept it,
/// `compile --target fcm` must produce the request body the SDK encodes (compared as JSON:
/// same members and values).
///
/// Where pushc deliberately differs, the case says so and why, and the test checks that the
/// difference is still there: a case marked ``Expectation/pushcStricter(_:)`` fails if the SDK
/// starts rejecting the message too.
///
/// Needs `python3` with `firebase-admin` (`pip install firebase-admin`); the test is skipped
/// without it, except under CI (`CI=true`), where it fails.
@Suite struct FirebaseAdminDifferentialTests {
  enum Expectation: Sendable {
    /// Same verdict; same encoding when accepted.
    case agree
    /// pushc reports an error the SDK does not check.
    case pushcStricter(String)
    /// The SDK rejects something pushc accepts on purpose.
    case sdkStricter(String)
    /// Both accept, but the encodings differ on purpose.
    case encodingDiffers(String)
    /// The SDK cannot express the message; pushc must accept it.
    case sdkUnsupported(String)
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var message: String
    var expectation: Expectation
    var testDescription: String { name }

    init(_ name: String, _ message: String, _ expectation: Expectation = .agree) {
      self.name = name
      self.message = message
      self.expectation = expectation
    }
  }

  static let notice = #"""
    {"topic": "student", "notification": {"title": "[학생] 새로운 공지가 왔어요!", "body": "기숙사 입사 안내"},
     "apns": {"payload": {"aps": {"mutable-content": 1}}},
     "data": {"type": "notice", "title": "[학생] 새로운 공지가 왔어요!", "body": "기숙사 입사 안내",
              "id": "76473", "articleId": "5389", "postedDate": "2024-02-21", "subject": "기숙사 입사 안내",
              "category": "student", "categoryKorName": "학생",
              "baseUrl": "https://www.konkuk.ac.kr/bbs/konkuk/234/5389/artclView.do"}}
    """#

  static let cases: [Case] = [
    // MARK: Targets
    Case("topic", ##"{"topic": "news", "notification": {"title": "T", "body": "B"}}"##),
    Case("topic with prefix", ##"{"topic": "/topics/news.dev"}"##),
    Case("token", ##"{"token": "fcm-registration-token"}"##),
    Case("fid", ##"{"fid": "cXZ3b3VyZmlk"}"##),
    Case("condition", ##"{"condition": "'a' in topics && ('b' in topics || 'c' in topics)"}"##),
    Case("no target", ##"{"notification": {"title": "T"}}"##),
    Case("two targets", ##"{"token": "t", "topic": "news"}"##),
    Case("empty topic", ##"{"topic": ""}"##),
    Case("empty token", ##"{"token": ""}"##),
    Case("empty condition", ##"{"condition": ""}"##),
    Case("topic with a space", ##"{"topic": "news feed"}"##),
    Case("topic with a slash", ##"{"topic": "a/b"}"##),
    Case("prefix only", ##"{"topic": "/topics/"}"##),
    Case("topic with all allowed characters", ##"{"topic": "aZ09-_.~%"}"##),
    Case(
      "condition syntax", ##"{"condition": "'a' in topics &&"}"##,
      .pushcStricter("no SDK parses conditions; FCM rejects this one when sending")),
    Case(
      "condition with six topics",
      ##"{"condition": "'a' in topics || 'b' in topics || 'c' in topics || 'd' in topics || 'e' in topics || 'f' in topics"}"##,
      .pushcStricter("FCM documents at most five topics; the SDKs do not count")),
    Case(
      "condition with a bad topic", ##"{"condition": "'a b' in topics"}"##,
      .pushcStricter("the SDKs check topic names only in 'topic'")),
    Case(
      "whitespace condition", ##"{"condition": "   "}"##,
      .pushcStricter("the SDKs only require a non-empty string")),

    // MARK: Data
    Case("data", ##"{"topic": "a", "data": {"k": "v", "empty": ""}}"##),
    Case("data number", ##"{"topic": "a", "data": {"id": 76473}}"##),
    Case("data null value", ##"{"topic": "a", "data": {"id": null}}"##),
    Case("data object value", ##"{"topic": "a", "data": {"o": {"x": "y"}}}"##),
    Case("empty data dropped", ##"{"topic": "a", "data": {}, "notification": {}}"##),
    Case(
      "reserved from", ##"{"topic": "a", "data": {"from": "x"}}"##,
      .pushcStricter("FCM reserves 'from'; no v1 SDK checks data keys")),
    Case(
      "reserved google prefix", ##"{"topic": "a", "data": {"google.c.a.e": "1"}}"##,
      .pushcStricter("FCM reserves 'google.' keys; no v1 SDK checks data keys")),
    Case(
      "reserved gcm prefix", ##"{"topic": "a", "data": {"gcm.message_id": "1"}}"##,
      .pushcStricter("FCM reserves 'gcm.' keys; no v1 SDK checks data keys")),
    Case(
      "data aps", ##"{"topic": "a", "data": {"aps": "x"}}"##,
      .pushcStricter("on iOS data keys sit next to 'aps' in the APNs payload")),
    Case(
      "data fcm_options", ##"{"topic": "a", "data": {"fcm_options": "x"}}"##,
      .pushcStricter("on iOS FCM writes its own top-level 'fcm_options'")),
    Case(
      "too large",
      ##"{"topic": "a", "data": {"blob": "\##(String(repeating: "x", count: 4100))"}}"##,
      .pushcStricter("FCM rejects messages over 4096 bytes; the SDKs do not measure")),

    // MARK: Notification
    Case(
      "notification",
      ##"{"token": "t", "notification": {"title": "T", "body": "B", "image": "https://e.com/a.png"}}"##
    ),
    Case(
      "notification empty strings", ##"{"token": "t", "notification": {"title": "", "body": ""}}"##),
    Case("notification title number", ##"{"token": "t", "notification": {"title": 1}}"##),
    Case("notification not an object", ##"{"token": "t", "notification": "hello"}"##),
    Case(
      "image not a URL", ##"{"token": "t", "notification": {"image": "not a url"}}"##,
      .pushcStricter("devices cannot download it; the Go and Node SDKs reject it too")),

    // MARK: FCM options
    Case(
      "analytics label",
      ##"{"token": "t", "fcm_options": {"analytics_label": "notice-2024_02.~%"}}"##),
    Case(
      "analytics label with a space",
      ##"{"token": "t", "fcm_options": {"analytics_label": "a b"}}"##),
    Case(
      "analytics label too long",
      ##"{"token": "t", "fcm_options": {"analytics_label": "\##(String(repeating: "a", count: 51))"}}"##
    ),
    Case("analytics label empty", ##"{"token": "t", "fcm_options": {"analytics_label": ""}}"##),
    Case("fcm_options not an object", ##"{"token": "t", "fcm_options": 3}"##),

    // MARK: Android
    Case(
      "android config",
      ##"{"token": "t", "android": {"collapse_key": "c", "priority": "high", "ttl": "3600s", "restricted_package_name": "com.example", "data": {"a": "b"}, "fcm_options": {"analytics_label": "l"}, "direct_boot_ok": true, "bandwidth_constrained_ok": false, "restricted_satellite_ok": true}}"##
    ),
    Case("android REST priority", ##"{"token": "t", "android": {"priority": "NORMAL"}}"##),
    Case("android fractional ttl", ##"{"token": "t", "android": {"ttl": "3.5s"}}"##),
    Case("android zero ttl", ##"{"token": "t", "android": {"ttl": "0s"}}"##),
    Case("android negative ttl", ##"{"token": "t", "android": {"ttl": "-5s"}}"##),
    Case("android ttl without unit", ##"{"token": "t", "android": {"ttl": "abc"}}"##),
    Case(
      "android ttl over 28 days", ##"{"token": "t", "android": {"ttl": "2419201s"}}"##,
      .pushcStricter("FCM's maximum TTL is 2419200 s; the SDKs do not check it")),
    Case(
      "android ttl with float rounding", ##"{"token": "t", "android": {"ttl": "2.3s"}}"##,
      .encodingDiffers(
        "the Python SDK computes nanoseconds with floats and sends '2.299999999s'; pushc "
          + "keeps the exact '2.300000000s'")),
    Case(
      "android ttl with nanoseconds", ##"{"token": "t", "android": {"ttl": "0.000000001s"}}"##,
      .sdkUnsupported("timedelta has microsecond resolution")),
    Case("android priority invalid", ##"{"token": "t", "android": {"priority": "urgent"}}"##),
    Case(
      "android notification",
      ##"{"token": "t", "android": {"notification": {"title": "T", "body": "B", "icon": "ic", "color": "#AbCdEf", "sound": "default", "tag": "g", "click_action": "OPEN", "body_loc_key": "bk", "body_loc_args": ["1", "2"], "title_loc_key": "tk", "title_loc_args": ["x"], "channel_id": "news", "image": "https://e.com/i.png", "ticker": "tk", "sticky": true, "event_time": "2024-02-21T18:00:00.5+09:00", "local_only": false, "notification_priority": "PRIORITY_HIGH", "default_sound": false, "default_vibrate_timings": true, "default_light_settings": false, "vibrate_timings": ["0.5s", "1s", "1.250s"], "visibility": "PRIVATE", "notification_count": 0, "proxy": "IF_PRIORITY_LOWERED"}}}"##
    ),
    Case(
      "light settings",
      ##"{"token": "t", "android": {"notification": {"light_settings": {"color": "#ff8000", "light_on_duration": "0.1s", "light_off_duration": "2s"}}}}"##
    ),
    Case(
      "light settings with alpha",
      ##"{"token": "t", "android": {"notification": {"light_settings": {"color": "#FF800080", "light_on_duration": "1s", "light_off_duration": "1s"}}}}"##
    ),
    Case(
      "light settings missing color",
      ##"{"token": "t", "android": {"notification": {"light_settings": {"light_on_duration": "1s", "light_off_duration": "1s"}}}}"##
    ),
    Case(
      "light settings missing duration",
      ##"{"token": "t", "android": {"notification": {"light_settings": {"color": "#ffffff", "light_off_duration": "1s"}}}}"##
    ),
    Case(
      "light settings bad colour",
      ##"{"token": "t", "android": {"notification": {"light_settings": {"color": "#12", "light_on_duration": "1s", "light_off_duration": "1s"}}}}"##
    ),
    Case(
      "light settings colour object",
      ##"{"token": "t", "android": {"notification": {"light_settings": {"color": {"red": 1, "green": 0.5, "blue": 0}, "light_on_duration": "1s", "light_off_duration": "1s"}}}}"##,
      .sdkUnsupported("the SDK takes colours as #RRGGBB[AA] only")),
    Case("android colour", ##"{"token": "t", "android": {"notification": {"color": "red"}}}"##),
    Case(
      "android body loc args without key",
      ##"{"token": "t", "android": {"notification": {"body_loc_args": ["a"]}}}"##),
    Case(
      "android title loc args without key",
      ##"{"token": "t", "android": {"notification": {"title_loc_args": ["a"]}}}"##),
    Case(
      "empty loc args", ##"{"token": "t", "android": {"notification": {"title_loc_args": []}}}"##),
    Case(
      "notification priority invalid",
      ##"{"token": "t", "android": {"notification": {"notification_priority": "urgent"}}}"##),
    Case(
      "visibility invalid",
      ##"{"token": "t", "android": {"notification": {"visibility": "hidden"}}}"##),
    Case(
      "proxy invalid", ##"{"token": "t", "android": {"notification": {"proxy": "sometimes"}}}"##),
    Case(
      "event time invalid",
      ##"{"token": "t", "android": {"notification": {"event_time": "yesterday"}}}"##),
    Case(
      "notification count not a number",
      ##"{"token": "t", "android": {"notification": {"notification_count": "x"}}}"##),
    Case(
      "vibrate timing negative",
      ##"{"token": "t", "android": {"notification": {"vibrate_timings": ["-1s"]}}}"##),
    Case(
      "sticky not a boolean", ##"{"token": "t", "android": {"notification": {"sticky": "yes"}}}"##,
      .pushcStricter("FCM's 'sticky' is a boolean; the Python SDK passes any value through")),
    Case(
      "bypass proxy notification",
      ##"{"token": "t", "android": {"notification": {"bypass_proxy_notification": true}}}"##,
      .sdkUnsupported("the Python SDK has no bypass_proxy_notification")),
    Case(
      "visibility unspecified",
      ##"{"token": "t", "android": {"notification": {"visibility": "VISIBILITY_UNSPECIFIED"}}}"##,
      .sdkUnsupported("the SDK cannot send the UNSPECIFIED enum values")),

    // MARK: Web push
    Case(
      "webpush",
      ##"{"token": "t", "webpush": {"headers": {"TTL": "4500", "Urgency": "high"}, "data": {"a": "b"}, "notification": {"title": "T", "body": "B", "icon": "https://e.com/i.png", "dir": "rtl", "requireInteraction": true, "timestamp": 1700000000000, "actions": [{"action": "open", "title": "Open"}], "custom": {"k": "v"}}, "fcm_options": {"link": "https://e.com/page"}}}"##
    ),
    Case(
      "webpush link http",
      ##"{"token": "t", "webpush": {"fcm_options": {"link": "http://e.com"}}}"##),
    Case("webpush dir invalid", ##"{"token": "t", "webpush": {"notification": {"dir": "up"}}}"##),
    Case("webpush title number", ##"{"token": "t", "webpush": {"notification": {"title": 5}}}"##),
    Case("webpush header number", ##"{"token": "t", "webpush": {"headers": {"TTL": 60}}}"##),
    Case(
      "webpush notification empties",
      ##"{"token": "t", "webpush": {"notification": {"title": "T", "data": {}, "vibrate": []}}}"##),
    Case(
      "webpush analytics label",
      ##"{"token": "t", "webpush": {"fcm_options": {"analytics_label": "w"}}}"##,
      .sdkUnsupported("the Python SDK's WebpushFCMOptions has only 'link'")),

    // MARK: APNs
    Case("kuring notice", notice),
    Case(
      "kuring admin",
      ##"{"topic": "allDevice", "notification": {"title": "점검", "body": "오늘 점검이 있습니다."}, "apns": {"payload": {"aps": {"mutable-content": 1}}}, "data": {"type": "admin", "title": "점검", "body": "오늘 점검이 있습니다.", "url": "https://kuring.com"}}"##
    ),
    Case(
      "apns full",
      ##"{"token": "t", "apns": {"headers": {"apns-priority": "10", "apns-push-type": "alert"}, "payload": {"aps": {"alert": {"title": "T", "subtitle": "S", "body": "B", "launch-image": "l.png", "action-loc-key": "VIEW"}, "badge": 3, "sound": "default", "category": "NEW", "thread-id": "th", "interruption-level": "time-sensitive"}, "custom": {"nested": {"a": [1, 2]}}, "n": 1.5}, "fcm_options": {"analytics_label": "ios", "image": "https://e.com/i.png"}}}"##
    ),
    Case(
      "aps booleans",
      ##"{"token": "t", "apns": {"payload": {"aps": {"content-available": true, "mutable-content": true}}}}"##
    ),
    Case(
      "aps numbers",
      ##"{"token": "t", "apns": {"payload": {"aps": {"content-available": 1}}, "headers": {"apns-priority": "5"}}}"##
    ),
    Case(
      "aps false flag",
      ##"{"token": "t", "apns": {"payload": {"aps": {"alert": "x", "mutable-content": false}}}}"##),
    Case("alert string", ##"{"token": "t", "apns": {"payload": {"aps": {"alert": "Hello"}}}}"##),
    Case(
      "alert loc",
      ##"{"token": "t", "apns": {"payload": {"aps": {"alert": {"loc-key": "K", "loc-args": ["a"], "title-loc-key": "TK", "title-loc-args": ["b"]}}}}}"##
    ),
    Case(
      "critical sound",
      ##"{"token": "t", "apns": {"payload": {"aps": {"sound": {"critical": 1, "name": "alarm.caf", "volume": 0.5}}}}}"##
    ),
    Case(
      "critical sound true",
      ##"{"token": "t", "apns": {"payload": {"aps": {"sound": {"critical": true, "name": "alarm.caf"}}}}}"##
    ),
    Case(
      "critical sound no name",
      ##"{"token": "t", "apns": {"payload": {"aps": {"sound": {"critical": 1, "volume": 0.5}}}}}"##),
    Case(
      "critical sound loud",
      ##"{"token": "t", "apns": {"payload": {"aps": {"sound": {"name": "a", "volume": 2}}}}}"##),
    Case("sound empty", ##"{"token": "t", "apns": {"payload": {"aps": {"sound": ""}}}}"##),
    Case("badge string", ##"{"token": "t", "apns": {"payload": {"aps": {"badge": "3"}}}}"##),
    Case(
      "badge boolean", ##"{"token": "t", "apns": {"payload": {"aps": {"badge": true}}}}"##,
      .pushcStricter("APNs wants a number; Python accepts bool because bool is a number there")),
    Case("alert number", ##"{"token": "t", "apns": {"payload": {"aps": {"alert": 5}}}}"##),
    Case(
      "alert title number",
      ##"{"token": "t", "apns": {"payload": {"aps": {"alert": {"title": 5}}}}}"##),
    Case(
      "loc args without key",
      ##"{"token": "t", "apns": {"payload": {"aps": {"alert": {"loc-args": ["a"]}}}}}"##),
    Case(
      "title loc args without key",
      ##"{"token": "t", "apns": {"payload": {"aps": {"alert": {"title-loc-args": ["a"]}}}}}"##),
    Case(
      "subtitle loc args without key",
      ##"{"token": "t", "apns": {"payload": {"aps": {"alert": {"subtitle-loc-args": ["a"]}}}}}"##,
      .pushcStricter("the Python SDK has no subtitle-loc-* and passes them through unchecked")),
    Case(
      "live activity alert dictionary",
      ##"{"token": "t", "apns": {"live_activity_token": "la", "payload": {"aps": {"event": "update", "timestamp": 1700000000, "content-state": {"s": 1}, "alert": {"title": {"loc-key": "T"}, "body": {"loc-key": "B", "loc-args": ["x"]}}}}}}"##,
      .sdkStricter(
        "Live Activity alerts take localization dictionaries as title and body; Python types them as strings"
      )),
    Case("payload without aps", ##"{"token": "t", "apns": {"payload": {"custom": "x"}}}"##),
    Case("aps not an object", ##"{"token": "t", "apns": {"payload": {"aps": "x"}}}"##),
    Case(
      "empty aps", ##"{"token": "t", "apns": {"payload": {"aps": {}}}}"##,
      .pushcStricter(
        "the Python SDK drops the empty aps; FCM rejects the body as written (Value of [aps] must be a non-empty dictionary)"
      )),
    Case(
      "empty aps filled by the notification",
      ##"{"token": "t", "notification": {"title": "T"}, "apns": {"payload": {"aps": {}}}}"##),
    Case(
      "payload nulls dropped",
      ##"{"token": "t", "apns": {"payload": {"aps": {"alert": {"title": "T", "body": null}, "badge": null}, "gone": null, "empty": {}, "kept": 0}}}"##
    ),
    Case("apns header number", ##"{"token": "t", "apns": {"headers": {"apns-priority": 10}}}"##),
    Case(
      "apns analytics label invalid",
      ##"{"token": "t", "apns": {"fcm_options": {"analytics_label": "a b"}}}"##),
    Case(
      "apns image invalid",
      ##"{"token": "t", "apns": {"fcm_options": {"image": "ftp://e.com/a.png"}}}"##,
      .pushcStricter("devices download images over http(s); Python checks only the type")),
    Case("live activity token", ##"{"token": "t", "apns": {"live_activity_token": "la-token"}}"##),
    Case("apns not an object", ##"{"token": "t", "apns": []}"##),
  ]

  static let verdicts: Result<[String: FirebaseAdminOracle.Verdict], any Error> = Result {
    try FirebaseAdminOracle.verdicts(cases.map { ($0.name, $0.message) })
  }

  @Test func casesHaveUniqueNames() {
    #expect(Set(Self.cases.map(\.name)).count == Self.cases.count)
  }

  @Test func theSDKIsAvailableUnderCI() {
    if FirebaseAdminOracle.isCI {
      #expect(
        FirebaseAdminOracle.isAvailable,
        """
        CI must install firebase-admin for the differential tests: \
        'python3 -m pip install firebase-admin', or set PUSHC_PYTHON to a Python that has it
        """)
    }
  }

  @Test(
    .enabled(if: FirebaseAdminOracle.isAvailable, "needs python3 with firebase-admin"),
    arguments: cases)
  func matchesTheFirebaseAdminSDK(_ testCase: Case) throws {
    let verdict = try #require(try Self.verdicts.get()[testCase.name])
    let compiled = FCMTest.compile(
      JSONReader.read(SourceFile(name: "\(testCase.name).json", text: testCase.message)))
    #expect(
      !compiled.lint.messages.isEmpty && compiled.lint.messages.allSatisfy { $0.request != nil }
        || compiled.diagnostics.containsErrors,
      "the case's JSON must be readable")
    let errors = compiled.diagnostics.filter { $0.severity == .error }.map {
      "\($0.id): \($0.message)"
    }
    switch (testCase.expectation, verdict) {
    case (.agree, .accepted(let request)), (.encodingDiffers, .accepted(let request)):
      let output = try #require(compiled.output, "pushc rejected what the SDK accepts: \(errors)")
      let writer = CanonicalJSONWriter(style: .compact)
      let same = jsonEquivalent(output, request)
      if case .encodingDiffers(let reason) = testCase.expectation {
        #expect(!same, "expected a deliberate difference (\(reason))")
      } else {
        #expect(
          same,
          "pushc: \(writer.string(for: output))\nSDK:   \(writer.string(for: request))")
      }
    case (.agree, .rejected(let error)):
      #expect(!errors.isEmpty, "the SDK rejects this (\(error)) but pushc accepts it")
    case (.pushcStricter(let reason), .accepted):
      #expect(!errors.isEmpty, "pushc should reject this: \(reason)")
    case (.sdkStricter(let reason), .rejected):
      #expect(errors.isEmpty, "pushc should accept this (\(reason)): \(errors)")
    case (.sdkUnsupported, .unsupported):
      #expect(errors.isEmpty, "pushc rejects a valid REST message: \(errors)")
    default:
      Issue.record("expected \(testCase.expectation), the SDK said \(verdict)")
    }
  }
}
