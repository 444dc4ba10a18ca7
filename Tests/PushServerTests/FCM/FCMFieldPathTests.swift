import PushDiagnostics
import PushJSON
import PushServer
import Testing

/// JSON Pointers into a send request written in FCM's field-violation notation.
@Suite struct FCMFieldPathTests {
  static let body =
    JSONReader.read(
      SourceFile(
        name: "body",
        bytes: Array(
          #"{"message":{"data":{"a":"1","b":"2"},"apns":{"fcmOptions":{},"payload":{"myKey":{"x":[1,2]}}}}}"#
            .utf8))
    ).documents.first ?? ValueNode(.null)

  @Test(arguments: [
    ("/message/data/b", false, "message.data[1].value"),
    ("/message/data/a", true, "message.data[0].key"),
    ("/message/apns/fcmOptions", false, "message.apns.fcm_options"),
    ("/message/apns/payload/myKey/x/1", false, "message.apns.payload.myKey.x[1]"),
    ("", false, ""),
  ])
  func path(pointer: String, key: Bool, expected: String) throws {
    let pointer = try #require(JSONPointer(pointer))
    #expect(FCMFieldPath.path(of: pointer, in: Self.body, key: key) == expected)
  }
}
