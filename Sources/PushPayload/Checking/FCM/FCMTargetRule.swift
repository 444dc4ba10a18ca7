import PushDiagnostics

/// Exactly one target, each non-empty; topic names and conditions well formed.
///
/// Emits: see ``descriptor``.
enum FCMTargetRule: FCMRule {
  static let descriptor = RuleDescriptor(
    RuleID("fcm-target"),
    domain: .fcm,
    defaultSeverity: .error,
    summary:
      "exactly one target (token, topic or condition), with well-formed topic names and conditions",
    source: RuleDescriptor.Source.fcmTopics,
    emits: [
      .fcmMissingTarget,
      .fcmMultipleTargets,
      .fcmEmptyValue,
      .fcmTopicPrefix,
      .fcmInvalidTopicName,
      .fcmTopicNameTooLong,
      .fcmConditionSyntax,
      .fcmConditionTooManyTopics,
      .fcmConditionDoubleQuotes,
      .fcmConditionMixedOperators,
    ]
  )

  /// The most topics a condition may name.
  static let conditionTopicLimit = 5

  static func check(_ message: FCM.Message, in context: inout FCMCheckContext) {
    // Nearly every message has exactly one non-empty target: nothing to report about targets,
    // and no target list to build.
    // (`if case .some` tests a field without copying it.)
    var count = 0
    if case .some = message.token { count += 1 }
    if case .some = message.fid { count += 1 }
    if case .some = message.topic { count += 1 }
    if case .some = message.condition { count += 1 }
    let isSingle =
      count == 1
      && !(message.token?.value.isEmpty ?? false) && !(message.fid?.value.isEmpty ?? false)
      && !(message.topic?.value.isEmpty ?? false) && !(message.condition?.value.isEmpty ?? false)
    if !isSingle { checkTargets(message, in: &context) }
    if let topic = message.topic, !topic.value.isEmpty {
      checkTopic(topic, in: &context)
    }
    if let condition = message.condition, !condition.value.isEmpty {
      checkCondition(condition, in: &context)
    }
  }

  /// Reports empty, missing and multiple targets.
  static func checkTargets(_ message: FCM.Message, in context: inout FCMCheckContext) {
    let targets = message.targets
    var present: [(field: String, value: Located<String>)] = []
    for target in targets {
      if target.value.value.isEmpty {
        context.emit(.fcmEmptyValue(target.field), target.value.source, path: [target.field])
      } else {
        present.append(target)
      }
    }
    if targets.isEmpty {
      guard !context.isTemplate else { return }
      context.collector.emit(
        .fcmMissingTarget(),
        at: context.messageSource?.span,
        pointer: context.messagePointer
      )
    } else if present.count > 1, let second = present.dropFirst().first {
      context.emit(
        .fcmMultipleTargets(present.map(\.field)),
        second.value.source,
        path: [second.field],
        onKey: true,
        notes: present.filter { $0.field != second.field }.map {
          context.note("'\($0.field)' is set here", $0.value.source, onKey: true)
        }
      )
    }
  }

  // MARK: - Topic

  static func checkTopic(_ topic: Located<String>, in context: inout FCMCheckContext) {
    var name = topic.value
    var offset = 0
    if FCMTopicName.hasPrefix(name) {
      name = String(name.dropFirst(FCMTopicName.prefix.count))
      offset = FCMTopicName.prefix.utf8.count
      context.emit(
        .fcmTopicPrefix(name),
        topic.source,
        path: ["topic"],
        span: context.span(of: 0..<offset, in: topic.value, topic.source),
        fixIts: [
          context.fixIt(
            "remove '/topics/'", replacing: 0..<offset, in: topic.value, topic.source, with: "")
        ]
      )
    }
    if name.isEmpty {
      context.emit(
        .fcmInvalidTopicName(topic.value, problem: "the name is empty after '/topics/'"),
        topic.source,
        path: ["topic"]
      )
      return
    }
    if let bad = FCMTopicName.firstDisallowed(in: name) {
      let range = (bad.range.lowerBound + offset)..<(bad.range.upperBound + offset)
      context.emit(
        .fcmInvalidTopicName(
          name,
          problem: "\(FCMTopicName.describe(bad.character)) at column \(bad.column) is not allowed"
        ),
        topic.source,
        path: ["topic"],
        span: context.span(of: range, in: topic.value, topic.source)
      )
      return
    }
    if name.utf8.count > FCMTopicName.clientSDKLengthLimit {
      context.emit(
        .fcmTopicNameTooLong(name.utf8.count, limit: FCMTopicName.clientSDKLengthLimit),
        topic.source,
        path: ["topic"]
      )
    }
  }

  // MARK: - Condition

  static func checkCondition(_ condition: Located<String>, in context: inout FCMCheckContext) {
    let text = condition.value
    let result = FCMConditionParser.parse(text)
    let source = condition.source
    if let error = result.error {
      var range = error.range
      if range.isEmpty {
        // Point at the end of the condition (or the character before it).
        range = max(0, range.lowerBound - 1)..<max(range.lowerBound, 1)
        range = range.clamped(to: 0..<max(text.utf8.count, 1))
      }
      context.emit(
        .fcmConditionSyntax(error.message, column: error.range.lowerBound + 1),
        source,
        path: ["condition"],
        span: context.span(of: range, in: text, source)
      )
    }
    for topic in result.topics {
      if topic.isDoubleQuoted {
        let start = topic.range.lowerBound
        let end = topic.range.upperBound
        context.emit(
          .fcmConditionDoubleQuotes(topic.name),
          source,
          path: ["condition"],
          span: context.span(of: topic.range, in: text, source),
          fixIts: [
            context.fixIt(
              "use single quotes", replacing: start..<end, in: text, source,
              with: "'\(topic.name)'")
          ]
        )
      }
      if let bad = FCMTopicName.firstDisallowed(in: topic.name) {
        let start = topic.nameRange.lowerBound
        let range = (start + bad.range.lowerBound)..<(start + bad.range.upperBound)
        context.emit(
          .fcmInvalidTopicName(
            topic.name,
            problem: "\(FCMTopicName.describe(bad.character)) at column \(bad.column) of the "
              + "name is not allowed"
          ),
          source,
          path: ["condition"],
          span: context.span(of: range, in: text, source)
        )
      }
    }
    if result.topics.count > conditionTopicLimit {
      let extra = result.topics[conditionTopicLimit]
      context.emit(
        .fcmConditionTooManyTopics(result.topics.count, limit: conditionTopicLimit),
        source,
        path: ["condition"],
        span: context.span(of: extra.range, in: text, source)
      )
    }
    if result.error == nil {
      for chain in result.mixedOperatorReadings {
        context.emit(
          .fcmConditionMixedOperators(chain.reading),
          source,
          path: ["condition"],
          span: context.span(of: chain.range, in: text, source),
          fixIts: [
            context.fixIt(
              "add the parentheses FCM applies", replacing: chain.range, in: text, source,
              with: chain.reading)
          ]
        )
      }
    }
  }
}
