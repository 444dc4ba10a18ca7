import Foundation
import PushJSON
import Testing
import _PushPayloadTestSupport

/// End-to-end runs of `lint`, `compile`, `explain` and `fit` that check behaviour the goldens
/// do not: exit codes, the exact payload bytes, option handling and raw APNs input.
@Suite struct CompileEndToEndTests {
  static let message = Array(
    #"{"message": {"token": "t", "notification": {"title": "공지", "body": "it's here"}, "data": {"id": "7"}}}"#
      .utf8
  )
  static let fixed = ["--now", "1700000000"]

  @Test func apnsPayloadTargetPrintsExactlyTheBody() throws {
    let result = try PushcProcess.run(
      ["compile", "--target", "apns-payload"] + Self.fixed + ["-"], input: Self.message)
    #expect(result.status == 0, "\(result)")
    #expect(result.output == #"{"aps":{"alert":{"title":"공지","body":"it's here"}},"id":"7"}"#)
  }

  @Test func curlTargetQuotesThePayload() throws {
    let result = try PushcProcess.run(
      [
        "compile", "--target", "curl", "--bundle-id", "com.example", "--device-token",
        String(repeating: "ab", count: 32), "--environment", "production",
      ]
        + Self.fixed + ["-"],
      input: Self.message
    )
    #expect(result.status == 0, "\(result)")
    #expect(
      result.output.contains(
        #"--data-binary '{"aps":{"alert":{"title":"공지","body":"it'\''s here"}},"id":"7"}'"#))
    #expect(result.output.contains("--header 'apns-topic: com.example'"))
    #expect(result.output.contains("https://api.push.apple.com/3/device/abab"))
  }

  @Test func simctlTargetNeedsABundleID() throws {
    let without = try PushcProcess.run(
      ["compile", "--target", "simctl"] + Self.fixed + ["-"], input: Self.message)
    #expect(without.status == 1)
    #expect(without.output.isEmpty)
    #expect(without.error.contains("[cliSimulatorNeedsBundleID]"))
    let with = try PushcProcess.run(
      ["compile", "--target", "simctl", "--bundle-id", "com.example"] + Self.fixed + ["-"],
      input: Self.message)
    #expect(with.status == 0)
    #expect(with.output.contains(#""Simulator Target Bundle": "com.example""#))
  }

  @Test func fcmTargetOnRawAPNsInputIsAnError() throws {
    let result = try PushcProcess.run(
      ["compile", "--target", "fcm", "--kind", "apns", "-"],
      input: Array(#"{"aps": {"alert": "hi"}}"#.utf8))
    #expect(result.status == 1)
    #expect(result.error.contains("[cliTargetNeedsFCM]"))
  }

  @Test func messagesWithErrorsPrintNothing() throws {
    let result = try PushcProcess.run(
      ["compile"] + Self.fixed + ["-"],
      input: Array(#"{"topic": "a", "token": "b", "data": {"n": 1}}"#.utf8))
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    #expect(result.error.contains("error:"))
  }

  @Test func oversizedPayloadNamesTheLargestContributors() throws {
    let big = String(repeating: "x", count: 5000)
    let input = Array(
      #"{"token": "t", "notification": {"title": "t"}, "data": {"blob": "\#(big)"}}"#.utf8)
    let result = try PushcProcess.run(["compile"] + Self.fixed + ["-"], input: input)
    #expect(result.status == 1)
    #expect(result.error.contains("[apnsPayloadTooLarge]"))
    #expect(result.error.contains("blob"))
  }

  @Test func lintOfRawAPNsPayloadWithHeaderOptions() throws {
    let payload = Array(#"{"aps": {"content-available": 1}}"#.utf8)
    let good = try PushcProcess.run(
      ["lint", "--push-type", "background", "--priority", "5", "--topic", "com.example", "-"],
      input: payload)
    #expect(good.status == 0, "\(good)")
    #expect(good.output.hasSuffix("1 file, 1 message: 0 errors, 0 warnings\n"))
    let bad = try PushcProcess.run(
      [
        "lint", "-H", "apns-push-type: background", "-H", "apns-priority: 10", "--topic",
        "com.example", "-",
      ], input: payload)
    #expect(bad.status == 1, "\(bad)")
  }

  @Test func lintJSONHasASummaryAndAPNsReasons() throws {
    let big = String(repeating: "x", count: 5000)
    let input = Array(#"{"aps": {"alert": "\#(big)"}}"#.utf8)
    let result = try PushcProcess.run(
      ["lint", "--format", "json", "--push-type", "alert", "--topic", "a.b", "-"], input: input)
    #expect(result.status == 1)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.outputBytes)) as? [String: Any])
    #expect(document["version"] as? Int == 2)
    let summary = try #require(document["summary"] as? [String: Int])
    #expect(summary == ["files": 1, "messages": 1, "errors": 1, "warnings": 0])
    let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
    let tooLarge = try #require(diagnostics.first { $0["id"] as? String == "apnsPayloadTooLarge" })
    #expect(tooLarge["apns_reason"] as? String == "PayloadTooLarge")
  }

  @Test func explainNamesEveryOrigin() throws {
    let result = try PushcProcess.run(
      ["explain", "--bundle-id", "com.example"] + Self.fixed + ["-"], input: Self.message)
    #expect(result.status == 0, "\(result)")
    for expected in [
      "apns-push-type", "inferred:", "apns-expiration  1702592000", "default:",
      "from notification.title at /message/notification/title (<stdin>:1:",
      "input /message/data/id",
    ] {
      #expect(result.output.contains(expected), "missing \(expected) in \(result.output)")
    }
  }

  @Test func fitHonoursMaxBytesAndReportsTheCut() throws {
    let body = String(repeating: "가나다라 ", count: 300)
    let input = Array(#"{"token": "t", "notification": {"title": "t", "body": "\#(body)"}}"#.utf8)
    let result = try PushcProcess.run(
      ["fit", "--target", "apns-payload", "--max-bytes", "1000", "--policy", "truncate-word"]
        + Self.fixed + ["-"], input: input)
    #expect(result.status == 0, "\(result)")
    #expect(result.outputBytes.count <= 1000)
    #expect(result.outputBytes.count > 980)
    #expect(result.output.contains("가나다라…"))
    #expect(result.error.contains("[cliFitShortened]"))
    #expect(result.error.contains("/notification/body"))
  }

  @Test func fitWritesTheShortenedBodyBackIntoTheFCMRequest() throws {
    let body = String(repeating: "y", count: 5000)
    let input = Array(
      #"{"message": {"token": "t", "notification": {"title": "t", "body": "\#(body)"}}}"#.utf8)
    let result = try PushcProcess.run(
      ["fit", "--target", "fcm"] + Self.fixed + ["-"], input: input)
    #expect(result.status == 0, "\(result)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.outputBytes)) as? [String: Any])
    let message = try #require(document["message"] as? [String: Any])
    let notification = try #require(message["notification"] as? [String: String])
    #expect(notification["body"]?.hasSuffix("…") == true)
    #expect((notification["body"]?.utf8.count ?? 0) < 4096)
  }

  @Test func fitShortensAnAPNsPayloadBodyInPlace() throws {
    let result = try PushcProcess.run(
      ["fit", "--target", "fcm"] + Self.fixed + ["samples/fit/long-apns-body.fcm.json"])
    #expect(result.status == 0, "\(result)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.outputBytes)) as? [String: Any])
    let message = try #require(document["message"] as? [String: Any])
    let apns = try #require(message["apns"] as? [String: Any])
    let payload = try #require(apns["payload"] as? [String: Any])
    let aps = try #require(payload["aps"] as? [String: Any])
    let alert = try #require(aps["alert"] as? [String: String])
    #expect(alert["title"] == "Weekly digest")
    #expect(alert["body"]?.hasSuffix("…") == true)
    #expect(result.error.contains("(from '/message/apns/payload/aps/alert/body')"))
  }

  @Test func fitFailsClearlyWhenNothingCanFit() throws {
    let blob = String(repeating: "z", count: 5000)
    let input = Array(
      #"{"token": "t", "notification": {"title": "t", "body": "b"}, "data": {"blob": "\#(blob)"}}"#
        .utf8)
    let result = try PushcProcess.run(["fit"] + Self.fixed + ["-"], input: input)
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    #expect(result.error.contains("[apnsFitImpossible]"))
  }
}
