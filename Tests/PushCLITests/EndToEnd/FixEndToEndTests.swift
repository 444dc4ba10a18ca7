import Foundation
import Testing

/// `pushc lint --fix`, run with the built binary over temporary trees: the fix-its with edits are
/// applied to the linted file only, and the report is that of the fixed file.
@Suite struct FixEndToEndTests {
  static let json =
    #"{"message":{"token":"abc","notificaton":{"title":"t"},"apns":{"payload":{"aps":{"alertt":"x","sund":"default"}}}}}"#
    + "\n"

  @Test func misspelledJSONKeysAreRenamedAndTheReportIsOfTheFixedFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.writeTree(["m.json": Self.json])
    let before = try PushcProcess.run(["lint", "m.json"], directory: directory.url)
    #expect(before.status == 1)
    #expect(directory.read("m.json") == Self.json, "lint without --fix writes nothing")
    #expect(chmod(directory.path("m.json"), 0o640) == 0)

    let result = try PushcProcess.run(["lint", "--fix", "m.json"], directory: directory.url)
    #expect(result.status == 0, "\(result)")
    #expect(
      result.error == """
        m.json:1:27: note: fixed fcmUnknownField: rename 'notificaton' to 'notification' [cliFixApplied]
        m.json:1:81: note: fixed apnsUnknownAPSKey: rename to 'alert' [cliFixApplied]
        m.json:1:94: note: fixed apnsUnknownAPSKey: rename to 'sound' [cliFixApplied]

        """)
    #expect(
      result.output == """
        m.json:1:90: warning: 'aps.alert' replaces 'notification.title' and 'notification.body' on iOS; they are not delivered to Apple devices [apnsNotificationOverriddenByAlert]
        m.json:1:27: note: 'notification' is written here
        1 file, 1 message: 0 errors, 1 warning

        """)
    #expect(
      directory.read("m.json")
        == #"{"message":{"token":"abc","notification":{"title":"t"},"apns":{"payload":{"aps":{"alert":"x","sound":"default"}}}}}"#
        + "\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: directory.path("m.json"))
    #expect((attributes[.posixPermissions] as? Int) == 0o640)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
      .filter { $0.contains("pushc-fix") }
    #expect(leftovers.isEmpty)

    let again = try PushcProcess.run(["lint", "--fix", "m.json"], directory: directory.url)
    #expect(again.error.isEmpty, "nothing is left to fix")
  }

  @Test func yamlKeysAreRenamedInPlaceKeepingCommentsAndSuppressionsHold() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let yaml = """
      # a notice
      message:
        token: abc
        notification:
          titel: t # the title
        apns:
          payload:
            aps:
              badge: 1
              # pushc-disable apnsUnknownAPSKey the decoder tests need it
              "sond": default

      """
    try directory.writeTree(["m.yaml": yaml, "other.yaml": yaml])
    let result = try PushcProcess.run(["lint", "--fix", "m.yaml"], directory: directory.url)
    #expect(result.status == 0, "\(result)")
    #expect(
      result.error
        == "m.yaml:5:5: note: fixed fcmUnknownField: rename 'titel' to 'title' [cliFixApplied]\n")
    #expect(result.output == "1 file, 1 message: 0 errors, 0 warnings\n")
    #expect(directory.read("m.yaml") == yaml.replacingOccurrences(of: "titel", with: "title"))
    #expect(directory.read("other.yaml") == yaml, "only the linted file is written")
  }

  @Test func aSymbolicLinkKeepsPointingAtTheFixedFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.writeTree(["real/m.json": Self.json])
    try FileManager.default.createSymbolicLink(
      atPath: directory.path("link.json"), withDestinationPath: "real/m.json")
    let result = try PushcProcess.run(["lint", "--fix", "link.json"], directory: directory.url)
    #expect(result.status == 0, "\(result)")
    let destination = try FileManager.default.destinationOfSymbolicLink(
      atPath: directory.path("link.json"))
    #expect(destination == "real/m.json")
    #expect(directory.read("real/m.json")?.contains(#""notification""#) == true)
  }

  @Test func standardInputCannotBeFixed() throws {
    let result = try PushcProcess.run(["lint", "--fix", "-"], input: Array(Self.json.utf8))
    #expect(result.status == 64)
    #expect(
      result.error.hasPrefix(
        "pushc: error: '--fix' cannot fix standard input; name the file instead\n"))
  }
}
