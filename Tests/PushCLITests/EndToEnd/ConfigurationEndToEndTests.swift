import Foundation
import Testing

/// `.pushc.yaml`, `--config`, `--no-config` and `--print-config`, run with the built binary over
/// temporary trees (each the root of a repository, so nothing above it applies).
@Suite struct ConfigurationEndToEndTests {
  /// A raw APNs payload with three warnings: no push type, no topic, a misspelled `alert`.
  static let payload = #"{"aps":{"alertt":"hi"}}"# + "\n"

  static let missingPushType =
    "'apns-push-type' is missing; watchOS requires it and APNs may delay or drop pushes "
    + "without it [apnsMissingPushType]"
  static let missingTopic =
    "'apns-topic' is missing; APNs requires it unless a single-topic certificate is used "
    + "[apnsMissingTopic]"
  static let unknownKey =
    "APNs ignores the unknown key 'aps.alertt'; did you mean 'alert'? [apnsUnknownAPSKey]"

  @Test func theNearestConfigurationAppliesThroughTheRuleSettings() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.writeTree([
      ".pushc.yaml": "rules:\n  apns-push-type: error\n  apns-aps: disabled\n",
      "sub/.pushc.yaml": "warnings-as-errors: true\n",
      "a.json": Self.payload,
      "sub/b.json": Self.payload,
    ])
    let result = try PushcProcess.run(["lint", "a.json", "sub/b.json"], directory: directory.url)
    #expect(result.status == 1)
    #expect(result.error.isEmpty)
    // a.json: the rule apns-push-type (which checks the topic too) made an error, apns-aps
    // off. sub/b.json: only the nearest file applies (they are not merged), which promotes
    // every warning.
    #expect(
      result.output == """
        a.json:1:1: error: \(Self.missingPushType)
        a.json:1:1: error: \(Self.missingTopic)
        sub/b.json:1:1: error: \(Self.missingPushType)
        sub/b.json:1:1: error: \(Self.missingTopic)
        sub/b.json:1:9: error: \(Self.unknownKey)
        sub/b.json:1:10: note: fix-it: rename to 'alert'
        2 files, 2 messages: 5 errors, 0 warnings

        """)
  }

  @Test func configSkipsTheSearchAndNoConfigUsesNone() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.writeTree([
      ".pushc.yaml": "rules:\n  apns-push-type: disabled\n  apns-aps: disabled\n",
      "other.yaml": "rules:\n  apns-push-type: note\n",
      "a.json": Self.payload,
    ])
    let nearest = try PushcProcess.run(["lint", "a.json"], directory: directory.url)
    #expect(nearest.output == "1 file, 1 message: 0 errors, 0 warnings\n")
    let named = try PushcProcess.run(
      ["lint", "--config", "other.yaml", "a.json"], directory: directory.url)
    #expect(named.status == 0)
    #expect(
      named.output == """
        a.json:1:1: note: \(Self.missingPushType)
        a.json:1:1: note: \(Self.missingTopic)
        a.json:1:9: warning: \(Self.unknownKey)
        a.json:1:10: note: fix-it: rename to 'alert'
        1 file, 1 message: 0 errors, 1 warning

        """)
    let none = try PushcProcess.run(["lint", "--no-config", "a.json"], directory: directory.url)
    #expect(none.output.hasSuffix("1 file, 1 message: 0 errors, 3 warnings\n"))
    let both = try PushcProcess.run(
      ["lint", "--no-config", "--config", "other.yaml", "a.json"], directory: directory.url)
    #expect(both.status == 64)
    #expect(
      both.error.hasPrefix(
        "pushc: error: '--config' and '--no-config' cannot be used together\n"))
    let missing = try PushcProcess.run(
      ["lint", "--config", "nope.yaml", "a.json"], directory: directory.url)
    #expect(missing.status == 66)
    #expect(missing.error == "pushc: error: cannot read 'nope.yaml': no such file or directory\n")
    #expect(missing.output == "0 files, 0 messages: 0 errors, 0 warnings\n")
  }

  @Test func theSearchStopsAtTheRepositoryRoot() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // A broken file above the repository would fail the run if it were read.
    try directory.writeTree([
      ".pushc.yaml": "nonsense: true\n",
      "repo/.git/HEAD": "ref: refs/heads/main\n",
      "repo/a.json": Self.payload,
    ])
    let result = try PushcProcess.run(["lint", "repo/a.json"], directory: directory.url)
    #expect(result.status == 0, "\(result)")
    #expect(result.output.hasSuffix("1 file, 1 message: 0 errors, 3 warnings\n"))
    let above = try PushcProcess.run(
      ["lint", "a.json"], directory: directory.url.appendingPathComponent("repo"))
    #expect(above.status == 0)
  }

  @Test func badSettingsAreDiagnosticsWithPositionsAndExit78() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.writeTree([
      ".pushc.yaml": """
      bundel-id: com.example.app
      warnings-as-errors: maybe
      rules:
        apns-push-typ: error
        apnsMissingTopic: note
        apns-aps: off-ish
      kinds:
        "*.apns": simulator
      include: 3
      suppressions:
        - path: a.json
          rule: apnsUnknwnAPSKey
          pointr: /aps

      """,
      "a.json": Self.payload,
    ])
    let result = try PushcProcess.run(["lint", "a.json"], directory: directory.url)
    #expect(result.status == 78)
    #expect(result.error.isEmpty)
    #expect(
      result.output == """
        .pushc.yaml:1:1: error: unknown key 'bundel-id'; did you mean 'bundle-id'? [configUnknownKey]
        .pushc.yaml:2:21: error: invalid value for 'warnings-as-errors'; expected true or false [configInvalidValue]
        .pushc.yaml:4:3: error: unknown rule 'apns-push-typ'; did you mean 'apns-push-type'? [configUnknownRule]
        .pushc.yaml:5:3: error: unknown rule 'apnsMissingTopic'; 'apnsMissingTopic' is a diagnostic of 'apns-push-type'; settings name rules [configUnknownRule]
        .pushc.yaml:6:13: error: invalid value for rule 'apns-aps'; expected error, warning, note or disabled [configInvalidValue]
        .pushc.yaml:8:13: error: invalid value for kind of '*.apns'; expected fcm, apns, apns-request, simctl [configInvalidValue]
        .pushc.yaml:9:10: error: invalid value for 'include'; expected a list of globs [configInvalidValue]
        .pushc.yaml:12:11: error: unknown rule 'apnsUnknwnAPSKey'; did you mean 'apnsUnknownAPSKey'? [configUnknownRule]
        .pushc.yaml:13:5: error: unknown key 'pointr' in 'suppressions'; did you mean 'pointer'? [configUnknownKey]
        0 files, 0 messages: 9 errors, 0 warnings

        """)
    let json = try PushcProcess.run(
      ["lint", "--format", "json", "a.json"], directory: directory.url)
    #expect(json.status == 78)
    #expect(json.output.contains(#""id": "configUnknownKey""#))
  }

  @Test func aConfigurationThatIsNotYAMLOrNotAFileStopsTheRun() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.writeTree([
      "broken.yaml": "rules: [unclosed\n",
      "list.yaml": "- a\n- b\n",
      "folder/x": "",
      "a.json": Self.payload,
    ])
    let broken = try PushcProcess.run(
      ["lint", "--config", "broken.yaml", "a.json"], directory: directory.url)
    #expect(broken.status == 78, "\(broken)")
    #expect(broken.output.hasPrefix("broken.yaml:2:1: error: "), "\(broken)")
    let list = try PushcProcess.run(
      ["lint", "--config", "list.yaml", "a.json"], directory: directory.url)
    #expect(list.status == 78)
    #expect(
      list.output.hasPrefix(
        "list.yaml:1:1: error: invalid value for the configuration; expected a mapping of settings"
      ))
    let folder = try PushcProcess.run(
      ["lint", "--config", "folder", "a.json"], directory: directory.url)
    #expect(folder.status == 66)
    #expect(folder.error == "pushc: error: cannot read 'folder': is a directory\n")
    let empty = try directory.write("# nothing yet\n", to: "empty.yaml")
    let none = try PushcProcess.run(
      ["lint", "--config", empty, "a.json"], directory: directory.url)
    #expect(none.status == 0, "\(none)")
    #expect(none.output.hasSuffix("1 file, 1 message: 0 errors, 3 warnings\n"))
  }

  @Test func commandLineOptionsWinOverTheFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.writeTree([
      ".pushc.yaml": "bundle-id: com.example.app\nkinds:\n  \"fcm/*.json\": fcm\n",
      "t.json": #"{"aps":{"alert":"hi"}}"# + "\n",
      "fcm/p.json": #"{"aps":{"alert":"hi"}}"# + "\n",
    ])
    let arguments = ["lint", "--topic", "com.other", "--push-type", "alert", "t.json"]
    let fromFile = try PushcProcess.run(arguments, directory: directory.url)
    #expect(fromFile.status == 1)
    #expect(fromFile.output.contains("[apnsTopicBundleMismatch]"))
    let overridden = try PushcProcess.run(
      arguments + ["--bundle-id", "com.other"], directory: directory.url)
    #expect(overridden.status == 0, "\(overridden)")
    #expect(overridden.output == "1 file, 1 message: 0 errors, 0 warnings\n")
    // `kinds` reads the payload as an FCM message, which has no 'aps' field; --kind wins.
    let kinded = try PushcProcess.run(["lint", "fcm/p.json"], directory: directory.url)
    #expect(kinded.status == 1)
    let forced = try PushcProcess.run(
      [
        "lint", "--kind", "apns", "--topic", "com.example.app", "--push-type", "alert",
        "fcm/p.json",
      ],
      directory: directory.url)
    #expect(forced.status == 0, "\(forced)")
  }

  @Test func excludedInputsAreSkippedWithANote() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.writeTree([
      ".pushc.yaml": "include: [\"messages/**\"]\nexclude: [drafts]\n",
      "messages/a.json": Self.payload,
      "messages/drafts/b.json": "{",
      "c.json": "{",
    ])
    let result = try PushcProcess.run(
      ["lint", "messages/a.json", "messages/drafts/b.json", "c.json"], directory: directory.url)
    #expect(result.status == 0, "\(result)")
    #expect(
      result.output == """
        c.json: note: not checked: '.pushc.yaml' excludes it [configExcludedInput]
        messages/a.json:1:1: warning: \(Self.missingPushType)
        messages/a.json:1:1: warning: \(Self.missingTopic)
        messages/a.json:1:9: warning: \(Self.unknownKey)
        messages/a.json:1:10: note: fix-it: rename to 'alert'
        messages/drafts/b.json: note: not checked: '.pushc.yaml' excludes it [configExcludedInput]
        1 file, 1 message: 0 errors, 3 warnings

        """)
  }

  @Test func printConfigShowsTheEffectiveSettingsAndWhereTheyComeFrom() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.writeTree([
      ".pushc.yaml": """
      bundle-id: com.example.app
      exclude: [drafts]
      rules:
        apns-device-token: disabled
      kinds:
        "apns/*.json": apns
      suppressions:
        - path: apns/a.json
          rule: apns-aps
          pointer: /aps
          reason: misspelled on purpose

      """,
      "apns/a.json": Self.payload,
    ])
    let result = try PushcProcess.run(
      ["lint", "--print-config", "--warnings-as-errors", "apns/a.json"], directory: directory.url)
    #expect(result.status == 0, "\(result)")
    #expect(result.error.isEmpty)
    #expect(
      result.output == """
        # pushc lint settings for 'apns/a.json'
        # configuration file: .pushc.yaml
        bundle-id: "com.example.app"  # .pushc.yaml:1:12
        warnings-as-errors: true  # --warnings-as-errors
        include: []
        exclude: ["drafts"]
        templates: []
        rules:
          apns-device-token: disabled  # .pushc.yaml:4:22
        kinds:
          "apns/*.json": apns
        suppressions:
          - {path: "apns/a.json", rule: "apns-aps", pointer: "/aps", reason: "misspelled on purpose"}  # .pushc.yaml:8:5
        # for this file:
        checked: true
        kind: apns  # kinds

        """)
    let folder = try PushcProcess.run(
      ["lint", "--print-config", "--no-config"], directory: directory.url)
    #expect(folder.status == 0)
    #expect(
      folder.output == """
        # pushc lint settings for '.'
        # configuration file: none (--no-config)
        bundle-id: null
        warnings-as-errors: false
        include: []
        exclude: []
        templates: []
        rules: {}
        kinds: {}
        suppressions: []

        """)
    let twoPaths = try PushcProcess.run(
      ["lint", "--print-config", "a", "b"], directory: directory.url)
    #expect(twoPaths.status == 64)
    let noFile = try PushcProcess.run(["lint"], directory: directory.url)
    #expect(noFile.status == 64)
    #expect(
      noFile.error.hasPrefix(
        "pushc: error: missing input file; pass a file, or '-' to read standard input\n"))
  }
}
