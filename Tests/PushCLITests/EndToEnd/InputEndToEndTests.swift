import Foundation
import Testing

/// The input side of `pushc` run as a CI job would run it, over temporary trees: what an input
/// is, which files a directory holds, standard input, unreadable inputs and `fmt --write`.
/// Each test compares standard output, standard error and the exit code.
@Suite struct InputEndToEndTests {
  /// The note and fix-it lines of `inputUnknownKind` for the input `name`.
  static func unknownKindTail(_ name: String) -> String {
    """
    \(name): note: pushc expects an FCM message ('message', or a field such as 'token', 'topic', 'condition', 'notification' or 'data'), an APNs payload ('aps'), an APNs request document ('payload', 'headers' or 'device_token') or a Simulator file ('Simulator Target Bundle')
    \(name): note: fix-it: to read it as one kind anyway (a VoIP or MDM payload without 'aps', say), pass --kind fcm, apns, apns-request or simctl

    """
  }

  // MARK: - What an input is (bug 1)

  /// A workflow file, `{"name": "x"}` and `{}` are not payloads: each is an error that says what
  /// pushc expected and how to choose a kind, and lint fails.
  @Test func documentsOfNoKindFailTheRun() throws {
    let tree = try TemporaryDirectory()
    defer { tree.remove() }
    try tree.write(
      "name: CI\non: [push]\njobs:\n  lint:\n    runs-on: ubuntu-latest\n", to: "ci.yml")
    try tree.write(#"{"name": "x"}"# + "\n", to: "name.json")
    try tree.write("{}\n", to: "empty.json")
    let result = try PushcProcess.run(
      ["lint", "ci.yml", "name.json", "empty.json"], directory: tree.url)
    let expected =
      "ci.yml:1:1: error: this is not an FCM message, an APNs payload, an APNs request document or a Simulator file: it is a dictionary with the keys 'name', 'on' and 'jobs' [inputUnknownKind]\n"
      + Self.unknownKindTail("ci.yml")
      + "empty.json:1:1: error: this is not an FCM message, an APNs payload, an APNs request document or a Simulator file: it is an empty dictionary [inputUnknownKind]\n"
      + Self.unknownKindTail("empty.json")
      + "name.json:1:1: error: this is not an FCM message, an APNs payload, an APNs request document or a Simulator file: it is a dictionary with the key 'name' [inputUnknownKind]\n"
      + Self.unknownKindTail("name.json")
      + "3 files, 0 messages: 3 errors, 0 warnings\n"
    #expect(result.output == expected)
    #expect(result.error == "")
    #expect(result.status == 1)
  }

  /// `--kind` reads any document as that kind: an empty FCM message has no target, and a payload
  /// without `aps` is reported as such unless its push type does without one.
  @Test func givenKindReadsTheDocumentAsThatKind() throws {
    let tree = try TemporaryDirectory()
    defer { tree.remove() }
    try tree.write("{}\n", to: "empty.json")
    try tree.write(#"{"caller": "Ann"}"# + "\n", to: "call.json")
    let fcm = try PushcProcess.run(["lint", "--kind", "fcm", "empty.json"], directory: tree.url)
    #expect(
      fcm.output == """
        empty.json:1:1: error: the message has no target; exactly one of 'token', 'fid', 'topic' or 'condition' must be specified [fcmMissingTarget]
        1 file, 1 message: 1 error, 0 warnings

        """)
    #expect(fcm.error == "")
    #expect(fcm.status == 1)

    let alert = try PushcProcess.run(
      [
        "lint", "--kind", "apns", "--push-type", "alert", "--topic", "com.example.app", "call.json",
      ],
      directory: tree.url)
    #expect(
      alert.output == """
        call.json:1:1: error: the payload has no 'aps' dictionary, so this 'alert' push does nothing; Apple's keys (alert, badge, sound, content-available, …) go in 'aps' [apnsMissingAPS]
        1 file, 1 message: 1 error, 0 warnings

        """)
    #expect(alert.error == "")
    #expect(alert.status == 1)

    let voip = try PushcProcess.run(
      [
        "lint", "--kind", "apns", "--push-type", "voip", "--topic", "com.example.app.voip",
        "call.json",
      ],
      directory: tree.url)
    #expect(voip.output == "1 file, 1 message: 0 errors, 0 warnings\n")
    #expect(voip.error == "")
    #expect(voip.status == 0)
  }

  /// The first line of an NDJSON input decides its kind, read whole or in parts: a first line
  /// of no kind is one error, and the lines after it are not used.
  @Test(arguments: [[], ["--part-size", "1"]])
  func ndjsonOfNoKindIsOneError(partOptions: [String]) throws {
    let tree = try TemporaryDirectory()
    defer { tree.remove() }
    try tree.write(
      #"{"name": 1}"# + "\n" + #"{"token": "t", "notification": {"title": "a"}}"# + "\n",
      to: "two.ndjson")
    let result = try PushcProcess.run(["lint"] + partOptions + ["two.ndjson"], directory: tree.url)
    #expect(
      result.output
        == "two.ndjson:1:1: error: this is not an FCM message, an APNs payload, an APNs request document or a Simulator file: it is a dictionary with the key 'name' [inputUnknownKind]\n"
        + Self.unknownKindTail("two.ndjson") + "1 file, 0 messages: 1 error, 0 warnings\n")
    #expect(result.error == "")
    #expect(result.status == 1)
  }

  // MARK: - Folders (bug 2)

  /// A tree of message files with what a walk leaves out: other extensions, hidden folders and
  /// files, `.build`, `node_modules`, a symbolic link loop and a link that leads nowhere.
  static func messageTree() throws -> TemporaryDirectory {
    let tree = try TemporaryDirectory()
    let message = #"{"token": "t", "notification": {"title": "Hi"}}"# + "\n"
    for name in [
      "msgs/b.json", "msgs/a.yaml", "msgs/sub/c.ndjson", "msgs/sub/d.yml", "msgs/skip/e.json",
      "msgs/.hidden/f.json", "msgs/.g.json", "msgs/node_modules/h.json", "msgs/.build/i.json",
    ] {
      let url = tree.url.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try tree.write(message, to: name)
    }
    try tree.write("not a message\n", to: "msgs/notes.txt")
    try FileManager.default.createSymbolicLink(
      atPath: tree.path("msgs/sub/loop"), withDestinationPath: "..")
    try FileManager.default.createSymbolicLink(
      atPath: tree.path("msgs/sub/gone.json"), withDestinationPath: "nowhere.json")
    return tree
  }

  /// `lint` walks a folder for the default extensions, leaves out what it should, reports the
  /// loop and the dangling link with their paths (exit 66), and ends with its summary.
  @Test func lintWalksAFolder() throws {
    let tree = try Self.messageTree()
    defer { tree.remove() }
    let result = try PushcProcess.run(
      ["lint", "--now", "0", "--exclude", "skip", "msgs"], directory: tree.url)
    #expect(
      result.output == """
        msgs/sub/gone.json: error: cannot read 'msgs/sub/gone.json': no such file or directory [cliCannotReadFile]
        msgs/sub/loop: error: cannot read 'msgs/sub/loop': it is a symbolic link loop: it leads back to 'msgs' [cliCannotReadFile]
        6 files, 4 messages: 2 errors, 0 warnings

        """)
    #expect(result.error == "")
    #expect(result.status == 66)

    let included = try PushcProcess.run(
      [
        "lint", "--now", "0", "--include", "*.yaml", "--include", "sub/*.yml", "--exclude",
        "loop", "msgs/",
      ],
      directory: tree.url)
    #expect(included.output == "2 files, 2 messages: 0 errors, 0 warnings\n")
    #expect(included.error == "")
    #expect(included.status == 0)
  }

  /// `fmt --check` over folders lists the files in sorted order; the current folder's files
  /// are named without `./`.
  @Test func fmtCheckWalksFoldersInSortedOrder() throws {
    let tree = try TemporaryDirectory()
    defer { tree.remove() }
    try FileManager.default.createDirectory(
      at: tree.url.appendingPathComponent("m"), withIntermediateDirectories: true)
    try tree.write("{\n  \"a\": 1\n}\n", to: "a.json")
    try tree.write(#"{"z": 1}"#, to: "z.json")
    try tree.write(#"{"b": 1}"#, to: "m/b.json")
    let result = try PushcProcess.run(["fmt", "--check", "."], directory: tree.url)
    #expect(result.output == "")
    #expect(result.error == "m/b.json: not in canonical form\nz.json: not in canonical form\n")
    #expect(result.status == 1)
  }

  /// A folder with nothing to read is an unreadable input, not a silent success.
  @Test func folderWithoutInputsIsAnError() throws {
    let tree = try TemporaryDirectory()
    defer { tree.remove() }
    try FileManager.default.createDirectory(
      at: tree.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
    try tree.write("x\n", to: "empty/notes.txt")
    let result = try PushcProcess.run(["fmt", "--check", "empty"], directory: tree.url)
    #expect(result.output == "")
    #expect(
      result.error
        == "pushc: error: cannot read 'empty': it holds no file to read (*.json, *.yaml, *.yml, "
        + "*.apns, *.ndjson)\n")
    #expect(result.status == 66)
  }

  /// `-` with `--assume-filename`: the name chooses the format and appears in diagnostics.
  @Test func standardInputTakesTheAssumedName() throws {
    let yaml = Array("token: t\nnotification:\n  title: Hi\n  bogus: 1\n".utf8)
    let result = try PushcProcess.run(
      ["lint", "--now", "0", "--assume-filename", "ci/notice.yaml", "-"], input: yaml)
    #expect(
      result.output.hasPrefix("ci/notice.yaml:4:3: error: unknown field 'bogus'"),
      "\(result)")
    #expect(result.output.hasSuffix("1 file, 1 message: 1 error, 0 warnings\n"))
    #expect(result.status == 1)
    let alone = try PushcProcess.run(["lint", "--assume-filename", "x.json", "a.json"])
    #expect(alone.status == 64)
    #expect(
      alone.error.hasPrefix(
        "pushc: error: '--assume-filename' names standard input; pass '-' as an input too\n"))
  }

  // MARK: - NDJSON on standard input (bug 5)

  static let twoMessages =
    #"{"token": "a", "notification": {"title": "x"}}"# + "\n"
    + #"{"token": "b", "notification": {"title": "y"}}"# + "\n"

  /// NDJSON on standard input is read as NDJSON: every line is a message.
  @Test func ndjsonOnStandardInputIsDetected() throws {
    let lint = try PushcProcess.run(
      ["lint", "--now", "0", "-"], input: Array(Self.twoMessages.utf8))
    #expect(lint.output == "1 file, 2 messages: 0 errors, 0 warnings\n")
    #expect(lint.error == "")
    #expect(lint.status == 0)
    let fmt = try PushcProcess.run(["fmt", "-"], input: Array(Self.twoMessages.utf8))
    #expect(
      fmt.output
        == #"{"token":"a","notification":{"title":"x"}}"# + "\n"
        + #"{"token":"b","notification":{"title":"y"}}"# + "\n")
    #expect(fmt.error == "")
    #expect(fmt.status == 0)
  }

  /// A `.json` file (or standard input named so) holds one document: a second one is an error
  /// that suggests NDJSON.
  @Test func trailingDocumentInAJSONFileSuggestsNDJSON() throws {
    let tree = try TemporaryDirectory()
    defer { tree.remove() }
    try tree.write(Self.twoMessages, to: "two.json")
    let result = try PushcProcess.run(["lint", "--now", "0", "two.json"], directory: tree.url)
    #expect(
      result.output == """
        two.json:2:1: error: unexpected content after the JSON value [jsonTrailingContent]
        two.json: note: fix-it: this looks like another JSON document; to read one document per line, name the file .ndjson or pass --input-format ndjson
        1 file, 1 message: 1 error, 0 warnings

        """)
    #expect(result.error == "")
    #expect(result.status == 1)
    let named = try PushcProcess.run(
      ["fmt", "--assume-filename", "two.json", "-"], input: Array(Self.twoMessages.utf8))
    #expect(
      named.error == """
        two.json:2:1: error: unexpected content after the JSON value [jsonTrailingContent]
        two.json: note: fix-it: this looks like another JSON document; to read one document per line, name the file .ndjson or pass --input-format ndjson

        """)
    #expect(named.output == "")
    #expect(named.status == 1)
  }

  // MARK: - Unreadable inputs in every report format (bug 7)

  /// `lint` lists an unreadable input in its report, counts it as a file with an error, and
  /// exits with 66, whatever the format; standard error stays empty.
  @Test(arguments: ["text", "annotated", "json"])
  func unreadableInputIsPartOfTheReport(format: String) throws {
    let tree = try TemporaryDirectory()
    defer { tree.remove() }
    try tree.write(#"{"token": "t", "notification": {"title": "Hi"}}"# + "\n", to: "ok.json")
    let result = try PushcProcess.run(
      ["lint", "--now", "0", "--format", format, "nope.json", "ok.json"], directory: tree.url)
    let line =
      "nope.json: error: cannot read 'nope.json': no such file or directory [cliCannotReadFile]\n"
    let summary = "2 files, 1 message: 1 error, 0 warnings\n"
    switch format {
    case "text": #expect(result.output == line + summary)
    case "annotated": #expect(result.output == line + "\n" + summary)
    default:
      #expect(
        result.output == """
          {
            "version": 2,
            "columnUnit": "unicodeScalars",
            "diagnostics": [
              {
                "id": "cliCannotReadFile",
                "severity": "error",
                "message": "cannot read 'nope.json': no such file or directory",
                "file": "nope.json",
                "line": null,
                "column": null,
                "endLine": null,
                "endColumn": null,
                "offset": null,
                "endOffset": null,
                "pointer": null,
                "notes": [],
                "fixIts": []
              }
            ],
            "summary": {
              "files": 2,
              "messages": 1,
              "errors": 1,
              "warnings": 0
            }
          }

          """)
    }
    #expect(result.error == "")
    #expect(result.status == 66)
  }

  // MARK: - fmt --write (bug 3)

  /// With `notice.json` and `notice.yaml` side by side, `fmt --write` never replaces the
  /// hand-written JSON with the YAML's: it refuses with an error (exit 73) and leaves it alone.
  @Test func fmtWriteNeverReplacesAnotherFile() throws {
    let tree = try TemporaryDirectory()
    defer { tree.remove() }
    let handWritten = "{\n  \"token\": \"hand-written\"\n}\n"
    try tree.write(handWritten, to: "notice.json")
    try tree.write("token: from-yaml\n", to: "notice.yaml")
    let result = try PushcProcess.run(
      ["fmt", "--write", "notice.json", "notice.yaml"], directory: tree.url)
    #expect(result.output == "")
    #expect(
      result.error
        == "pushc: error: cannot write 'notice.json': it exists and is not the canonical JSON of "
        + "'notice.yaml'; fmt --write never replaces a file other than the one it formats (move "
        + "it away, or print the JSON with 'pushc fmt notice.yaml')\n")
    #expect(result.status == 73)
    #expect(tree.read("notice.json") == handWritten)
    // The same over the folder, and nothing is left behind.
    let folder = try PushcProcess.run(["fmt", "--write", "."], directory: tree.url)
    #expect(folder.status == 73)
    #expect(tree.read("notice.json") == handWritten)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: tree.url.path).sorted()
        == ["notice.json", "notice.yaml"])
  }

  /// A rewrite replaces the file atomically, through a symbolic link, keeping its permissions.
  @Test func fmtWriteReplacesAtomicallyKeepingLinksAndPermissions() throws {
    let tree = try TemporaryDirectory()
    defer { tree.remove() }
    let path = try tree.write(#"{"a":1}"#, to: "x.json")
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
    try FileManager.default.createSymbolicLink(
      atPath: tree.path("link.json"), withDestinationPath: "x.json")
    let result = try PushcProcess.run(["fmt", "--write", "link.json"], directory: tree.url)
    #expect(result.output == "")
    #expect(result.error == "")
    #expect(result.status == 0)
    #expect(tree.read("x.json") == "{\n  \"a\": 1\n}\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: tree.path("link.json"))
        == "x.json")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: tree.url.path).sorted()
        == ["link.json", "x.json"])
  }
}
