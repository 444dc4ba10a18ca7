import PushDiagnostics
import PushJSON

@testable import PushServer

/// What the `serve-*` harnesses share: a server's request handling without its sockets, as
/// `pushc serve --fcm-auth none --rules FILE` sets it up, with rules that name an iOS device, an
/// unregistered token, faults and a topic, so that the APNs side, the FCM side (its checks, the
/// lowering to an APNs request, faults, topics) and the control API are all reachable.
enum ServeFuzzSupport {
  /// The rules every harness runs with, read once (`pushc serve --rules FILE`).
  static let rules: RulesDocument = {
    let text = """
      {"apns": {"devices": {"\(String(repeating: "0", count: 61))410":
          {"unregistered_since": "2026-11-30T12:00:00Z"}},
        "faults": [{"match": {"token": "\(String(repeating: "0", count: 61))503"},
          "status": 503, "reason": "ServiceUnavailable", "times": 2},
          {"match": {"topic": "com.example.throttled"}, "reason": "TooManyRequests",
          "probability": 0.25}],
        "seed": 42, "goaway_after_streams": 50},
       "tokens": {"ios-token-1": {"platform": "ios", "apns_token": "\(String(repeating: "ab", count: 32))",
          "bundle_id": "kr.ac.konkuk.kuring"},
        "android-token-1": {"platform": "android"}, "gone-token": {"unregistered": true},
        "leaving-token": {"platform": "web", "unregistered_after": 1}},
       "fcm": {"faults": [{"match": {"token": "android-token-1"}, "error": "UNAVAILABLE",
          "times": 1, "retry_after_s": 1}]}}
      """
    let document = RulesDocument(
      JSONReader.read(SourceFile(name: "rules.json", bytes: Array(text.utf8))))
    FuzzSupport.require(
      document.isValid, "the harness's rules have errors: \(document.diagnostics)")
    return document
  }()

  /// OpenSSL and nghttp2, opened once, as making a `PushServer` opens them: the harnesses make
  /// its connections without one.
  static let librariesLoaded: Void = {
    do {
      try ServerLibraries.load()
    } catch {
      FuzzSupport.require(false, "the server libraries could not be loaded: \(error)")
    }
  }()

  /// A fresh router with ``rules`` in force and an in-memory record, so that no state carries
  /// from one input to the next.
  static func router() -> RequestRouter {
    librariesLoaded
    let apnsRules = ActiveRules(rules.rules)
    let apns = APNSEndpoint(isDevelopment: false, tokenCheck: ProviderTokenCheck(keys: []))
    let fcm = FCMEndpoint(
      authority: nil, state: FCMState(rules: rules.fcmRules),
      forwarder: FCMAPNSForwarder(apns: apns, rules: apnsRules, key: nil))
    do {
      // Without a record file there is nothing to open, so this does not throw.
      let recorder = try RequestRecorder(capacity: 64, path: nil)
      return RequestRouter(recorder: recorder, apns: apns, fcm: fcm, rules: apnsRules)
    } catch {
      fatalError("an in-memory recorder could not be made: \(error)")
    }
  }

  /// Feeds `bytes` to `handler` in two reads (split in the middle, so that a request that
  /// arrives in pieces is parsed too), releases every response held back by latency, and
  /// returns everything the handler wrote.
  static func exchange(_ bytes: [UInt8], with handler: some ProtocolHandler) -> [UInt8] {
    let middle = bytes.count / 2
    var output: [UInt8] = []
    for part in [bytes[..<middle], bytes[middle...]] {
      let keepsOpen = part.withUnsafeBytes { handler.receive($0) }
      _ = handler.takeOutput(into: &output)
      if !keepsOpen { return output }
    }
    handler.fireDeferred(now: .greatestFiniteMagnitude)
    handler.beginShutdown()
    _ = handler.takeOutput(into: &output)
    return output
  }
}
