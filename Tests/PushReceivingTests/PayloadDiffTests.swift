import PushDiagnostics
import PushJSON
import PushPayload
import PushReceiving
import Testing

@Suite struct PayloadDiffTests {
  func node(_ text: String) throws -> ValueNode {
    try #require(CaptureReader.read(bytes: Array(text.utf8)).root)
  }

  func changes(_ diff: PayloadDiff) -> [String] {
    diff.entries.map { "\($0.change.rawValue) \($0.pointer)" }
  }

  @Test func findsNoDifferencesInEqualPayloads() throws {
    let text = #"{"aps": {"alert": {"title": "t"}, "badge": 1.0}, "a": [1, "x", null, true]}"#
    let diff = PayloadDiff(
      expected: try node(text),
      actual: try node(
        #"{"a": [1, "x", null, true], "aps": {"badge": 1, "alert": {"title": "t"}}}"#))
    #expect(diff.entries.isEmpty)
    #expect(!diff.hasDifferences)
    #expect(diff.summary == "no differences\n")
  }

  @Test func reportsEachKindOfChange() throws {
    let expected = try node(
      #"{"aps": {"alert": {"title": "점검", "body": "b"}, "badge": 1}, "type": "notice", "id": 76473, "gone": "x", "list": [1, 2]}"#
    )
    let actual = try node(
      #"{"aps": {"alert": {"title": "점검2"}, "badge": 1}, "type": "notice", "id": "76473", "list": [1, 2, 3], "gcm.message_id": "1700", "extra": 1}"#
    )
    let diff = PayloadDiff(expected: expected, actual: actual)
    #expect(
      changes(diff) == [
        "changed-value /aps/alert/title", "missing /aps/alert/body", "changed-type /id",
        "missing /gone",
        "added /list/2", "added-by-fcm /gcm.message_id", "added /extra",
      ]
    )
    #expect(diff.hasDifferences)
    #expect(
      diff.entries(.changedType).first?.expected
        == ValueNode(
          .number(JSONNumber(76473)),
          span: diff.entries(.changedType).first?.expected?.span ?? SourceSpan(at: 0)))
    #expect(
      diff.summary == """
        changed value /aps/alert/title: the string '점검' → the string '점검2'
        missing       /aps/alert/body: the string 'b'
        changed type  /id: the number 76473 → the string '76473'
        missing       /gone: the string 'x'
        added         /list/2: the number 3
        added by FCM  /gcm.message_id: the string '1700'
        added         /extra: the number 1
        6 differences, 1 key added by FCM

        """
    )
  }

  @Test func onlyFCMAdditionsAreNoDifference() throws {
    let diff = PayloadDiff(
      expected: try node(#"{"aps": {}, "type": "admin"}"#),
      actual: try node(
        #"{"aps": {}, "type": "admin", "gcm.message_id": "1", "google.c.a.e": "1", "fcm_options": {"image": "x"}}"#
      )
    )
    #expect(
      changes(diff) == [
        "added-by-fcm /gcm.message_id", "added-by-fcm /google.c.a.e", "added-by-fcm /fcm_options",
      ])
    #expect(!diff.hasDifferences)
  }

  @Test func reportsTypeChangesOfContainers() throws {
    let diff = PayloadDiff(
      expected: try node(#"{"a": {"x": 1}, "b": [1], "c": null}"#),
      actual: try node(#"{"a": "{\"x\":1}", "b": 1, "c": false}"#))
    #expect(changes(diff) == ["changed-type /a", "changed-type /b", "changed-type /c"])
  }

  @Test func comparesUntypedTextByText() throws {
    let expected = try node(
      #"{"aps": {"badge": 3, "mutable-content": 1, "flag": true}, "id": "76473", "n": 5, "b": false, "s": "x", "o": {"k": 1}}"#
    )
    let same = try node(
      #"{ aps = { badge = 3; "mutable-content" = 1; flag = 1; }; id = 76473; n = 5; b = 0; s = x; o = { k = 1; }; }"#
    )
    #expect(changes(PayloadDiff(expected: expected, actual: same)) == [])
    let different = try node(
      #"{ aps = { badge = 4; "mutable-content" = x; flag = 0; }; id = 76474; n = 5.0; b = maybe; s = y; o = text; }"#
    )
    #expect(
      changes(PayloadDiff(expected: expected, actual: different)) == [
        "changed-value /aps/badge", "changed-type /aps/mutable-content", "changed-value /aps/flag",
        "changed-value /id", "changed-type /b", "changed-value /s", "changed-type /o",
      ]
    )
  }

  @Test func usesTheLastOfDuplicateKeys() throws {
    let parsed = JSONReader.read(
      SourceFile(name: "d.json", text: #"{"a": 1, "a": 2}"#),
      options: JSONReader.Options(duplicateKeySeverity: .warning)
    )
    let diff = PayloadDiff(
      expected: try #require(parsed.documents.first), actual: try node(#"{"a": 2}"#))
    #expect(diff.entries.isEmpty)
  }

  @Test func writesAJSONDocument() throws {
    let diff = PayloadDiff(
      expected: try node(#"{"id": 1}"#), actual: try node(#"{"id": "1", "gcm.message_id": "9"}"#))
    let text = CanonicalJSONWriter(style: .compact).string(for: diff.jsonDocument)
    #expect(
      text
        == #"{"differences":[{"change":"changed-type","pointer":"/id","expected":1,"actual":"1"},{"change":"added-by-fcm","pointer":"/gcm.message_id","expected":null,"actual":"9"}],"summary":{"missing":0,"added-by-fcm":1,"added":0,"changed-value":0,"changed-type":1}}"#
    )
  }

  @Test func comparesIntegersBeyondDoublePrecisionByDigits() throws {
    // 2^64 and 2^64 + 1 are the same `Double`; ids this long must still differ.
    let diff = PayloadDiff(
      expected: try node(#"{"id": 18446744073709551616, "n": -0, "same": 12345678901234567890}"#),
      actual: try node(#"{"id": 18446744073709551617, "n": 0, "same": 12345678901234567890}"#))
    #expect(changes(diff) == ["changed-value /id"])
    let untyped = PayloadDiff(
      expected: try node(#"{"id": 18446744073709551616}"#),
      actual: try node(#"[AnyHashable("id"): 18446744073709551617]"#))
    #expect(changes(untyped) == ["changed-value /id"])
  }

  @Test func comparesDeepAndWideTreesWithoutRecursion() throws {
    var deep = ValueNode(.number(JSONNumber(1)))
    var deepChanged = ValueNode(.number(JSONNumber(2)))
    for _ in 0..<10_000 {
      deep = ValueNode(.array([deep]))
      deepChanged = ValueNode(.array([deepChanged]))
    }
    let diff = PayloadDiff(expected: deep, actual: deepChanged)
    #expect(diff.entries.count == 1)
    #expect(diff.entries.first?.pointer.tokens.count == 10_000)
    let wide = ValueNode(
      .object(
        JSONObject(
          (0..<50_000).map {
            JSONObject.Member(key: "k\($0)", value: ValueNode(.number(JSONNumber($0))))
          })))
    let clock = ContinuousClock()
    let elapsed = clock.measure { _ = PayloadDiff(expected: wide, actual: wide) }
    #expect(elapsed < .seconds(5))
  }
}
