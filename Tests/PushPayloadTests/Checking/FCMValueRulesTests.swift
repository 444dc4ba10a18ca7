import PushDiagnostics
import PushPayload
import Testing
import _PushPayloadTestSupport

/// Image URLs, analytics labels, Android values and web push.
@Suite struct FCMValueRulesTests {
  // MARK: - Image URLs

  @Test(arguments: [
    "https://example.com/a.png", "http://example.com:8080/a?b=c#d", "HTTPS://user@host/x",
    "https://[::1]/a.png",
  ])
  func validImageURLs(_ url: String) {
    FCMTest.expect(#"{"token": "t", "notification": {"image": "\#(url)"}}"#, [])
  }

  @Test(arguments: [
    ("not a url", "it contains a space; write it as %20"),
    ("example.com/a.png", "it is not an absolute URL; start it with https://"),
    ("ftp://example.com/a", "the scheme is 'ftp'; devices download images over https (or http)"),
    ("https:/x", "expected '//' after 'https:'"), ("https://", "the URL has no host"),
    ("https://:80/x", "the URL has no host"), ("https://h:8o/x", "the port '8o' is not a number"),
    ("", "the URL is empty"),
  ])
  func invalidImageURLs(_ url: String, _ problem: String) {
    for (field, path) in [
      ("notification.image", #"{"token": "t", "notification": {"image": 1️⃣"\#(url)"}}"#),
      (
        "android.notification.image",
        #"{"token": "t", "android": {"notification": {"image": 1️⃣"\#(url)"}}}"#
      ),
      (
        "apns.fcm_options.image", #"{"token": "t", "apns": {"fcm_options": {"image": 1️⃣"\#(url)"}}}"#
      ),
    ] {
      let message = "invalid image URL '\(url)' in '\(field)': \(problem)"
      FCMTest.expect(path, [DiagnosticSpec("1️⃣", id: .fcmInvalidImageURL, message: message)])
    }
  }

  // MARK: - Analytics labels

  @Test func analyticsLabelsInEveryOptionsObject() {
    let label = String(repeating: "a", count: 50)
    FCMTest.expect(
      #"""
      {"token": "t", "fcm_options": {"analytics_label": "\#(label)"},
       "android": {"fcm_options": {"analytics_label": "a-b_c.d~e%f"}},
       "apns": {"fcm_options": {"analytics_label": "x"}},
       "webpush": {"fcm_options": {"analytics_label": "y"}}}
      """#, [])
    FCMTest.expect(
      #"""
      {"token": "t", "fcm_options": {"analytics_label": "\#(label)1️⃣b"},
       "android": {"fcm_options": {"analytics_label": 2️⃣""}},
       "apns": {"fcm_options": {"analytics_label": "a3️⃣/b"}},
       "webpush": {"fcm_options": {"analytics_label": "4️⃣한"}}}
      """#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmInvalidAnalyticsLabel,
          message:
            "malformed 'fcm_options.analytics_label': it is 51 characters long; labels match ^[a-zA-Z0-9-_.~%]{1,50}$"
        ),
        DiagnosticSpec(
          "2️⃣", id: .fcmInvalidAnalyticsLabel,
          message:
            "malformed 'android.fcm_options.analytics_label': it is empty; labels match ^[a-zA-Z0-9-_.~%]{1,50}$"
        ),
        DiagnosticSpec(
          "3️⃣", id: .fcmInvalidAnalyticsLabel,
          message:
            "malformed 'apns.fcm_options.analytics_label': '/' at column 2 is not allowed; labels match ^[a-zA-Z0-9-_.~%]{1,50}$"
        ),
        DiagnosticSpec(
          "4️⃣", id: .fcmInvalidAnalyticsLabel,
          message:
            "malformed 'webpush.fcm_options.analytics_label': '한' at column 1 is not allowed; labels match ^[a-zA-Z0-9-_.~%]{1,50}$"
        ),
      ])
  }

  // MARK: - Android

  @Test(arguments: ["0s", "1s", "3.5s", "2419200s", "2419199.999999999s"])
  func validTTLs(_ ttl: String) {
    FCMTest.expect(#"{"token": "t", "android": {"ttl": "\#(ttl)"}}"#, [])
  }

  @Test func ttlRange() {
    FCMTest.expect(
      #"{"token": "t", "android": {"ttl": 1️⃣"-1s"}}"#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmNegativeDuration, message: "'android.ttl' must not be negative, but is '-1s'"
        )
      ])
    FCMTest.expect(
      #"{"token": "t", "android": {"ttl": 1️⃣"2419200.5s"}}"#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmTTLTooLong,
          message: "'android.ttl' is '2419200.500000000s'; FCM's maximum is 2419200 s (28 days)")
      ])
  }

  @Test(arguments: [
    ("#ff0000", true), ("#FfAa09", true), ("red", false), ("#fff", false),
    ("#ff000000", false), ("#gg0000", false), ("", false),
  ])
  func notificationColors(_ color: String, _ valid: Bool) {
    FCMTest.expect(
      #"{"token": "t", "android": {"notification": {"color": 1️⃣"\#(color)"}}}"#,
      valid
        ? []
        : [
          DiagnosticSpec(
            "1️⃣", id: .fcmInvalidColor,
            message: "'android.notification.color' '\(color)' is not a colour; expected '#RRGGBB'")
        ])
  }

  @Test func lightSettings() {
    FCMTest.expect(
      #"""
      {"token": "t", "android": {"notification": {"light_settings":
        {"color": {"red": 0, "green": 0.5, "blue": 1, "alpha": 1}, "light_on_duration": "1s",
         "light_off_duration": "0s"}}}}
      """#, [])
    FCMTest.expect(
      ##"{"token": "t", "android": {"notification": {"light_settings": 1️⃣{"color": "#ffffff"}}}}"##,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmMissingField,
          message:
            "'android.notification.light_settings' is missing the required field 'light_on_duration'"
        ),
        DiagnosticSpec(
          "1️⃣", id: .fcmMissingField,
          message:
            "'android.notification.light_settings' is missing the required field 'light_off_duration'"
        ),
      ])
    FCMTest.expect(
      #"""
      {"token": "t", "android": {"notification": {"light_settings":
        {"color": 1️⃣{"red": 1.5, "green": 0, "blue": 0}, "light_on_duration": 2️⃣"-1s",
         "light_off_duration": "1s"}}}}
      """#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmInvalidColor,
          message:
            "'android.notification.light_settings.color' component 'red' 1.5 is not a colour; expected components in [0, 1]"
        ),
        DiagnosticSpec("2️⃣", id: .fcmNegativeDuration),
      ])
    FCMTest.expect(
      #"""
      {"token": "t", "android": {"notification": {"light_settings":
        {"color": 1️⃣"#12345", "light_on_duration": "1s", "light_off_duration": "1s"}}}}
      """#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmInvalidColor,
          message:
            "'android.notification.light_settings.color' '#12345' is not a colour; expected '#RRGGBB', '#RRGGBBAA' or an object {red, green, blue, alpha}"
        )
      ])
  }

  @Test func locArgsNeedTheirKeys() {
    FCMTest.expect(
      #"""
      {"token": "t", "android": {"notification": {1️⃣"body_loc_args": ["a"],
        2️⃣"title_loc_args": ["b"], "title_loc_key": ""}}}
      """#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmLocArgsWithoutLocKey,
          message:
            "'android.notification.body_loc_key' is required when specifying 'android.notification.body_loc_args'"
        ),
        DiagnosticSpec(
          "2️⃣", id: .fcmLocArgsWithoutLocKey,
          message:
            "'android.notification.title_loc_key' is required when specifying 'android.notification.title_loc_args'"
        ),
      ])
    FCMTest.expect(
      #"{"token": "t", "android": {"notification": {"body_loc_args": [], "title_loc_key": "k", "title_loc_args": ["x"]}}}"#,
      [])
  }

  @Test func countsAndTimings() {
    FCMTest.expect(
      #"{"token": "t", "android": {"notification": {"notification_count": 1️⃣-1, "vibrate_timings": ["1s", 2️⃣"-0.5s"]}}}"#,
      [
        DiagnosticSpec("1️⃣", id: .fcmNegativeNotificationCount),
        DiagnosticSpec(
          "2️⃣", id: .fcmNegativeDuration,
          message:
            "'android.notification.vibrate_timings[1]' must not be negative, but is '-0.500000000s'"
        ),
      ])
  }

  // MARK: - Web push

  @Test func webpushLink() {
    FCMTest.expect(#"{"token": "t", "webpush": {"fcm_options": {"link": "https://e.com/x"}}}"#, [])
    for link in ["http://e.com", "/relative", "https://", "e.com"] {
      FCMTest.expect(
        #"{"token": "t", "webpush": {"fcm_options": {"link": 1️⃣"\#(link)"}}}"#,
        [DiagnosticSpec("1️⃣", id: .fcmWebpushLinkNotHTTPS)])
    }
  }

  @Test func webpushNotificationTypes() {
    FCMTest.expect(
      #"""
      {"token": "t", "webpush": {"notification": {"title": 1️⃣5, "dir": 2️⃣"up",
        "timestamp": 3️⃣"now", "actions": [4️⃣"x", {"action": 5️⃣1, "title": "T"}],
        "custom": {"anything": [1, true]}, "renotify": "yes", "lang": null}}}
      """#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmTypeMismatch,
          message: "'webpush.notification.title' must be a string, not a number (5)"),
        DiagnosticSpec(
          "2️⃣", id: .fcmInvalidEnumValue,
          message:
            "'up' is not a valid value for 'webpush.notification.dir'; expected 'auto', 'ltr' or 'rtl'"
        ),
        DiagnosticSpec(
          "3️⃣", id: .fcmTypeMismatch,
          message:
            "'webpush.notification.timestamp' must be a number of milliseconds, not a string ('now')"
        ),
        DiagnosticSpec(
          "4️⃣", id: .fcmTypeMismatch,
          message: "'webpush.notification.actions[0]' must be an object, not a string ('x')"),
        DiagnosticSpec(
          "5️⃣", id: .fcmTypeMismatch,
          message: "'webpush.notification.actions[1].action' must be a string, not a number (1)"),
      ])
    FCMTest.expect(
      #"{"token": "t", "webpush": {"notification": {"actions": 1️⃣{}}}}"#,
      [
        DiagnosticSpec(
          "1️⃣", id: .fcmTypeMismatch,
          message: "'webpush.notification.actions' must be an array of objects, not an object")
      ])
  }
}
