import Foundation
import Testing

/// `# pushc-disable` comments in YAML inputs and the `suppressions` list of `.pushc.yaml`, run
/// with the built binary over temporary trees.
@Suite struct SuppressionEndToEndTests {
  static let unknownAlertKey =
    "unknown alert key 'aps.alert.titel'; did you mean 'title'? [apnsUnknownAlertKey]"
  static let unused = "nothing it names was reported here [configUnusedSuppression]"

  @Test func aYAMLCommentSilencesTheNextNodeAndUnusedOnesAreReported() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.writeTree([
      "p.yaml": """
      # pushc-disable-file apns-push-type
      aps:
        # pushc-disable apns-alert, apns-sound kept misspelled for the decoder tests
        alert:
          titel: t
        alertt: hi # pushc-disable apnsUnknownAPSKey
        badge: 1 # pushc-disable apnsUnknownAPSKey
        sound: "# pushc-disable apns-sound is text, not a comment"

      """
    ])
    let result = try PushcProcess.run(
      ["lint", "--kind", "apns", "p.yaml"], directory: directory.url)
    #expect(result.status == 0, "\(result)")
    #expect(result.error.isEmpty)
    #expect(
      result.output == """
        p.yaml:3:3: warning: unused suppression of 'apns-sound'; \(Self.unused)
        p.yaml:7:12: warning: unused suppression of 'apnsUnknownAPSKey'; \(Self.unused)
        1 file, 1 message: 0 errors, 2 warnings

        """)
    // Without the comments, the same file has four warnings (a missing apns-topic among them,
    // as for JSON).
    let plain = try PushcProcess.run(
      ["lint", "--kind", "apns", "-"],
      input: Array(
        (directory.read("p.yaml") ?? "").replacingOccurrences(of: "# pushc-disable", with: "# was")
          .utf8),
      directory: directory.url)
    #expect(plain.output.hasSuffix("1 file, 1 message: 0 errors, 4 warnings\n"), "\(plain)")
  }

  @Test func badCommentsAreErrors() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.writeTree([
      "p.yaml": "aps: # pushc-disable\n  alert: hi # pushc-disable apns-alrt\n"
    ])
    let result = try PushcProcess.run(
      ["lint", "--kind", "apns", "--push-type", "alert", "--topic", "com.a", "p.yaml"],
      directory: directory.url)
    #expect(result.status == 1)
    #expect(
      result.output == """
        p.yaml:1:6: error: 'pushc-disable' names no rule; expected '# pushc-disable RULE-ID[, RULE-ID] [reason]' [configMalformedSuppression]
        p.yaml:2:13: error: unknown rule 'apns-alrt'; did you mean 'apns-alert'? [configUnknownRule]
        1 file, 1 message: 2 errors, 0 warnings

        """)
  }

  @Test func theConfigurationSilencesJSONInputsByPointer() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.writeTree([
      ".pushc.yaml": """
      suppressions:
        - path: a.json
          rule: apnsUnknownAPSKey
          pointer: /aps/alertt
          reason: misspelled on purpose
        - path: a.json
          rule: apns-sound
        - path: other.json
          rule: apns-sound

      """,
      "a.json": #"{"aps":{"alertt":"hi","badgee":1,"sound":"default"}}"# + "\n",
    ])
    let result = try PushcProcess.run(
      ["lint", "--push-type", "alert", "--topic", "com.a", "a.json"], directory: directory.url)
    #expect(result.status == 0, "\(result)")
    // The entry for other.json is not reported: that file was not checked.
    #expect(
      result.output == """
        .pushc.yaml:6:5: warning: unused suppression of 'apns-sound'; \(Self.unused)
        a.json:1:23: warning: APNs ignores the unknown key 'aps.badgee'; did you mean 'badge'? [apnsUnknownAPSKey]
        a.json:1:24: note: fix-it: rename to 'badge'
        1 file, 1 message: 0 errors, 2 warnings

        """)
    let promoted = try PushcProcess.run(
      ["lint", "--push-type", "alert", "--topic", "com.a", "--warnings-as-errors", "a.json"],
      directory: directory.url)
    #expect(promoted.status == 1)
    #expect(promoted.output.hasSuffix("1 file, 1 message: 1 error, 1 warning\n"), "\(promoted)")
  }
}
