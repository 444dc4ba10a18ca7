public import PushDiagnostics
import PushJSON

/// Every rule pushc checks, in the order the checkers run them, and every diagnostic identifier
/// of this library with its domain.
///
/// Adding a rule means one file (a type conforming to the internal `FCMRule` or `APNSRule`
/// protocol, with its ``RuleDescriptor``), one line here, a documentation entry for each
/// diagnostic it emits and a sample (see CONTRIBUTING.md).
///
/// ```swift
/// RuleRegistry.rules.map(\.id)                       // fcm-target, fcm-data, …
/// RuleRegistry.rules(emitting: .apnsMissingTopic)    // [apns-push-type]
/// ```
public enum RuleRegistry {
  /// The FCM rules, in the order `FCMChecker` runs them. Add one line per new rule.
  static let fcmChecks: [any FCMRule.Type] = [
    FCMTargetRule.self,
    FCMDataRule.self,
    FCMImageURLRule.self,
    FCMAnalyticsLabelRule.self,
    FCMAndroidRule.self,
    FCMWebpushRule.self,
    FCMAPNSPayloadRule.self,
    FCMAPNSRule.self,
    FCMSizeRule.self,
  ]

  /// The APNs rules, in the order `APNSRequestChecker` runs them. Add one line per new rule.
  static let apnsChecks: [any APNSRule.Type] = [
    APNSHeaderRules.self,
    APNSPushTypeRules.self,
    APNSDeviceTokenRule.self,
    APNSPayloadSizeRule.self,
    APNSAPSRules.self,
    APNSAlertRules.self,
    APNSSoundRules.self,
    APNSLiveActivityRules.self,
    APNSBackgroundRules.self,
  ]

  /// The FCM rules, in the order they run.
  public static var fcmRules: [RuleDescriptor] { fcmChecks.map { $0.descriptor } }

  /// The APNs rules, in the order they run.
  public static var apnsRules: [RuleDescriptor] { apnsChecks.map { $0.descriptor } }

  /// Every rule: the FCM rules, then the APNs rules, each in the order they run.
  public static var rules: [RuleDescriptor] { fcmRules + apnsRules }

  /// The rule with identifier `id`, if any.
  public static func rule(_ id: RuleID) -> RuleDescriptor? {
    rules.first { $0.id == id }
  }

  /// The rules that can emit `diagnostic`, in the order they run (most identifiers have one;
  /// shared ones such as `fcmTypeMismatch` have several).
  public static func rules(emitting diagnostic: DiagnosticID) -> [RuleDescriptor] {
    rules.filter { $0.emits.contains(diagnostic) }
  }

  /// The diagnostic domains of the core libraries: every identifier they declare, rule or not
  /// (reading and lowering diagnostics too). `PushReceiving` adds `decode`, `PushYAML` adds
  /// `yaml` and the `pushc` tool adds `cli`.
  public static var diagnosticDomains: [DiagnosticDomain] {
    [.json, .input, .fcm, .apns, .lowering]
  }

  /// The domain among ``diagnosticDomains`` that declares `diagnostic`, if any.
  public static func domain(of diagnostic: DiagnosticID) -> DiagnosticDomain? {
    diagnosticDomains.first { $0.diagnostics.contains(diagnostic) }
  }
}
