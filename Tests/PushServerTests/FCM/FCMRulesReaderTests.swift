import PushDiagnostics
import PushJSON
import PushServer
import Testing

/// The `tokens` and `fcm` sections of a rules document: what is read, and a diagnostic with a
/// stable id and a position for every mistake.
@Suite struct FCMRulesReaderTests {
  static func read(_ json: String, checksTopLevel: Bool = true) -> FCMRulesReader.Result {
    let file = SourceFile(name: "rules.json", bytes: Array(json.utf8))
    let document = JSONReader.read(file).documents.first ?? ValueNode(.null)
    return FCMRulesReader(checksTopLevel: checksTopLevel).read(document, file: file)
  }

  static let hex = String(repeating: "0a", count: 32)

  @Test func readsTokensAndFaults() {
    let result = Self.read(
      """
      {"apns": {}, "tokens": {
        "ios": {"platform": "ios", "apns_token": "\(Self.hex)", "bundle_id": "com.example.app"},
        "gone": {"unregistered": true}, "later": {"platform": "android", "unregistered_after": 3}},
       "fcm": {"faults": [{"match": {"topic": "/topics/news"}, "error": "QUOTA_EXCEEDED",
                           "probability": 0.5, "retry_after_s": 30}], "latency_ms": 0}}
      """)
    #expect(result.diagnostics.isEmpty)
    #expect(result.rules.tokens["ios"]?.apnsToken == Self.hex)
    #expect(result.rules.tokens["ios"]?.bundleID == "com.example.app")
    #expect(result.rules.tokens["gone"]?.isUnregistered == true)
    #expect(result.rules.tokens["later"]?.unregisteredAfter == 3)
    #expect(
      result.rules.faults == [
        FCMRules.Fault(
          topic: "news", error: .quotaExceeded, probability: 0.5, retryAfterSeconds: 30)
      ])
  }

  @Test func reportsEachMistakeWithItsIDAndPlace() {
    let result = Self.read(
      """
      {"tokenz": {},
       "tokens": {"a": {"platform": "iphone"}, "b": {"platform": "ios"}, "c": 3,
                  "d": {"unregistered": true, "unregistered_after": 2}, "e": {"apns_token": "xyz"}},
       "fcm": {"faults": [{"error": "NOPE"}, {"eror": "INTERNAL"},
                          {"error": "INTERNAL", "times": 1, "probability": 0.1},
                          {"error": "UNREGISTERED", "retry_after_s": 5},
                          {"error": "INTERNAL", "times": -1}], "latency_ms": 20}}
      """)
    let found = result.diagnostics.map { "\($0.id.rawValue) \($0.pointer?.description ?? "")" }
    #expect(
      found == [
        "fcmRulesUnknownKey /tokenz",
        "fcmRulesInvalidValue /tokens/a/platform",
        "fcmRulesMissingField /tokens/b",
        "fcmRulesMissingField /tokens/b",
        "fcmRulesWrongType /tokens/c",
        "fcmRulesConflictingFields /tokens/d",
        "fcmRulesInvalidValue /tokens/e/apns_token",
        "fcmRulesInvalidValue /tokens/e/apns_token",
        "fcmRulesInvalidValue /fcm/faults/0/error",
        "fcmRulesUnknownKey /fcm/faults/1/eror",
        "fcmRulesMissingField /fcm/faults/1",
        "fcmRulesConflictingFields /fcm/faults/2",
        "fcmRulesInvalidValue /fcm/faults/3/retry_after_s",
        "fcmRulesInvalidValue /fcm/faults/4/times",
      ])
    #expect(
      result.diagnostics.first?.message
        == "unknown key 'tokenz' in the rules document; did you mean 'tokens'?")
    #expect(result.diagnostics.first?.range?.start.line == 1)
    #expect(result.rules.tokens.isEmpty, "entries with errors are left out")
    #expect(result.rules.faults.isEmpty)
  }

  @Test func leavesTheTopLevelToTheAPNsReaderUnlessAsked() {
    #expect(Self.read(#"{"other": 1}"#, checksTopLevel: false).diagnostics.isEmpty)
    #expect(Self.read("[1]").diagnostics.map(\.id) == [.fcmRulesWrongType])
  }
}
