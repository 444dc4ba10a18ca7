import PushDiagnostics
import PushJSON

/// The `sound` rules, for `aps.sound` and a Live Activity's `aps.alert.sound`: a non-empty
/// sound name, or a critical-alert dictionary `{critical: 1, name, volume 0…1}`.
///
/// Emits: see ``descriptor``.
enum APNSSoundRules: APNSRule {
  static let descriptor = RuleDescriptor(
    RuleID("apns-sound"),
    domain: .apns,
    defaultSeverity: .error,
    summary:
      "aps.sound is a sound name or a critical-alert dictionary with a name and a volume from 0 to 1",
    source: RuleDescriptor.Source.apnsPayload,
    emits: [
      .apnsValueType,
      .apnsEmptySoundName,
      .apnsUnknownSoundKey,
      .apnsCriticalSoundWithoutName,
      .apnsValueOutOfRange,
      .apnsFlagValue,
    ]
  )

  static func check(_ context: APNSCheckContext, collector: inout DiagnosticCollector) {
    // Found by index and read in place: a copy of the member retains its key and value.
    guard let aps = context.aps,
      let index = aps.lastIndex(ofMemberNamed: APNS.APS.Key.sound.rawValue)
    else { return }
    let members = aps.members
    checkSound(
      members[index].value, pointer: APNSCheckContext.apsPointer.appending(members[index].key),
      context: context, collector: &collector)  // The pointer is built only for a diagnostic.
  }

  /// Checks a sound value at `pointer`.
  static func checkSound(
    _ node: ValueNode,
    pointer: @autoclosure () -> JSONPointer,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    switch node.kind {
    case .string(let name):
      if name.isEmpty {
        let pointer = pointer()
        collector.emit(
          .apnsEmptySoundName(APNSCheckContext.path(pointer)),
          at: context.location(ofPayloadValueAt: pointer, span: node.span)
        )
      }
    case .object(let sound):
      checkCriticalSound(
        sound, node: node, pointer: pointer(), context: context, collector: &collector)
    default:
      APNSAPSRules.checkType(
        node, pointer: pointer(), types: [.string, .dictionary], context: context,
        collector: &collector)
    }
  }

  /// Checks a critical-alert sound dictionary.
  static func checkCriticalSound(
    _ sound: JSONObject,
    node: ValueNode,
    pointer: JSONPointer,
    context: APNSCheckContext,
    collector: inout DiagnosticCollector
  ) {
    for member in APNSCheckContext.effectiveMembers(of: sound) {
      let memberPointer = pointer.appending(member.key)
      guard let key = APNSLimits.soundKeys.first(where: { $0.name == member.key }) else {
        let location = context.location(ofKeyOf: member, at: memberPointer)
        let suggestion = APNSNameSuggestion.soundKeys.closest(to: member.key)
        collector.emit(
          .apnsUnknownSoundKey(APNSCheckContext.path(memberPointer), suggestion: suggestion),
          at: location,
          fixIts: suggestion.map {
            [
              collector.fixIt(
                "rename to '\($0)'", replacingString: member.key, at: location.span, with: $0)
            ]
          } ?? []
        )
        continue
      }
      switch key.name {
      case "critical":
        APNSAPSRules.checkFlag(
          member, pointer: memberPointer, expected: "1", context: context, collector: &collector)
      case "name":
        guard
          APNSAPSRules.checkType(
            member.value, pointer: memberPointer, types: key.types, context: context,
            collector: &collector)
        else { continue }
        if member.value.stringValue?.isEmpty == true {
          collector.emit(
            .apnsEmptySoundName(APNSCheckContext.path(memberPointer)),
            at: context.location(ofPayloadValueAt: memberPointer, span: member.value.span)
          )
        }
      default:
        guard
          APNSAPSRules.checkType(
            member.value, pointer: memberPointer, types: key.types, context: context,
            collector: &collector),
          let number = member.value.numberValue
        else { continue }
        let volume = number.doubleValue ?? .infinity
        if volume < 0 || volume > 1 {
          collector.emit(
            .apnsValueOutOfRange(
              APNSCheckContext.path(memberPointer), value: number.lexeme,
              expected: "between 0 and 1"),
            at: context.location(ofPayloadValueAt: memberPointer, span: member.value.span)
          )
        }
      }
    }
    if sound["name"] == nil {
      collector.emit(
        .apnsCriticalSoundWithoutName(APNSCheckContext.path(pointer)),
        at: context.location(ofPayloadValueAt: pointer, span: node.span),
        fixIts: [Diagnostic.FixIt("add '\"name\": \"default\"'")]
      )
    }
  }
}
