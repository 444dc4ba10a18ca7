public import PushDiagnostics
public import PushJSON

/// Checks FCM messages against every rule pushc knows: those FCM and the Admin SDKs enforce,
/// and the mistakes that make a message silently do the wrong thing.
///
/// The reader (`PushCompiler` runs it) has already checked shapes and types; the checker looks
/// at values and at how fields combine. Each diagnostic points at the value it is about and
/// carries the JSON Pointer to it; for a message built in code the pointer is relative to the
/// request body (`/message/topic`).
///
/// Rules: targets, topic names and conditions; reserved and colliding `data` keys; image URLs;
/// analytics labels; Android TTL, colours, light settings and localization arguments; web push
/// link and notification; `apns.payload`; the Live Activity token and data-only priority; and
/// the message size. ``RuleRegistry/fcmRules`` lists them in the order they run; see
/// `Documentation/Diagnostics/FCM.md` for each diagnostic.
public struct FCMChecker: Sendable {
  /// Which rules run, and with which severity.
  public var rules: RuleConfiguration
  /// Whether messages are templates that a service sends after adding the target itself, as
  /// Azure Notification Hubs and Amazon SNS do with FCM v1 message bodies: a missing `token`,
  /// `topic` or `condition` is not reported (one that is given is still checked).
  public var checksTemplates: Bool

  /// Creates a checker.
  ///
  /// - Parameters:
  ///   - rules: Which rules run, and with which severity; every rule with its defaults unless
  ///     given.
  ///   - checksTemplates: Whether messages are templates without a target.
  public init(rules: RuleConfiguration = RuleConfiguration(), checksTemplates: Bool = false) {
    self.rules = rules
    self.checksTemplates = checksTemplates
  }

  /// The diagnostics of `request`.
  ///
  /// - Parameters:
  ///   - request: The request to check.
  ///   - file: The source the request was read from, for positions and fix-its; `nil` for
  ///     requests built in code.
  ///   - encodedMessage: The `message` object of ``FCMRequestEncoder/encode(_:)-(FCM.SendRequest)``
  ///     for `request`, when the caller has it already; otherwise the message is measured
  ///     without being built (``FCMRequestEncoder/measure(_:)``), and built only for the notes
  ///     of a message over the size limit.
  /// - Returns: The diagnostics, in the order the rules found them.
  public func check(
    _ request: FCM.SendRequest,
    file: SourceFile? = nil,
    encodedMessage: ValueNode? = nil
  ) -> [Diagnostic] {
    check(request, file: file, encodedMessage: encodedMessage, encodedMessageByteCount: nil)
  }

  /// The diagnostics of `request`, given the size of its encoded `message` object in compact
  /// canonical JSON when the caller has measured it (``FCMRequestEncoder/measure(_:)``), so
  /// that it is not measured twice.
  package func check(
    _ request: FCM.SendRequest,
    file: SourceFile?,
    encodedMessage: ValueNode?,
    encodedMessageByteCount: Int?
  ) -> [Diagnostic] {
    var context = FCMCheckContext(
      file: file, messageSource: request.message.source, encodedMessage: encodedMessage,
      encodedMessageByteCount: encodedMessageByteCount)
    return check(request, in: &context)
  }

  /// The diagnostics of `request` in `context`, a context made for its file and started for
  /// it (``FCMCheckContext/start(messageSource:encodedMessage:encodedMessageByteCount:)``).
  func check(_ request: FCM.SendRequest, in context: inout FCMCheckContext) -> [Diagnostic] {
    context.isTemplate = checksTemplates
    // One copy of the message for all the rules, which take it indirectly.
    let message = request.message.value
    for rule in RuleRegistry.fcmChecks {
      if rule.runsOnlyWithoutErrors && context.collector.hasErrors { continue }
      rules.run(rule.descriptor.id, on: &context, collector: \.collector) { context in
        rule.check(message, in: &context)
      }
    }
    return context.collector.diagnostics
  }
}
