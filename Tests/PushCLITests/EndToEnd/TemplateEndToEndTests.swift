import Foundation
import Testing

/// FCM message templates without a target (Azure Notification Hubs, Amazon SNS): `--template`
/// and the config file's `templates` globs skip only the missing-target rule.
@Suite struct TemplateEndToEndTests {
  static let template = #"{"message": {"notification": {"title": "Hi {name}"}}}"# + "\n"
  static let badTopic = #"{"message": {"topic": "a b", "notification": {"title": "x"}}}"# + "\n"

  @Test func templateSkipsOnlyTheMissingTarget() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.writeTree(["t.json": Self.template, "bad.json": Self.badTopic])
    let plain = try PushcProcess.run(["lint", "t.json"], directory: directory.url)
    #expect(plain.status == 1)
    #expect(plain.output.contains("[fcmMissingTarget]"))
    let template = try PushcProcess.run(["lint", "--template", "t.json"], directory: directory.url)
    #expect(template.status == 0, "\(template)")
    #expect(template.output == "1 file, 1 message: 0 errors, 0 warnings\n")
    // A target that is given is still checked.
    let bad = try PushcProcess.run(["lint", "--template", "bad.json"], directory: directory.url)
    #expect(bad.status == 1)
    #expect(bad.output.contains("[fcmInvalidTopicName]"))
  }

  @Test func theConfigurationNamesTemplatesByGlob() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.writeTree([
      ".git/HEAD": "ref: refs/heads/main\n",
      ".pushc.yaml": "templates: [\"sns/**\"]\n",
      "sns/welcome.json": Self.template,
      "direct.json": Self.template,
    ])
    let result = try PushcProcess.run(
      ["lint", "sns/welcome.json", "direct.json"], directory: directory.url)
    #expect(result.status == 1)
    #expect(!result.output.contains("sns/welcome.json"))
    #expect(result.output.contains("direct.json:1:13: error:"))
    #expect(result.output.contains("[fcmMissingTarget]"))
  }
}
