import Foundation
import PushDiagnostics
import PushJSON
import PushReceiving
import Testing

/// Kuring's notice as an app would model it.
struct KuringNotice: Codable, Equatable {
  var id: Int
  var articleId: String
  var postedDate: Date
  var subject: String
  var category: String
  var baseUrl: URL
  var important: Bool?
  var commentCount: Int?
}

/// A model with every kind of property the data coders convert.
struct EveryType: Codable, Equatable {
  struct Meta: Codable, Equatable {
    var tags: [String]
    var score: Double
    var nested: [String: Int]
  }

  var text: String
  var empty: String
  var int: Int
  var int8: Int8
  var int64: Int64
  var uint64: UInt64
  var double: Double
  var float: Float
  var decimal: Decimal
  var flag: Bool
  var date: Date
  var url: URL
  var data: Data
  var meta: Meta
  var list: [Int]
  var optionalInt: Int?
  var optionalURL: URL?
  var missing: String?
}

@Suite struct PushDataCodingTests {
  static let seoul =
    TimeZone(identifier: "Asia/Seoul") ?? TimeZone(secondsFromGMT: 32_400) ?? .current
  // swift-format-ignore: NeverForceUnwrap
  static let dayPattern = DatePattern("yyyy-MM-dd") ?? DatePattern("yyyy")!

  // swift-format-ignore: NeverForceUnwrap
  static let link = URL(string: "https://kuring.com/a?b=c")!

  static let every = EveryType(
    text: "점검 \"안내\"",
    empty: "",
    int: -76473,
    int8: -8,
    int64: Int64.max,
    uint64: UInt64.max,
    double: 0.1,
    float: 1.5,
    decimal: Decimal(
      string: "12345678901234567890.123456789", locale: Locale(identifier: "en_US_POSIX")) ?? 0,
    flag: true,
    date: Date(timeIntervalSince1970: 1_740_873_600.25),
    url: link,
    data: Data([0, 1, 2, 255]),
    meta: .init(tags: ["a", "b"], score: 2.5e-7, nested: ["x": 1]),
    list: [1, 2, 3],
    optionalInt: 7,
    optionalURL: nil,
    missing: nil
  )

  // MARK: - Decoding

  @Test func decodesKuringsNoticeFromTheServersData() throws {
    let data = [
      "type": "notice", "id": "76473", "articleId": "5389", "postedDate": "2024-02-21",
      "subject": "s",
      "category": "student", "baseUrl": "https://www.konkuk.ac.kr/bbs/konkuk/234/5389/artclView.do",
      "important": "", "title": "t",
    ]
    let decoder = PushDataDecoder(
      dateDecodingStrategy: .patterns([Self.dayPattern], timeZone: Self.seoul))
    let notice = try decoder.decode(KuringNotice.self, from: data)
    #expect(notice.id == 76473)
    #expect(notice.important == nil)
    #expect(notice.commentCount == nil)
    #expect(notice.postedDate.timeIntervalSince1970 == 1_708_441_200)
    #expect(notice.baseUrl.host == "www.konkuk.ac.kr")
  }

  @Test func decodesFromUserInfoAndTypedValues() throws {
    let userInfo: [AnyHashable: Any] = [
      "aps": ["alert": "x"], "gcm.message_id": "1", "id": 76473, "articleId": "5389",
      "postedDate": "2024-02-21T00:00:00Z",
      "subject": "s", "category": "c", "baseUrl": "https://a.b", "important": true,
      "commentCount": "3",
    ]
    let notice = try PushDataDecoder().decode(KuringNotice.self, fromUserInfo: userInfo)
    #expect(notice.id == 76473 && notice.important == true && notice.commentCount == 3)
    #expect(notice.postedDate.timeIntervalSince1970 == 1_708_473_600)
  }

  @Test func rehydratesStringifiedJSON() throws {
    struct Order: Decodable {
      struct Item: Decodable {
        var sku: String
        var count: Int
      }
      var items: [Item]
      var totals: [String: Double]
    }
    let order = try PushDataDecoder().decode(
      Order.self,
      from: [
        "items": #"[{"sku": "A1", "count": "2"}, {"sku": "B2", "count": 1}]"#,
        "totals": #"{"net": "9.5"}"#,
      ]
    )
    #expect(order.items.map(\.sku) == ["A1", "B2"])
    #expect(order.items.map(\.count) == [2, 1])
    #expect(order.totals == ["net": 9.5])
  }

  struct FailureCase: CustomTestStringConvertible, Sendable {
    var key: String
    var value: String
    var message: String
    var testDescription: String { "\(key)=\(value)" }
  }

  struct Strict: Decodable {
    var int: Int?
    var small: Int8?
    var flag: Bool?
    var double: Double?
    var url: URL?
    var date: Date?
    var list: [Int]?
  }

  static let failureCases: [FailureCase] = [
    .init(key: "int", value: "7.5", message: "'7.5' is not an Int"),
    .init(key: "int", value: "abc", message: "'abc' is not an Int"),
    .init(key: "small", value: "300", message: "'300' is not a Int8"),
    .init(key: "flag", value: "yes", message: "'yes' is not 'true' or 'false'"),
    .init(key: "double", value: "NaN", message: "'NaN' is not a number"),
    .init(key: "url", value: "http://a b", message: "'http://a b' is not a URL"),
    .init(key: "date", value: "2025-03-02", message: "is not an ISO 8601 date-time"),
    .init(key: "list", value: "[1, 2", message: "should hold JSON text"),
    .init(
      key: "list", value: #"{"a": 1}"#,
      message: "expected an array, found JSON text holding a dictionary"),
  ]

  @Test(arguments: failureCases)
  func reportsValuesThatDoNotConvert(_ testCase: FailureCase) {
    do {
      _ = try PushDataDecoder().decode(Strict.self, from: [testCase.key: testCase.value])
      Issue.record("decoded \(testCase.value) as \(testCase.key)")
    } catch let error as DecodingError {
      switch error {
      case .dataCorrupted(let context), .typeMismatch(_, let context):
        #expect(context.debugDescription.contains(testCase.message), "\(context.debugDescription)")
        #expect(context.codingPath.first?.stringValue == testCase.key)
      default:
        Issue.record("unexpected \(error)")
      }
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func reportsAMissingKey() {
    #expect(throws: DecodingError.self) {
      try PushDataDecoder().decode(KuringNotice.self, from: ["id": "1"])
    }
  }

  @Test func keepsEmptyStringsForStringsAndTreatsThemAsNilOtherwise() throws {
    struct Optional: Decodable, Equatable {
      var text: String?
      var number: Int?
      var url: URL?
      var flag: Bool?
    }
    let value = try PushDataDecoder().decode(
      Optional.self, from: ["text": "", "number": "", "url": "", "flag": ""])
    #expect(value == Optional(text: "", number: nil, url: nil, flag: nil))
  }

  // MARK: - Encoding

  @Test func encodesLikeTheServer() throws {
    let notice = KuringNotice(
      id: 76473, articleId: "5389", postedDate: Date(timeIntervalSince1970: 1_708_441_200),
      subject: "s",
      category: "student", baseUrl: URL(string: "https://kuring.com/n/5389")!, important: nil,
      commentCount: 0
    )
    let encoder = PushDataEncoder(
      dateEncodingStrategy: .pattern(Self.dayPattern, timeZone: Self.seoul))
    #expect(
      try encoder.encode(notice) == [
        "id": "76473", "articleId": "5389", "postedDate": "2024-02-21", "subject": "s",
        "category": "student",
        "baseUrl": "https://kuring.com/n/5389", "commentCount": "0",
      ]
    )
    #expect(
      try encoder.encodeMembers(notice).keys == [
        "id", "articleId", "postedDate", "subject", "category", "baseUrl", "commentCount",
      ])
  }

  @Test func encodesEveryType() throws {
    let map = try PushDataEncoder().encode(Self.every)
    #expect(map["text"] == #"점검 "안내""#)
    #expect(map["empty"] == "")
    #expect(map["int64"] == "9223372036854775807")
    #expect(map["uint64"] == "18446744073709551615")
    #expect(map["double"] == "0.1")
    #expect(map["decimal"] == "12345678901234567890.123456789")
    #expect(map["flag"] == "true")
    #expect(map["date"] == "2025-03-02T00:00:00.250Z")
    #expect(map["data"] == "AAEC/w==")
    #expect(map["meta"] == #"{"tags":["a","b"],"score":2.5e-07,"nested":{"x":1}}"#)
    #expect(map["list"] == "[1,2,3]")
    #expect(map["optionalURL"] == nil && map["missing"] == nil)
  }

  @Test(arguments: [
    PushDataEncoder.DateEncodingStrategy.iso8601, .secondsSince1970, .millisecondsSince1970,
  ])
  func roundTripsEveryType(_ strategy: PushDataEncoder.DateEncodingStrategy) throws {
    let map = try PushDataEncoder(dateEncodingStrategy: strategy).encode(Self.every)
    let decoding: PushDataDecoder.DateDecodingStrategy
    switch strategy {
    case .secondsSince1970: decoding = .secondsSince1970
    case .millisecondsSince1970: decoding = .millisecondsSince1970
    default: decoding = .iso8601
    }
    let decoded = try PushDataDecoder(dateDecodingStrategy: decoding).decode(
      EveryType.self, from: map)
    #expect(decoded == Self.every)
  }

  @Test func roundTripsThroughEveryCaptureForm() throws {
    let map = try PushDataEncoder().encode(Self.every)
    // The data as a device prints it: JSON, a Swift print of NSStrings and a po description.
    let keys = map.keys.sorted()
    let json = try JSONSerialization.data(withJSONObject: map, options: [.sortedKeys])
    let swiftPrint =
      "[" + keys.map { #"AnyHashable("\#($0)"): \#(map[$0] ?? "")"# }.joined(separator: ", ") + "]"
    let po =
      "{\n"
      + keys.map { key in
        let value = map[key] ?? ""
        let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
          of: "\"", with: "\\\"")
        return "    \(key) = \"\(escaped)\";"
      }.joined(separator: "\n") + "\n}"
    for bytes in [Array(json), Array(swiftPrint.utf8), Array(po.utf8)] {
      let capture = CaptureReader.read(bytes: bytes)
      #expect(
        capture.diagnostics.isEmpty,
        "\(capture.form.map(\.rawValue) ?? "?"): \(capture.diagnostics.map(\.message))")
      let root = try #require(capture.root)
      #expect(
        try PushDataDecoder().decode(EveryType.self, from: root) == Self.every,
        "\(capture.form.map(\.rawValue) ?? "?")")
    }
  }

  @Test func rejectsValuesThatAreNotKeyedContainers() {
    #expect(throws: EncodingError.self) { try PushDataEncoder().encode([1, 2]) }
    #expect(throws: EncodingError.self) { try PushDataEncoder().encode(["x": Double.nan]) }
  }

  @Test func rejectsDatesOutsideFourDigitYears() throws {
    let pattern = try #require(DatePattern("yyyy-MM-dd"))
    let utc = try #require(TimeZone(secondsFromGMT: 0))
    let patterned = PushDataEncoder(dateEncodingStrategy: .pattern(pattern, timeZone: utc))
    for interval in [1e300, -1e300, 253_402_300_800] {
      let date = Date(timeIntervalSince1970: interval)
      #expect(throws: EncodingError.self) { try PushDataEncoder().encode(["d": date]) }
      #expect(throws: EncodingError.self) { try patterned.encode(["d": date]) }
    }
    let last = Date(timeIntervalSince1970: 253_402_300_799)
    #expect(try PushDataEncoder().encode(["d": last]) == ["d": "9999-12-31T23:59:59Z"])
  }
}
