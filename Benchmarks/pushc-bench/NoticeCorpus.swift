/// The whole-process corpus: NDJSON send requests shaped like Kuring's notice pushes (about
/// 1.3 KB each, mostly Korean text), generated deterministically from a fixed seed, so that
/// every run and every machine measures the same bytes without a large file in the repository.
///
/// Every message is valid: `pushc lint` reports no errors or warnings and `pushc compile`
/// prints one payload per message, and the Firebase Admin SDK encodes every one.
enum NoticeCorpus {
  /// The forms the corpus is written in: the same messages, each on one line.
  enum Form: String, CaseIterable {
    /// One line per message.
    case ndjson
    /// One JSON array, an element a line (`[`, `{…},` … `]`), as a pretty printer writes it.
    case jsonArray = "json"
    /// One JSON array on one line after a blank line, as `json.dumps` writes one into a file
    /// that starts with a line break.
    case oneLineJSONArray = "one-line.json"
    /// A YAML stream of flow documents, each after a `---` line.
    case yamlStream = "yaml"
  }

  /// One NDJSON line per message, each ending in a newline.
  static func ndjson(messages count: Int, seed: UInt64 = 0x6b75_7269_6e67) -> [UInt8] {
    messages(count, as: .ndjson, seed: seed)
  }

  /// The `count` messages in `form`.
  static func messages(_ count: Int, as form: Form, seed: UInt64 = 0x6b75_7269_6e67) -> [UInt8] {
    var random = SplitMix64(seed: seed)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count * 1_400 + 8)
    switch form {
    case .jsonArray: bytes += "[\n".utf8
    case .oneLineJSONArray: bytes += "\n[".utf8
    case .ndjson, .yamlStream: break
    }
    for index in 0..<count {
      if form == .yamlStream { bytes += "---\n".utf8 }
      bytes += line(index, &random).utf8
      let isArray = form == .jsonArray || form == .oneLineJSONArray
      if isArray && index < count - 1 { bytes.append(UInt8(ascii: ",")) }
      if form != .oneLineJSONArray { bytes.append(UInt8(ascii: "\n")) }
    }
    switch form {
    case .jsonArray, .oneLineJSONArray: bytes += "]\n".utf8
    case .ndjson, .yamlStream: break
    }
    return bytes
  }

  /// Kuring's notice categories: topic, Korean name.
  static let categories: [(String, String)] = [
    ("student", "학생"), ("bachelor", "학사"), ("scholarship", "장학"), ("employment", "취창업"),
    ("national", "국제"), ("library", "도서관"), ("dormitory", "기숙사"), ("industry_university", "산학"),
    ("normal", "일반"), ("department", "학과"),
  ]
  static let years = ["2024학년도", "2025학년도", "2026학년도"]
  static let terms = ["1학기", "2학기", "여름 계절학기", "겨울 계절학기"]
  static let subjects = [
    "수강신청 일정 안내", "기숙사 입사 안내", "국가장학금 2차 신청 안내", "졸업논문 제출 일정 변경",
    "교환학생 파견 모집 공고", "중앙도서관 열람실 운영 시간 변경", "취업 역량 강화 특강 참가자 모집",
    "등록금 분할납부 신청 안내", "학위수여식 참석 안내", "교내 근로장학생 선발 결과 발표",
  ]
  static let sentences = [
    "자세한 사항은 첨부파일을 확인하시기 바랍니다.",
    "신청 기간 내에 학생포털시스템에서 신청하여 주시기 바랍니다.",
    "문의 사항은 학사지원팀(02-450-3114)으로 연락 바랍니다.",
    "일정은 학교 사정에 따라 변경될 수 있습니다.",
    "기한 내 미신청 시 불이익이 있을 수 있으니 유의하시기 바랍니다.",
    "대상 학생은 반드시 기간 내에 서류를 제출하여야 합니다.",
    "온라인 접수만 가능하며 방문 접수는 받지 않습니다.",
    "선발 결과는 개별 통보 예정입니다.",
  ]

  static func line(_ index: Int, _ random: inout SplitMix64) -> String {
    let (topic, korean) = categories[random.next(categories.count)]
    let subject =
      "\(years[random.next(years.count)]) \(terms[random.next(terms.count)]) "
      + subjects[random.next(subjects.count)]
    var body = subject + ". "
    for _ in 0..<(2 + random.next(3)) { body += sentences[random.next(sentences.count)] + " " }
    body.removeLast()
    let title = "[\(korean)] 새로운 공지가 왔어요!"
    let articleID = 1_000 + random.next(99_000)
    let id = 70_000 + index
    let month = 1 + random.next(12)
    let day = 1 + random.next(28)
    let date = "2024-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    let url =
      "https://www.konkuk.ac.kr/bbs/konkuk/\(234 + random.next(30))/\(articleID)/artclView.do"
    return """
      {"message":{"topic":"\(topic)","notification":{"title":"\(title)","body":"\(body)"},\
      "android":{"priority":"high","ttl":"86400s","notification":{"channel_id":"notice",\
      "click_action":"OPEN_NOTICE","tag":"notice-\(id)"}},\
      "apns":{"headers":{"apns-priority":"10","apns-push-type":"alert"},\
      "payload":{"aps":{"mutable-content":1,"sound":"default","badge":\(random.next(10)),\
      "thread-id":"\(topic)"}}},\
      "data":{"type":"notice","title":"\(title)","body":"\(body)","id":"\(id)",\
      "articleId":"\(articleID)","postedDate":"\(date)","subject":"\(subject)",\
      "category":"\(topic)","categoryKorName":"\(korean)","baseUrl":"\(url)"}}}
      """
  }
}

/// A small deterministic generator (SplitMix64), so the corpus does not depend on the
/// standard library's random number generator.
struct SplitMix64 {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  /// A number in `0..<upperBound`.
  mutating func next(_ upperBound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Int(z % UInt64(upperBound))
  }
}
