import PushPayload

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The options that say how messages are compiled, shared by `lint`, `compile`, `explain` and
/// `fit`: the input kind, what the lowering cannot know (bundle ID, device token, time), and
/// the request headers of raw APNs payloads.
struct CompileOptions: OptionGroup {
  /// `--kind fcm|apns|apns-request|simctl`.
  static let kind = Option<APNSInputKind?>(
    "kind",
    valueName: "kind",
    help:
      "What the input is: an FCM message (fcm), a bare APNs payload (apns), an APNs request "
      + "document (apns-request) or a Simulator .apns file (simctl). Detected from the first "
      + "document when absent."
  )
  /// `--bundle-id <id>`.
  static let bundleID = Option<String?>(
    "bundle-id",
    valueName: "id",
    help: "The app's bundle ID; apns-topic is built from it with the push type's suffix."
  )
  /// `--device-token <hex>`.
  static let deviceToken = Option<String?>(
    "device-token",
    valueName: "hex",
    help: "The APNs device token to address (not an FCM registration token)."
  )
  /// The latest `--now` accepted: 9999-12-31T23:59:59Z, the end of the years RFC 3339 and
  /// FCM's timestamps can write.
  static let latestNow = 253_402_300_799

  /// The clock in UNIX seconds, as Foundation's `Date` reads it: `CLOCK_REALTIME` (`time()`
  /// reads a coarser clock that can still be in the previous second).
  static func currentUNIXTime() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int(now.tv_sec)
  }

  /// `--now <epoch>`, the clock when absent.
  static let now = Option<Int>(
    "now",
    valueName: "epoch",
    default: currentUNIXTime(),
    in: 0...latestNow,
    showsDefault: false,
    expecting: "a UNIX time in seconds from 0 to 253402300799 (year 9999)",
    help:
      "The current time in UNIX seconds, the base of FCM's default 30-day expiration; makes "
      + "output reproducible. Defaults to the clock."
  )
  /// `--as-received`.
  static let asReceived = Option<Bool>.flag(
    "as-received",
    help:
      "Add the keys FCM injects on delivery (gcm.message_id, google.c.a.e, …) with placeholder "
      + "values, so sizes are what the device receives."
  )
  /// `-H, --header 'name: value'`.
  static let header = Option<[APNSInputOptions.Header]>(
    "header",
    shortName: "H",
    valueName: "name: value",
    help: "A request header for a bare APNs payload, as with curl; repeatable."
  )
  /// `--push-type <type>`.
  static let pushType = Option<String?>(
    "push-type", valueName: "type", help: "Shorthand for --header 'apns-push-type: <type>'.")
  /// `--priority <n>`.
  static let priority = Option<String?>(
    "priority", valueName: "n", help: "Shorthand for --header 'apns-priority: <n>'.")
  /// `--topic <topic>`.
  static let topic = Option<String?>(
    "topic", valueName: "topic", help: "Shorthand for --header 'apns-topic: <topic>'.")
  /// `--expiration <epoch>`.
  static let expiration = Option<String?>(
    "expiration", valueName: "epoch", help: "Shorthand for --header 'apns-expiration: <epoch>'.")
  /// `--collapse-id <id>`.
  static let collapseID = Option<String?>(
    "collapse-id", valueName: "id", help: "Shorthand for --header 'apns-collapse-id: <id>'.")
  /// `--apns-id <uuid>`.
  static let apnsID = Option<String?>(
    "apns-id", valueName: "uuid", help: "Shorthand for --header 'apns-id: <uuid>'.")
  /// `--strict`.
  static let strict = Option<Bool>.flag(
    "strict",
    help:
      "Fail on warnings, as --warnings-as-errors does, and also report lowerCamelCase FCM field "
      + "names as notes (accepted, as proto3 JSON parsers do)."
  )

  /// `--template`.
  static let template = Option<Bool>.flag(
    "template",
    help:
      "Read FCM messages as templates that the sending service completes with a target (Azure Notification Hubs, Amazon SNS): a missing token, topic or condition is not reported."
  )

  /// The options of the group, for a command's signature.
  static let options: [any CommandOption] = [
    kind, bundleID, deviceToken, now, asReceived, header, pushType, priority, topic, expiration,
    collapseID, apnsID, strict, template,
  ]

  /// The pipeline options.
  let compiler: PushCompiler.Options

  /// Reads the group's options; `--now` defaults to the clock.
  init(_ arguments: ParsedArguments) {
    let deviceToken = arguments[Self.deviceToken]
    let apnsInput = APNSInputOptions(
      headers: arguments[Self.header],
      pushType: arguments[Self.pushType],
      priority: arguments[Self.priority],
      topic: arguments[Self.topic],
      expiration: arguments[Self.expiration],
      collapseID: arguments[Self.collapseID],
      messageID: arguments[Self.apnsID],
      deviceToken: deviceToken
    )
    compiler = PushCompiler.Options(
      kind: arguments[Self.kind],
      lowering: APNSLowering.Options(
        now: arguments[Self.now],
        bundleID: arguments[Self.bundleID],
        deviceToken: deviceToken,
        asReceived: arguments[Self.asReceived]
      ),
      apnsInput: apnsInput,
      strict: arguments[Self.strict],
      checksTemplates: arguments[Self.template]
    )
  }
}
