import PushDiagnostics
import PushJSON

/// The encoded message must fit FCM's 4096-byte limit; topic messages get a warning above the
/// 2048 bytes FCM's error-code page gives for them.
///
/// What is measured: the compact canonical JSON of the `message` object as
/// ``FCMRequestEncoder`` writes it (what the Admin SDKs send, without the `{"message": …}`
/// envelope), in UTF-8 bytes. FCM's documentation counts "the payload" without saying how;
/// the whole message is an upper bound on it, so a message under the limit here is under it
/// for FCM too.
///
/// Emits: see ``descriptor``.
enum FCMSizeRule: FCMRule {
  static let descriptor = RuleDescriptor(
    RuleID("fcm-size"),
    domain: .fcm,
    defaultSeverity: .error,
    summary: "the encoded message fits FCM's 4096-byte limit, and topic messages 2048 bytes",
    source: RuleDescriptor.Source.fcmErrorCodes,
    emits: [.fcmMessageTooLarge, .fcmTopicMessageLarge]
  )

  /// FCM's limit for a message.
  static let messageLimit = 4096
  /// The limit FCM's error-code page gives for topic messages.
  static let topicMessageLimit = 2048

  /// The size of a message with errors means nothing: it will not be sent.
  static var runsOnlyWithoutErrors: Bool { true }

  static func check(_ message: FCM.Message, in context: inout FCMCheckContext) {
    let writer = CanonicalJSONWriter(style: .compact)
    let size =
      context.encodedMessageByteCount
      ?? context.encodedMessage.map { writer.encodedByteCount(of: $0) }
      ?? FCMRequestEncoder().measure(message).byteCount
    let diagnostic: DiagnosticMessage
    if size > messageLimit {
      diagnostic = .fcmMessageTooLarge(size, limit: messageLimit)
    } else if size > topicMessageLimit && isTopicMessage(message) {
      diagnostic = .fcmTopicMessageLarge(size, limit: topicMessageLimit)
    } else {
      return
    }
    // Only a message over a limit needs the tree, for the sizes of its members.
    let encoded = context.encodedMessage ?? FCMRequestEncoder().encode(message)
    context.collector.emit(
      diagnostic,
      at: context.messageSource?.span,
      pointer: context.messagePointer,
      notes: contributors(message, encoded: encoded, writer: writer, context: context)
    )
  }

  /// Whether `message` goes to a topic or a condition (`if case .some` tests a field without
  /// copying it).
  static func isTopicMessage(_ message: FCM.Message) -> Bool {
    if case .some = message.topic { return true }
    if case .some = message.condition { return true }
    return false
  }

  /// Notes naming the three largest top-level members of the encoded message.
  static func contributors(
    _ message: FCM.Message,
    encoded: ValueNode,
    writer: CanonicalJSONWriter,
    context: FCMCheckContext
  ) -> [Diagnostic.Note] {
    guard let object = encoded.objectValue else { return [] }
    let sources: [String: SourceReference?] = [
      "android": message.android?.source, "apns": message.apns?.source,
      "condition": message.condition?.source, "data": message.data?.source,
      "notification": message.notification?.source, "fid": message.fid?.source,
      "token": message.token?.source, "topic": message.topic?.source,
      "webpush": message.webpush?.source, "fcm_options": message.fcmOptions?.source,
    ]
    let sizes = object.members.map { member in
      (
        key: member.key,
        size: CanonicalJSONWriter.encodedByteCount(ofString: member.key) + 1
          + writer.encodedByteCount(of: member.value)
      )
    }
    return sizes.sorted { $0.size > $1.size }.prefix(3).map { entry in
      let source = sources[entry.key] ?? nil
      return context.collector.note(
        "'\(entry.key)' takes \(entry.size) bytes",
        at: source?.keySpan ?? source?.span,
        pointer: context.pointer(source, [entry.key])
      )
    }
  }
}
