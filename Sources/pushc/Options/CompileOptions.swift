import Foundation
import PushPayload

/// The options that say how messages are compiled, shared by `lint`, `compile`, `explain` and
/// `fit`: the input kind, what the lowering cannot know (bundle ID, device token, time), and
/// the request headers of raw APNs payloads.
struct CompileOptions: Sendable {
  /// `--kind fcm|apns|apns-request|simctl`.
  static let kind = OptionSpec.value(
    "kind",
    valueName: "kind",
    choices: APNSInputKind.allCases.map(\.rawValue),
    help:
      "What the input is: an FCM message (fcm), a bare APNs payload (apns), an APNs request "
      + "document (apns-request) or a Simulator .apns file (simctl). Detected from the first "
      + "document when absent."
  )
  /// `--bundle-id <id>`.
  static let bundleID = OptionSpec.value(
    "bundle-id",
    valueName: "id",
    help: "The app's bundle ID; apns-topic is built from it with the push type's suffix."
  )
  /// `--device-token <hex>`.
  static let deviceToken = OptionSpec.value(
    "device-token",
    valueName: "hex",
    help: "The APNs device token to address (not an FCM registration token)."
  )
  /// `--now <epoch>`.
  static let now = OptionSpec.value(
    "now",
    valueName: "epoch",
    help:
      "The current time in UNIX seconds, the base of FCM's default 30-day expiration; makes "
      + "output reproducible. Defaults to the clock."
  )
  /// `--as-received`.
  static let asReceived = OptionSpec.flag(
    "as-received",
    help:
      "Add the keys FCM injects on delivery (gcm.message_id, google.c.a.e, …) with placeholder "
      + "values, so sizes are what the device receives."
  )
  /// `-H, --header 'name: value'`.
  static let header = OptionSpec.value(
    "header",
    shortName: "H",
    valueName: "name: value",
    isRepeatable: true,
    help: "A request header for a bare APNs payload, as with curl; repeatable."
  )
  /// `--push-type <type>`.
  static let pushType = OptionSpec.value(
    "push-type", valueName: "type", help: "Shorthand for --header 'apns-push-type: <type>'.")
  /// `--priority <n>`.
  static let priority = OptionSpec.value(
    "priority", valueName: "n", help: "Shorthand for --header 'apns-priority: <n>'.")
  /// `--topic <topic>`.
  static let topic = OptionSpec.value(
    "topic", valueName: "topic", help: "Shorthand for --header 'apns-topic: <topic>'.")
  /// `--expiration <epoch>`.
  static let expiration = OptionSpec.value(
    "expiration", valueName: "epoch", help: "Shorthand for --header 'apns-expiration: <epoch>'.")
  /// `--collapse-id <id>`.
  static let collapseID = OptionSpec.value(
    "collapse-id", valueName: "id", help: "Shorthand for --header 'apns-collapse-id: <id>'.")
  /// `--apns-id <uuid>`.
  static let apnsID = OptionSpec.value(
    "apns-id", valueName: "uuid", help: "Shorthand for --header 'apns-id: <uuid>'.")
  /// `--strict`.
  static let strict = OptionSpec.flag(
    "strict",
    help: "Also report lowerCamelCase FCM field names (accepted, as proto3 JSON parsers do)."
  )

  /// The options of the group, for a command's signature.
  static let specs = [
    kind, bundleID, deviceToken, now, asReceived, header, pushType, priority, topic, expiration,
    collapseID, apnsID, strict,
  ]

  /// The pipeline options.
  let compiler: PushCompiler.Options

  /// Reads the group's options; `--now` defaults to the clock.
  init(_ arguments: ParsedArguments) throws(UsageError) {
    let now =
      try arguments.value(of: Self.now, expecting: "a UNIX time in seconds") { Int($0) }
      ?? Int(Date().timeIntervalSince1970)
    var headers: [APNSInputOptions.Header] = []
    for argument in arguments.values(of: Self.header) {
      guard let header = APNSInputOptions.Header(argument: argument) else {
        throw UsageError("invalid header '\(argument)'; expected 'name: value'")
      }
      headers.append(header)
    }
    let deviceToken = arguments.value(of: Self.deviceToken)
    let apnsInput = APNSInputOptions(
      headers: headers,
      pushType: arguments.value(of: Self.pushType),
      priority: arguments.value(of: Self.priority),
      topic: arguments.value(of: Self.topic),
      expiration: arguments.value(of: Self.expiration),
      collapseID: arguments.value(of: Self.collapseID),
      messageID: arguments.value(of: Self.apnsID),
      deviceToken: deviceToken
    )
    compiler = PushCompiler.Options(
      kind: arguments.value(of: Self.kind).flatMap(APNSInputKind.init(rawValue:)),
      lowering: APNSLowering.Options(
        now: now,
        bundleID: arguments.value(of: Self.bundleID),
        deviceToken: deviceToken,
        asReceived: arguments.isSet(Self.asReceived)
      ),
      apnsInput: apnsInput,
      strict: arguments.isSet(Self.strict)
    )
  }
}
