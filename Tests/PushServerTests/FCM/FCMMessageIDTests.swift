import Testing

@testable import PushServer

/// The ID in a sent message's name: FCM's `<microseconds>%<16 hexadecimal digits>`.
@Suite struct FCMMessageIDTests {
  @Test func hasMicrosecondsThenSixteenLowerCaseHexDigits() {
    for _ in 0..<200 {
      let id = FCMEndpoint.messageID(now: 1_700_000_000.25)
      let parts = id.split(separator: "%", omittingEmptySubsequences: false)
      #expect(parts.count == 2, "\(id)")
      #expect(parts.first == "1700000000250000", "\(id)")
      #expect(parts.last?.utf8.count == 16, "\(id)")
      #expect(parts.last?.allSatisfy { "0123456789abcdef".contains($0) } == true, "\(id)")
    }
  }

  @Test func differsFromMessageToMessage() {
    let ids = Set((0..<100).map { _ in FCMEndpoint.messageID(now: 1_700_000_000) })
    #expect(ids.count == 100)
  }
}
