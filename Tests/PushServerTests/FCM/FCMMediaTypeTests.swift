import Testing

@testable import PushServer

/// The media type FCM's endpoint reads from `content-type`, read byte by byte, against the
/// definition it had when it was read through `String` (lower-case, first non-empty part before
/// `;`, spaces removed).
@Suite struct FCMMediaTypeTests {
  static func reference(_ contentType: String) -> String {
    contentType.lowercased().split(separator: ";").first.map {
      $0.trimmingPrefix(" ").filter { $0 != " " }
    } ?? ""
  }

  @Test(arguments: [
    "application/json", "Application/JSON; charset=UTF-8", " application/json",
    ";application/json", ";;application/json; x", "application/ json", "", ";", ";;", " ;x",
    "  ", "text/plain", "application/vnd.api+json", "APPLICATION/X-WWW-FORM-URLENCODED",
    "applicätion/json", "Ä; b", "application/json\t", "multipart/form-data; boundary=AaB03x",
  ])
  func mediaTypeIsReadAsBefore(contentType: String) {
    #expect(FCMEndpoint.mediaType(of: contentType) == Self.reference(contentType))
  }
}
