import PushDiagnostics
import PushJSON
import PushPayload
import Testing

@Suite struct APNSRequestRendererTests {
  static let request = APNS.Request(
    deviceToken: Located("ab12"),
    headers: [
      .init(name: "apns-push-type", value: "alert", provenance: .option(name: "--push-type")),
      .init(name: "apns-topic", value: "com.example", provenance: .option(name: "--topic")),
    ],
    payload: ValueNode(
      .object(
        JSONObject([
          .init(
            key: "aps",
            value: ValueNode(
              .object(JSONObject([.init(key: "alert", value: ValueNode(.string("it's")))]))))
        ]))),
    payloadBytes: Array(#"{"aps":{"alert":"it's"}}"#.utf8),
    isRawInput: false
  )

  @Test func requestDocument() {
    let document = APNSRequestRenderer().requestDocument(for: Self.request)
    #expect(
      CanonicalJSONWriter().string(for: document)
        == #"{"device_token":"ab12","headers":{"apns-push-type":"alert","apns-topic":"com.example"},"payload":{"aps":{"alert":"it's"}}}"#
    )
  }

  @Test func simulatorDocument() {
    let document = APNSRequestRenderer().simulatorDocument(
      for: Self.request, bundleID: "com.example")
    #expect(
      CanonicalJSONWriter().string(for: document)
        == #"{"aps":{"alert":"it's"},"Simulator Target Bundle":"com.example"}"#
    )
  }

  @Test func curlCommandQuotesForTheShell() {
    let command = APNSRequestRenderer().curlCommand(for: Self.request, environment: .production)
    #expect(
      command == #"""
        curl --http2 --fail-with-body \
          --header 'apns-push-type: alert' \
          --header 'apns-topic: com.example' \
          --header "authorization: bearer $APNS_JWT" \
          --data-binary '{"aps":{"alert":"it'\''s"}}' \
          'https://api.push.apple.com/3/device/ab12'
        """#
    )
  }

  @Test func curlWithoutATokenUsesAPlaceholder() {
    var request = Self.request
    request.deviceToken = nil
    #expect(
      APNSRequestRenderer().curlCommand(for: request, environment: .sandbox).hasSuffix(
        "'https://api.sandbox.push.apple.com/3/device/DEVICE_TOKEN'"))
  }
}
