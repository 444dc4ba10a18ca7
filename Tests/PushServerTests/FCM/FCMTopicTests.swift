import Foundation
import PushServer
import Testing
import _PushPayloadTestSupport

/// Topic subscriptions through both APIs the Admin SDKs call, and topic messages fanning out
/// to the subscribers in the record; scripted faults and unregistered tokens.
@Suite struct FCMTopicTests {
  static let configuration = PushServer.Configuration(
    tls: .disabled,
    fcm: .init(
      authentication: .none,
      rules: FCMRules(
        tokens: [
          "ios-1": .init(
            platform: .ios, apnsToken: String(repeating: "ab", count: 32),
            bundleID: "com.example.app"),
          "web-1": .init(platform: .web),
          "gone": .init(isUnregistered: true),
          "twice": .init(unregisteredAfter: 2),
        ],
        faults: [.init(topic: "busy", error: .quotaExceeded, times: 1, retryAfterSeconds: 7)]),
      forwardsToAPNs: true))

  static func post(_ server: PushServer, _ path: String, _ body: String, method: String? = nil)
    throws -> CurlClient.Response
  {
    try CurlClient.send(
      "http://127.0.0.1:\(server.port)\(path)", method: method,
      headers: ["content-type: application/json"], body: Array(body.utf8), options: [])
  }

  @Test func instanceIDBatchAddAndRemoveAnswerPerToken() throws {
    try withServer(Self.configuration) { server in
      let added = try Self.post(
        server, "/iid/v1:batchAdd",
        #"{"to":"/topics/news","registration_tokens":["ios-1","web-1","gone"]}"#)
      #expect(added.status == 200)
      #expect(added.body == #"{"results":[{},{},{"error":"NOT_FOUND"}]}"#)
      #expect(server.topicSubscriptions.map(\.topic) == ["news"])
      #expect(server.topicSubscriptions.first?.tokens == ["ios-1", "web-1"])
      let removed = try Self.post(
        server, "/iid/v1:batchRemove", #"{"to":"news","registration_tokens":["web-1"]}"#)
      #expect(removed.body == #"{"results":[{}]}"#)
      #expect(server.topicSubscriptions.first?.tokens == ["ios-1"])
      let malformed = try Self.post(server, "/iid/v1:batchAdd", #"{"to":"news"}"#)
      #expect(malformed.status == 400)
      #expect(malformed.body == #"{"error":"INVALID_ARGUMENT"}"#)
    }
  }

  @Test func registrationsAPISubscribesAndUnsubscribes() throws {
    try withServer(Self.configuration) { server in
      let base = "/v1/projects/p/registrations/ios-1/topicSubscriptions"
      #expect(try Self.post(server, base + "?topic_name=a%25b", "{}").status == 200)
      #expect(server.topicSubscriptions.first?.topic == "a%b")
      let gone = try Self.post(
        server, "/v1/projects/p/registrations/gone/topicSubscriptions?topic_name=x", "{}")
      #expect(gone.status == 404)
      #expect(gone.body.contains(#""errorCode":"UNREGISTERED""#))
      let deleted = try CurlClient.send(
        "http://127.0.0.1:\(server.port)\(base)/a%25b?allow_missing=true", method: "DELETE",
        options: [])
      #expect(deleted.status == 200)
      #expect(server.topicSubscriptions.isEmpty)
    }
  }

  @Test func topicMessageFansOutAndIsForwardedToTheAPNsSide() throws {
    try withServer(Self.configuration) { server in
      _ = try Self.post(
        server, "/iid/v1:batchAdd", #"{"to":"news","registration_tokens":["ios-1","web-1"]}"#)
      let sent = try Self.post(
        server, "/v1/projects/p/messages:send",
        #"{"message":{"topic":"news","notification":{"title":"Hi"}}}"#)
      #expect(sent.status == 200)
      let requests = server.requests
      let message = try #require(requests.first { $0.fcm?.target?.field == "topic" })
      #expect(message.fcm?.deliveries.map(\.token) == ["ios-1", "web-1"])
      #expect(message.fcm?.deliveries.first?.forwardedStatus == 200)
      #expect(message.fcm?.deliveries.last?.apnsRequest == nil, "a web token gets no APNs request")
      let forwarded = try #require(requests.last)
      #expect(forwarded.path == "/3/device/" + String(repeating: "ab", count: 32))
      #expect(forwarded.connectionID == 0)
      #expect(forwarded.status == 200)
      #expect(forwarded.header("apns-topic") == "com.example.app")
      #expect(forwarded.header("authorization")?.hasPrefix("bearer ") == true)
    }
  }

  @Test func forwardedRequestsMeetTheAPNsRules() throws {
    var configuration = Self.configuration
    let device = String(repeating: "ab", count: 32)
    configuration.rules.apns.devices[device] = ServerRules.Device(
      unregisteredSince: Date().timeIntervalSince1970 - 60)
    try withServer(configuration) { server in
      let sent = try Self.post(
        server, "/v1/projects/p/messages:send",
        #"{"message":{"token":"ios-1","notification":{"title":"Hi"}}}"#)
      // FCM accepted the message; Apple's side answers the forwarded request as the rules say.
      #expect(sent.status == 200)
      let forwarded = try #require(server.requests.last)
      #expect(forwarded.connectionID == 0)
      #expect(forwarded.status == 410)
      #expect(forwarded.reason == "Unregistered")
      #expect(forwarded.rule == "/apns/devices/\(device)")
      let message = try #require(server.requests.first { $0.fcm != nil })
      #expect(message.fcm?.deliveries.first?.forwardedStatus == 410)
    }
  }

  @Test func faultsAndUnregisteredTokensAnswerFCMErrors() throws {
    try withServer(Self.configuration) { server in
      let send = { (target: String) throws -> CurlClient.Response in
        try Self.post(
          server, "/v1/projects/p/messages:send",
          #"{"message":{\#(target),"notification":{"title":"Hi"}}}"#)
      }
      let busy = try send(#""topic":"busy""#)
      #expect(busy.status == 429)
      #expect(busy.header("retry-after") == "7")
      #expect(busy.body.contains(#""status":"RESOURCE_EXHAUSTED""#))
      #expect(busy.body.contains("google.rpc.QuotaFailure"))
      #expect(try send(#""topic":"busy""#).status == 200, "times: 1")
      #expect(try send(#""token":"gone""#).status == 404)
      #expect(try send(#""token":"twice""#).status == 200)
      #expect(try send(#""token":"twice""#).status == 200)
      let third = try send(#""token":"twice""#)
      #expect(third.status == 404)
      #expect(
        third.body
          == #"{"error":{"code":404,"message":"Requested entity was not found.","status":"NOT_FOUND","details":[{"@type":"type.googleapis.com/google.firebase.fcm.v1.FcmError","errorCode":"UNREGISTERED"}]}}"#
      )
      #expect(server.requests.last?.reason == "UNREGISTERED")
    }
  }
}
