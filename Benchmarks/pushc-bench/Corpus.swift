/// Deterministic benchmark inputs, generated so that no large files live in the repository.
struct Corpus {
  var name: String
  var bytes: [UInt8]

  /// A JSON array of FCM send requests shaped like real notice and admin messages.
  static func messages(targetBytes: Int) -> [UInt8] {
    var text = "["
    var index = 0
    while text.utf8.count < targetBytes {
      if index > 0 { text += "," }
      text += """
        {"message":{"topic":"kuring-notice-\(index % 37)","notification":{"title":"[학사] 2024학년도 \
        \(index)번째 공지","body":"수강신청 일정 안내 (\(index))"},"data":{"type":"notice",\
        "id":"\(index)","articleId":"\(100_000 + index)","postedDate":"2024-02-21",\
        "subject":"Course registration \\"spring\\" \\u0026 more","category":"bachelor",\
        "baseUrl":"https://www.konkuk.ac.kr/do/MessageBoard/ArticleRead.do"},\
        "apns":{"headers":{"apns-priority":"10","apns-push-type":"alert"},\
        "payload":{"aps":{"sound":"default","badge":\(index % 9),"mutable-content":1}}},\
        "android":{"ttl":"3600s","priority":"high"}}}
        """
      index += 1
    }
    return Array((text + "]").utf8)
  }

  /// Long strings of Korean text, the worst case for UTF-8 validation.
  static func koreanText(targetBytes: Int) -> [UInt8] {
    let sentence = "건국대학교 공지사항: 2024학년도 1학기 수강신청 일정을 안내합니다. "
    var text = "{\"bodies\":["
    var index = 0
    while text.utf8.count < targetBytes {
      if index > 0 { text += "," }
      text += "\"" + String(repeating: sentence, count: 1 + index % 8) + "\""
      index += 1
    }
    return Array((text + "]}").utf8)
  }

  /// Arrays of integers and decimals, the worst case for number lexing.
  static func numbers(targetBytes: Int) -> [UInt8] {
    var text = "["
    var index = 0
    var state: UInt64 = 42
    while text.utf8.count < targetBytes {
      if index > 0 { text += "," }
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      text +=
        index % 2 == 0 ? String(state >> 20) : "\(state % 10_000).\(state % 997)e-\(state % 12)"
      index += 1
    }
    return Array((text + "]").utf8)
  }
}
