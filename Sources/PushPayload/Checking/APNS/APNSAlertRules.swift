import PushDiagnostics
import PushJSON

/// The `aps.alert` rules: a string or a dictionary of known keys with the right types, the
/// Live Activity forms (`title`/`body` as `{loc-key, loc-args}`, `sound` inside `alert`) only in
/// Live Activity pushes, legacy keys noted, and every `*-loc-args` with its `*-loc-key`.
///
/// Emits: see ``descriptor``.
enum APNSAlertRules: APNSRule {
  static let descriptor = RuleDescriptor(
    RuleID("apns-alert"),
    domain: .apns,
    defaultSeverity: .error,
    summary: "aps.alert is a string or a dictionary of known keys with the right types",
    source: RuleDescriptor.Source.apnsPayload,
    emits: [
      .apnsValueType,
      .apnsUnknownAlertKey,
      .apnsLegacyAlertKey,
      .apnsValueOutOfRange,
      .apnsKeyNotForPushType,
      .apnsLocArgsWithoutLocKey,
    ]
  )

  static let alertPointer = JSONPointer(tokens: [
    APNS.Payload.apsKey, APNS.APS.Key.alert.rawValue,
  ])

  /// The keys of `aps` by their normalized spelling, for keys written inside `alert`.
  static let apsKeysByNormalized = Dictionary(
    APNSLimits.apsKeys.map { (EditDistance.normalized($0.name), $0.name) },
    uniquingKeysWith: { first, _ in first })

  /// The keys of `alert` by length; each key's types, push types and legacy status are those
  /// ``APNSLimits/alertKeys`` lists for it.
  static let alertKeyNames = KeyNameTable<APNS.AlertDictionary.Key>()

  static func check(_ context: APNSCheckContext, collector: inout DiagnosticCollector) {
    guard let aps = context.aps,
      let alert = aps.lastIndex(ofMemberNamed: APNS.APS.Key.alert.rawValue)
    else { return }
    switch aps.members[alert].value.kind {
    case .string:
      return
    case .object(let alert):
      checkDictionary(alert, context: context, collector: &collector)
    default:
      APNSAPSRules.checkType(
        aps.members[alert].value, pointer: alertPointer, types: [.string, .dictionary],
        context: context, collector: &collector)
    }
  }

  static func checkDictionary(
    _ alert: JSONObject,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    let members = APNSCheckContext.effectiveMembers(of: alert)
    for index in members.indices {
      // The pointer is built only for a diagnostic or a nested dictionary.
      let name = members[index].key
      var pointer: JSONPointer { alertPointer.appending(name) }
      guard let alertKey = alertKeyNames.key(named: name) else {
        reportUnknownKey(
          members[index], pointer: pointer, candidates: .alertKeys, context: context,
          collector: &collector)
        continue
      }
      // A title or body is nearly always a string, which `checkText` accepts as it is: told in
      // place, without a copy of the member.
      if alertKey == .title || alertKey == .body, !alertKey.isLegacy,
        case .string = members[index].value.kind
      {
        continue
      }
      let member = members[index]
      if alertKey.isLegacy {
        collector.emit(
          .apnsLegacyAlertKey(alertKey.rawValue),
          at: context.location(ofKeyOf: member, at: pointer))
      }
      switch alertKey {
      case .title, .body:
        checkText(member, pointer: pointer, context: context, collector: &collector)
      case .sound:
        if context.isLiveActivity {
          APNSSoundRules.checkSound(
            member.value, pointer: pointer, context: context, collector: &collector)
        } else {
          collector.emit(
            .apnsKeyNotForPushType(
              APNSCheckContext.path(pointer), pushType: context.pushTypeName,
              meaningfulFor: alertKey.pushTypes.map(\.rawValue)),
            at: context.location(ofKeyOf: member, at: pointer)
          )
        }
      case .actionLocKey where member.value.isNull:
        continue  // `null` hides the action button on old systems.
      case .summaryArgCount:
        guard
          APNSAPSRules.checkType(
            member.value, pointer: pointer, types: alertKey.types, context: context,
            collector: &collector),
          let number = member.value.numberValue, number.intValue.map({ $0 < 1 }) ?? true
        else { continue }
        collector.emit(
          .apnsValueOutOfRange(
            APNSCheckContext.path(pointer), value: number.lexeme, expected: "1 or more"),
          at: context.location(ofPayloadValueAt: pointer, span: member.value.span)
        )
      default:
        APNSAPSRules.checkType(
          member.value, pointer: pointer, types: alertKey.types, context: context,
          collector: &collector)
      }
    }
    checkLocArguments(alert, at: alertPointer, context: context, collector: &collector)
  }

  /// `title` and `body`: strings, or `{loc-key, loc-args}` dictionaries in Live Activities.
  static func checkText(
    _ member: borrowing JSONObject.Member,
    pointer: @autoclosure () -> JSONPointer,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    guard let text = member.value.objectValue else {
      APNSAPSRules.checkType(
        member.value, pointer: pointer(), types: [.string], context: context,
        collector: &collector)
      return
    }
    let pointer = pointer()
    guard context.isLiveActivity else {
      collector.emit(
        .apnsValueType(
          APNSCheckContext.path(pointer),
          expected: "a string (the dictionary form is only for Live Activity alerts)",
          found: APNSCheckContext.describe(member.value)),
        at: context.location(ofPayloadValueAt: pointer, span: member.value.span)
      )
      return
    }
    for textMember in APNSCheckContext.effectiveMembers(of: text) {
      let textPointer = pointer.appending(textMember.key)
      guard let key = APNSLimits.localizedTextKeys.first(where: { $0.name == textMember.key })
      else {
        reportUnknownKey(
          textMember, pointer: textPointer, candidates: .localizedTextKeys, context: context,
          collector: &collector)
        continue
      }
      APNSAPSRules.checkType(
        textMember.value, pointer: textPointer, types: key.types, context: context,
        collector: &collector)
    }
    checkLocArguments(text, at: pointer, context: context, collector: &collector)
  }

  /// The lengths in bytes of the arguments keys of ``APNSLimits/locArgumentKeys``.
  static let locArgumentKeyLengths = APNSLimits.locArgumentKeys.map(\.arguments.utf8.count)

  /// Every `*-loc-args` of `object` needs its `*-loc-key`.
  static func checkLocArguments(
    _ object: JSONObject,
    at pointer: JSONPointer,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    // Nearly every alert has no arguments key: told from the lengths of its keys alone (which
    // `lastIndex(ofMemberNamed:)` compares first).
    let members = object.members
    let lengths = locArgumentKeyLengths
    var mayHaveArguments = false
    for index in members.indices where lengths.contains(members[index].key.utf8.count) {
      mayHaveArguments = true
      break
    }
    guard mayHaveArguments else { return }
    for (arguments, key) in APNSLimits.locArgumentKeys {
      guard let index = object.lastIndex(ofMemberNamed: arguments),
        object.lastIndex(ofMemberNamed: key) == nil
      else { continue }
      let member = object.members[index]
      let argumentsPointer = pointer.appending(arguments)
      collector.emit(
        .apnsLocArgsWithoutLocKey(
          APNSCheckContext.path(argumentsPointer),
          key: APNSCheckContext.path(pointer.appending(key))),
        at: context.location(ofKeyOf: member, at: argumentsPointer)
      )
    }
  }

  /// Reports a key of `alert` (or of a Live Activity text dictionary) that APNs does not
  /// define.
  static func reportUnknownKey(
    _ member: JSONObject.Member,
    pointer: JSONPointer,
    candidates: APNSNameSuggestion,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    let location = context.location(ofKeyOf: member, at: pointer)
    let path = APNSCheckContext.path(pointer)
    if let suggestion = candidates.closest(to: member.key) {
      collector.emit(
        .apnsUnknownAlertKey(path, hint: "did you mean '\(suggestion)'?"),
        at: location,
        fixIts: [
          collector.fixIt(
            "rename to '\(suggestion)'", replacingString: member.key, at: location.span,
            with: suggestion)
        ]
      )
      return
    }
    let apsKey = apsKeysByNormalized[EditDistance.normalized(member.key)]
    let hint =
      apsKey.map { "'\($0)' belongs in 'aps', not inside 'alert'" }
      ?? "iOS ignores it; custom keys belong at the top level of the payload"
    collector.emit(.apnsUnknownAlertKey(path, hint: hint), at: location)
  }
}
