import Foundation
import PushDiagnostics
import PushPayload
import Testing
import _PushPayloadTestSupport

@testable import pushc

/// `pushc decode` run in-process, from the repository root so sample paths are stable.
@Suite struct DecodeCommandTests {
  static var root: String { RepositoryPaths.root.path }

  func run(_ arguments: [String], input: [UInt8]? = nil) -> (ExitCode, ConsoleRecorder) {
    let recorder = ConsoleRecorder(input: input)
    let resolved = arguments.map { $0.hasPrefix("samples/") ? Self.root + "/" + $0 : $0 }
    return (recorder.run(resolved), recorder)
  }

  @Test func decodesASampleAsJSONLikeTheGolden() throws {
    let (code, recorder) = run(["decode", "--format", "json", "samples/decode/admin.apns"])
    #expect(code == .success)
    let golden = try String(
      contentsOf: RepositoryPaths.samples.appendingPathComponent("decode/admin.decoded.json"),
      encoding: .utf8
    )
    // The golden names the file by its bare name; the command by the path given.
    #expect(recorder.outputText == golden)
    #expect(recorder.error.isEmpty)
  }

  @Test func exitsWithOneWhenThePushDoesNotDecode() {
    let (code, recorder) = run(["decode", "samples/decode/notice-string-id.json"])
    #expect(code == .failure)
    #expect(recorder.outputText.hasSuffix("result: does not decode (1 error, 1 warning)\n"))
    #expect(
      recorder.error.contains(
        "error: 'id' arrives as the string '76473', but the app expects an integer [decodeFieldType]"
      ))
  }

  @Test func warningsAsErrorsFailADecodablePush() {
    let (plain, _) = run(["decode", "samples/decode/log-prefix.swift-print.txt"])
    #expect(plain == .success)
    let (strict, _) = run([
      "decode", "--warnings-as-errors", "samples/decode/log-prefix.swift-print.txt",
    ])
    #expect(strict == .failure)
  }

  @Test func readsStandardInputAndForcesAForm() {
    let (code, recorder) = run(["decode", "-"], input: Array(#"{"aps": {"alert": "hi"}}"#.utf8))
    #expect(code == .success)
    #expect(recorder.outputText.contains("body: \"hi\""))
    let (forced, _) = run(
      ["decode", "--form", "property-list", "-"], input: Array(#"{"aps": {}}"#.utf8))
    #expect(forced == .failure)
  }

  @Test func usesAContractFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "decode-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let contract = folder.appendingPathComponent("shop.json")
    try Data(
      #"{"formatVersion": 1, "name": "shop", "discriminator": "kind", "kinds": [{"name": "order", "when": "order", "fields": {"orderId": {"type": "string", "format": "integer", "required": true}}}]}"#
        .utf8
    ).write(to: contract)
    let (code, recorder) = run(
      ["decode", "--contract", contract.path, "-"],
      input: Array(#"{"aps": {}, "kind": "order", "orderId": "12"}"#.utf8)
    )
    #expect(code == .success, "\(recorder.error)")
    #expect(recorder.outputText.contains("orderId: 12"))
    let broken = folder.appendingPathComponent("broken.json")
    try Data(
      #"{"formatVersion": 1, "name": "x", "discriminator": "t", "kinds": [], "kind": 1}"#.utf8
    ).write(to: broken)
    let (brokenCode, brokenRecorder) = run([
      "decode", "--contract", broken.path, "samples/decode/notice.json",
    ])
    #expect(brokenCode == .failure)
    #expect(brokenRecorder.error.contains("[decodeContractUnknownKey]"))
    #expect(brokenRecorder.output.isEmpty)
  }

  @Test func comparesWithAnAPNsPayloadAndAnFCMMessage() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "decode-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let payload = folder.appendingPathComponent("sent.json")
    try Data(
      #"{"aps": {"alert": {"title": "[개강]", "body": "오늘은 개강 일정이 있어요"}, "mutable-content": 1}, "type": "academic", "title": "[개강]", "body": "오늘은 개강 일정이 있어요"}"#
        .utf8
    ).write(to: payload)
    let (same, sameRecorder) = run([
      "decode", "--against", payload.path, "samples/decode/academic.po.txt",
    ])
    #expect(same == .success, "\(sameRecorder.outputText)")
    #expect(sameRecorder.outputText.hasSuffix("0 differences, 4 keys added by FCM\n"))
    let message = folder.appendingPathComponent("sent.fcm.json")
    try Data(
      #"{"message": {"topic": "academicEvent", "notification": {"title": "[개강]", "body": "다른 내용"}, "data": {"type": "academic", "title": "[개강]", "body": "오늘은 개강 일정이 있어요"}}}"#
        .utf8
    ).write(to: message)
    let (different, recorder) = run([
      "decode", "--format", "json", "--against", message.path, "samples/decode/academic.json",
    ])
    #expect(different == .failure)
    #expect(recorder.outputText.contains(#""pointer": "/aps/alert/body""#))
    #expect(recorder.outputText.contains(#""change": "changed-value""#))
  }

  @Test func rejectsContractWithAgainst() {
    let (code, recorder) = run(["decode", "--contract", "a", "--against", "b", "c"])
    #expect(code == .usage)
    #expect(recorder.error.contains("'--contract' and '--against' cannot be used together"))
  }

  @Test func reportsAnUnreadableCapture() {
    let (code, recorder) = run(["decode", "/nonexistent/capture.json"])
    #expect(code == .cannotRead)
    #expect(
      recorder.error
        == "pushc: error: cannot read '/nonexistent/capture.json': no such file or directory\n")
  }
}
