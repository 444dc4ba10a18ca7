@testable import PushPayload

/// The FCM condition parser (`'a' in topics && !('b' in topics)`), on any text.
func fuzzCondition(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  _ = FCMConditionParser.parse(String(decoding: bytes, as: UTF8.self))
  return 0
}
