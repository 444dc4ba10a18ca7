import PushDiagnostics
import PushJSON
import PushPayload
import PushReceiving
import Testing
import _PushPayloadTestSupport

@Suite struct ReceivedPushDecoderTests {
  let decoder = ReceivedPushDecoder(contract: .kuring)

  func decode(_ text: String, contract: PushContract = .kuring) -> DecodedPush {
    ReceivedPushDecoder(contract: contract).decode(SourceFile(name: "push.json", text: text))
  }

  func ids(_ push: DecodedPush) -> [DiagnosticID] { push.diagnostics.map(\.id) }

  static let notice = #"""
    {"aps": {"alert": {"title": "[학생] 새로운 공지가 왔어요!", "body": "기숙사 입사 안내"}, "mutable-content": 1},
     "type": "notice", "id": 76473, "articleId": "1001", "postedDate": "2025-03-02", "subject": "기숙사 입사 안내",
     "category": "student", "categoryKorName": "학생", "baseUrl": "https://example.ac.kr/notice/1001",
     "title": "[학생] 새로운 공지가 왔어요!",
     "gcm.message_id": "1700000000000001", "google.c.a.e": "1", "google.c.sender.id": "123456789012",
     "google.c.fid": "abcDEF123-_xyz"}
    """#

  // MARK: - Kinds

  @Test func decodesANotice() throws {
    let push = decode(Self.notice)
    #expect(push.diagnostics.isEmpty)
    #expect(push.decodes)
    #expect(push.kind == "notice")
    #expect(push.discriminatorValue == "notice")
    #expect(
      push.fields.keys == [
        "id", "articleId", "postedDate", "subject", "category", "baseUrl", "categoryKorName",
        "important", "commentCount",
      ])
    #expect(push[field: "id"] == ValueNode(.number(JSONNumber(76473))))
    #expect(push[field: "important"] == ValueNode(.bool(false)))
    #expect(push[field: "commentCount"] == ValueNode(.number(JSONNumber(0))))
    #expect(push.data.keys == ["title"])
    #expect(push.aps?.alert?.title == "[학생] 새로운 공지가 왔어요!")
    #expect(push.aps?.mutableContent == 1)
    #expect(push.fcm.messageID == "1700000000000001")
    #expect(push.fcm.senderID == "123456789012")
    #expect(push.fcm.installationID == "abcDEF123-_xyz")
    #expect(push.fcm.analyticsEnabled == true)
    #expect(push.form == .json)
  }

  @Test func reportsAnIdThatArrivesAsAString() {
    let marked = MarkedSource(
      #"{"aps": {}, "type": "notice", "id": 1️⃣"76473", "articleId": "1", "postedDate": "2025-03-02", "subject": "s", "category": "c", "baseUrl": "https://a.b/c"}"#
    )
    let push = decode(marked.text)
    expectDiagnostics(
      push.diagnostics,
      [
        DiagnosticSpec(
          "1️⃣", id: .decodeFieldType, severity: .error,
          message: "'id' arrives as the string '76473', but the app expects an integer")
      ],
      in: marked
    )
    #expect(!push.decodes)
    #expect(push[field: "id"]?.isNull == true)
  }

  @Test func reportsMissingRequiredFieldsAtTheDiscriminator() {
    let marked = MarkedSource(#"{"aps": {}, "type": 1️⃣"notice", "id": 1}"#)
    let push = decode(marked.text)
    let specs = ["articleId", "postedDate", "subject", "category", "baseUrl"].map {
      DiagnosticSpec(
        "1️⃣", id: .decodeMissingField, severity: .error,
        message: "'\($0)' is missing; the app requires it for a 'notice' push")
    }
    expectDiagnostics(push.diagnostics, specs, in: marked)
    #expect(
      push.diagnostics.first { $0.message.contains("articleId") }?.pointer
        == JSONPointer("/articleId"))
  }

  @Test func warnsAboutMistypedOptionalFieldsAndUsesTheDefault() throws {
    let marked = MarkedSource(
      #"{"aps": {}, "type": "notice", "id": 1, "articleId": "1", "postedDate": "2025-03-02", "subject": "s", "category": "c", "baseUrl": "https://a.b/c", "important": 1️⃣"true", "commentCount": 2️⃣"3"}"#
    )
    let push = decode(marked.text)
    expectDiagnostics(
      push.diagnostics,
      [
        DiagnosticSpec(
          "1️⃣", id: .decodeFieldType, severity: .warning,
          message: "'important' arrives as the string 'true', but the app expects a Boolean"),
        DiagnosticSpec(
          "2️⃣", id: .decodeFieldType, severity: .warning,
          message: "'commentCount' arrives as the string '3', but the app expects an integer"),
      ],
      in: marked
    )
    #expect(push.decodes)
    #expect(push[field: "important"] == ValueNode(.bool(false)))
    let note = try #require(push.diagnostics.first?.notes.first)
    #expect(note.message == "the app ignores the value and uses false")
  }

  @Test func acceptsTheNumbersZeroAndOneAsBooleans() {
    let push = decode(
      #"{"aps": {}, "type": "notice", "id": 1, "articleId": "1", "postedDate": "2025-03-02", "subject": "s", "category": "c", "baseUrl": "https://a.b/c", "important": 1}"#
    )
    #expect(push.diagnostics.isEmpty)
    #expect(push[field: "important"] == ValueNode(.bool(true)))
  }

  @Test func warnsAboutFormatsWithTheContractsSeverity() {
    let marked = MarkedSource(
      #"{"aps": {}, "type": "notice", "id": 1, "articleId": "1", "postedDate": 1️⃣"2025/03/02", "subject": "s", "category": "c", "baseUrl": 2️⃣"not a url"}"#
    )
    let push = decode(marked.text)
    expectDiagnostics(
      push.diagnostics,
      [
        DiagnosticSpec(
          "1️⃣", id: .decodeFieldFormat, severity: .warning,
          message:
            "'postedDate' is '2025/03/02', which is not a date in the form of one of 'yyyy-MM-dd', 'yyyy-MM-dd HH:mm:ss', 'yyyyMMdd'"
        ),
        DiagnosticSpec(
          "2️⃣", id: .decodeFieldFormat, severity: .warning,
          message: "'baseUrl' is 'not a url', which is not an absolute URL"),
      ],
      in: marked
    )
    #expect(push.decodes)
    #expect(push[field: "postedDate"] == ValueNode(.string("2025/03/02")))
  }

  @Test func decodesAnAdminMessage() {
    let push = decode(
      #"{"aps": {"alert": {"title": "점검"}}, "type": "admin", "title": "점검", "url": "https://kuring.com"}"#
    )
    #expect(push.diagnostics.isEmpty)
    #expect(push.kind == "custom")
    #expect(push[field: "body"] == ValueNode(.string("")))
    #expect(push[field: "url"] == ValueNode(.string("https://kuring.com")))
  }

  @Test func acceptsAnEmptyAdminURL() {
    let push = decode(#"{"aps": {}, "type": "admin", "title": "t", "body": "b", "url": ""}"#)
    #expect(push.diagnostics.isEmpty)
    #expect(push[field: "url"] == ValueNode(.string("")))
  }

  @Test func requiresTheAdminTitle() {
    let push = decode(#"{"aps": {}, "type": "admin", "body": "b"}"#)
    #expect(ids(push) == [.decodeMissingField])
    #expect(!push.decodes)
  }

  @Test func decodesAnAcademicEventAndRequiresItsBody() {
    let push = decode(#"{"aps": {}, "type": "academic", "title": "개강", "body": "오늘은 개강 일정이 있어요"}"#)
    #expect(push.decodes && push.kind == "academic")
    let missing = decode(#"{"aps": {}, "type": "academic", "title": "개강"}"#)
    #expect(ids(missing) == [.decodeMissingField])
  }

  @Test func fallsBackToTheAlertWithoutAType() {
    let marked = MarkedSource(#"{"aps": {"alert": {"title": 1️⃣"[개강]", "body": 2️⃣"오늘은 개강 일정이 있어요"}}}"#)
    let push = decode(marked.text)
    expectDiagnostics(
      push.diagnostics,
      [
        DiagnosticSpec(
          "1️⃣", id: .decodeFieldFallback, severity: .note,
          message: "'title' is absent; using '/aps/alert/title'"),
        DiagnosticSpec(
          "2️⃣", id: .decodeFieldFallback, severity: .note,
          message: "'body' is absent; using '/aps/alert/body'"),
      ],
      in: marked
    )
    #expect(push.kind == "default" && push.decodes)
    #expect(push[field: "title"] == ValueNode(.string("[개강]")))
    #expect(push[field: "body"] == ValueNode(.string("오늘은 개강 일정이 있어요")))
  }

  @Test func prefersTopLevelKeysAndFallsBackToAStringAlert() {
    let push = decode(#"{"aps": {"alert": "알림"}, "title": "제목"}"#)
    #expect(push[field: "title"] == ValueNode(.string("제목")))
    #expect(push[field: "body"] == ValueNode(.string("알림")))
    let empty = decode(#"{"aps": {"content-available": 1}}"#)
    #expect(empty.diagnostics.isEmpty)
    #expect(
      empty[field: "title"] == ValueNode(.string(""))
        && empty[field: "body"] == ValueNode(.string("")))
  }

  @Test func reportsAnUnsupportedType() throws {
    let marked = MarkedSource(#"{"aps": {}, "type": 1️⃣"club", "clubId": "42"}"#)
    let push = decode(marked.text)
    expectDiagnostics(
      push.diagnostics,
      [
        DiagnosticSpec(
          "1️⃣", id: .decodeUnsupportedKind, severity: .error,
          message: "'type' is 'club', which the app does not support")
      ],
      in: marked
    )
    #expect(push.kind == DecodedPush.unsupportedKind)
    #expect(!push.decodes)
    #expect(push.data.keys == ["clubId"])
    #expect(
      try #require(push.diagnostics.first?.notes.first).message
        == "the contract 'kuring' knows 'notice', 'admin', 'academic'")
  }

  @Test func treatsANonStringTypeAsAbsent() {
    let marked = MarkedSource(#"{"aps": {"alert": "x"}, "type": 1️⃣7}"#)
    let push = decode(marked.text)
    #expect(push.kind == "default")
    #expect(
      push.diagnostics.contains {
        $0.id == .decodeDiscriminatorType && $0.range?.start.offset == marked["1️⃣"]
      })
  }

  @Test func needsADefaultKindForPushesWithoutTheDiscriminator() throws {
    var contract = PushContract.kuring
    contract.defaultKind = nil
    let push = decode(#"{"aps": {}}"#, contract: contract)
    #expect(push.kind == nil)
    #expect(ids(push) == [.decodeMissingDiscriminator])
    #expect(!push.decodes)
  }

  @Test func reportsARootThatIsNotADictionaryAndAMissingAPS() {
    #expect(ids(decode("[1, 2]")) == [.decodeRootNotObject])
    let push = decode(#"{"type": "admin", "title": "t"}"#)
    #expect(ids(push) == [.decodeMissingAPS])
    #expect(push.decodes)
    #expect(push.aps == nil)
  }

  @Test func stopsAtReadingErrors() {
    let push = decode(#"{"aps": {},}"#)
    #expect(push.kind == nil)
    #expect(ids(push) == [.jsonTrailingComma])
    #expect(!push.decodes)
  }

  // MARK: - Text captures

  @Test func convertsUntypedTextWithANote() throws {
    let marked = MarkedSource(
      #"[AnyHashable("type"): notice, AnyHashable("id"): 1️⃣76473, AnyHashable("important"): 2️⃣1, AnyHashable("articleId"): 1001, AnyHashable("postedDate"): 2025-03-02, AnyHashable("subject"): 기숙사 입사 안내, AnyHashable("category"): student, AnyHashable("baseUrl"): https://a.b/c, AnyHashable("aps"): {"#
        + "\n    \"mutable-content\" = 1;\n}]"
    )
    let push = decode(marked.text)
    expectDiagnostics(
      push.diagnostics,
      [
        DiagnosticSpec(
          "1️⃣", id: .decodeUntypedField, severity: .note,
          message:
            "'id' is printed without quotes, so the capture cannot show whether it is an integer as the app expects or a string (FCM data values are always strings)"
        ),
        DiagnosticSpec(
          "2️⃣", id: .decodeUntypedField, severity: .note,
          message:
            "'important' is printed without quotes, so the capture cannot show whether it is a Boolean as the app expects or a string (FCM data values are always strings)"
        ),
      ],
      in: marked
    )
    #expect(push.decodes)
    #expect(push.form == .swiftPrint)
    #expect(push[field: "id"] == ValueNode(.number(JSONNumber(76473))))
    #expect(push[field: "important"] == ValueNode(.bool(true)))
    #expect(push[field: "articleId"] == ValueNode(.string("1001")))
    #expect(push.aps?.mutableContent == 1)
  }

  @Test func readsQuotedTextAsAString() {
    let push = decode(#"{ aps = { }; type = notice; id = "76473"; }"#)
    #expect(push.form == .propertyList)
    #expect(push.diagnostics.contains { $0.id == .decodeFieldType && $0.message.contains("'id'") })
  }

  // MARK: - userInfo

  @Test func decodesUserInfo() {
    let userInfo: [AnyHashable: Any] = [
      "aps": ["alert": ["title": "점검", "body": "오늘 점검이 있습니다."], "mutable-content": 1],
      "type": "admin", "title": "점검", "body": "오늘 점검이 있습니다.", "url": "https://kuring.com",
      "gcm.message_id": "1700000000000003", "google.c.a.e": "1",
    ]
    let push = decoder.decode(userInfo: userInfo)
    #expect(push.diagnostics.isEmpty)
    #expect(push.decodes && push.kind == "custom")
    #expect(push.form == nil)
    #expect(push.fcm.analyticsEnabled == true)
    #expect(push.aps?.alert?.body == "오늘 점검이 있습니다.")
  }

  @Test func reportsAStringIdInUserInfoWithAPointer() {
    let userInfo: [AnyHashable: Any] = [
      "aps": [String: Any](), "type": "notice", "id": "76473", "articleId": "1",
      "postedDate": "2025-03-02",
      "subject": "s", "category": "c", "baseUrl": "https://a.b/c",
    ]
    let push = decoder.decode(userInfo: userInfo)
    #expect(ids(push) == [.decodeFieldType])
    #expect(push.diagnostics.first?.pointer == JSONPointer("/id"))
    #expect(push.diagnostics.first?.range == nil)
  }

  // MARK: - FCM

  struct FamilyCase: CustomTestStringConvertible, Sendable {
    var key: String
    var family: FCMKeyFamily?
    var testDescription: String { key }
  }

  static let familyCases: [FamilyCase] = [
    .init(key: "gcm.message_id", family: .messageID),
    .init(key: "google.c.a.e", family: .analyticsEnabled),
    .init(key: "google.c.sender.id", family: .senderID),
    .init(key: "google.c.fid", family: .installationID),
    .init(key: "fcm_options", family: .options),
    .init(key: "google.c.a.c_id", family: .analytics),
    .init(key: "google.c.a.m_l", family: .analytics),
    .init(key: "gcm.n.e", family: .consoleNotification),
    .init(key: "gcm.notification.title", family: .contextual),
    .init(key: "google.c.cm.lt_start", family: .contextual),
    .init(key: "gcms", family: .contextual),
    .init(key: "gcm.app_link", family: .appLink),
    .init(key: "google.product_id", family: .productID),
    .init(key: "from", family: .reserved),
    .init(key: "message_type", family: .reserved),
    .init(key: "google.delivered_priority", family: .reserved),
    .init(key: "gcm.other", family: .reserved),
    .init(key: "type", family: nil),
    .init(key: "collapse_key", family: nil),
    .init(key: "fcm", family: nil),
  ]

  @Test(arguments: familyCases)
  func classifiesFCMKeys(_ testCase: FamilyCase) {
    #expect(FCMKeyFamily(key: testCase.key) == testCase.family)
  }

  @Test func separatesFCMMetadataFromAppData() throws {
    let push = decode(
      #"""
      {"aps": {"alert": "x"}, "campaign": "spring", "fcm_options": {"image": "https://e.com/i.png", "extra": 1},
       "gcm.n.e": "1", "google.c.a.c_id": "6822", "google.c.a.e": "0", "from": "/topics/all"}
      """#
    )
    #expect(ids(push) == [.decodeFieldFallback])
    #expect(push.fcm.image == "https://e.com/i.png")
    #expect(push.fcm.analyticsEnabled == false)
    #expect(push.fcm.other.keys == ["fcm_options", "gcm.n.e", "google.c.a.c_id", "from"])
    #expect(push.fcm.other["fcm_options"]?.objectValue?.keys == ["extra"])
    #expect(push.fcm.keys(in: .analytics) == ["google.c.a.c_id"])
    #expect(push.data.keys == ["campaign"])
  }

  @Test func warnsAboutFCMKeysTheSDKCannotRead() {
    let marked = MarkedSource(
      #"{"aps": {}, "gcm.message_id": 1️⃣1700, "google.c.a.e": 2️⃣1, "google.c.fid": 3️⃣7, "google.c.sender.id": 1234, "fcm_options": {"image": 4️⃣5}}"#
    )
    let push = decode(marked.text)
    expectDiagnostics(
      push.diagnostics,
      [
        DiagnosticSpec(
          "1️⃣", id: .decodeFCMValueType, severity: .warning,
          message:
            "FCM key 'gcm.message_id' is the number 1700; the Firebase SDK reads it only as a string"
        ),
        DiagnosticSpec(
          "2️⃣", id: .decodeFCMValueType,
          message:
            "FCM key 'google.c.a.e' is the number 1; the Firebase SDK reads it only as the string '1' or '0'"
        ),
        DiagnosticSpec(
          "3️⃣", id: .decodeFCMValueType,
          message:
            "FCM key 'google.c.fid' is the number 7; the Firebase SDK reads it only as a string"),
        DiagnosticSpec(
          "4️⃣", id: .decodeFCMValueType,
          message:
            "FCM key 'fcm_options.image' is the number 5; the Firebase SDK reads it only as a string"
        ),
      ],
      in: marked
    )
    #expect(push.fcm.messageID == "1700")
    #expect(push.fcm.senderID == "1234")
    #expect(push.fcm.analyticsEnabled == false)
  }

  // MARK: - Custom contracts

  @Test func decodesFormatsOfACustomContract() throws {
    let (contract, problems) = PushContract.read(
      json: SourceFile(
        name: "shop.json",
        text: #"""
          {"formatVersion": 1, "name": "shop", "discriminator": "kind", "kinds": [{"name": "order", "when": "order", "fields": {
            "orderId": {"type": "string", "format": "integer", "required": true},
            "total": {"type": "string", "format": "number"},
            "gift": {"type": "string", "format": "boolean"},
            "placed": {"type": "string", "format": "date", "datePatterns": ["yyyy-MM-dd'T'HH:mm:ssXXX"]},
            "items": {"type": "string", "format": "json"},
            "link": {"type": "string", "format": "url", "required": true}
          }}]}
          """#
      )
    )
    #expect(problems.isEmpty)
    let shop = try #require(contract)
    let push = decode(
      #"{"aps": {}, "kind": "order", "orderId": "76473", "total": "12.50", "gift": "true", "placed": "2025-03-02T09:00:00+09:00", "items": "[{\"sku\":\"A1\"}]", "link": "shop://orders/76473"}"#,
      contract: shop
    )
    #expect(push.diagnostics.isEmpty, "\(push.diagnostics.map(\.message))")
    #expect(push[field: "orderId"] == ValueNode(.number(JSONNumber(76473))))
    #expect(push[field: "total"] == ValueNode(.number(JSONNumber(lexeme: "12.50"))))
    #expect(push[field: "gift"] == ValueNode(.bool(true)))
    #expect(push[field: "placed"] == ValueNode(.string("2025-03-02T09:00:00+09:00")))
    #expect(push[field: "items"]?[JSONPointer("/0/sku")!]?.stringValue == "A1")
    let bad = decode(
      #"{"aps": {}, "kind": "order", "orderId": "7.5", "gift": "yes", "placed": "2025-02-30T09:00:00Z", "items": "{", "link": "http://"}"#,
      contract: shop
    )
    #expect(bad.diagnostics.map(\.id) == Array(repeating: DiagnosticID.decodeFieldFormat, count: 5))
    #expect(bad.diagnostics.allSatisfy { $0.severity == .error })
    #expect(!bad.decodes)
  }

  // MARK: - Output

  @Test func writesTheJSONDocument() throws {
    let push = decode(Self.notice)
    let document = push.jsonDocument
    #expect(document.objectValue?.keys == ["kind", "fields", "aps", "fcm", "data", "diagnostics"])
    #expect(
      document[JSONPointer("/fcm")!]?.objectValue?.keys == [
        "message_id", "sender_id", "fid", "analytics_enabled", "image", "other",
      ])
    #expect(document[JSONPointer("/fcm/image")!]?.isNull == true)
    #expect(document[JSONPointer("/aps/mutable-content")!] == ValueNode(.number(JSONNumber(1))))
    #expect(push.jsonText.hasSuffix("}\n"))
    let reread = JSONReader.read(SourceFile(name: "out.json", text: push.jsonText))
    #expect(reread.diagnostics.isEmpty)
  }

  @Test func summarizesWhatArrived() {
    let summary = decode(Self.notice).summary
    #expect(
      summary.hasPrefix(
        "kind: notice (discriminator 'notice'; contract 'kuring')\nfields:\n  id: 76473\n"))
    #expect(
      summary.contains(
        "aps: alert title \"[학생] 새로운 공지가 왔어요!\", body \"기숙사 입사 안내\"; mutable-content 1\n"))
    #expect(
      summary.contains(
        "fcm: message 1700000000000001, sender 123456789012, fid abcDEF123-_xyz, analytics on\n"))
    #expect(summary.contains("data: title\n"))
    #expect(summary.hasSuffix("result: decodes\n"))
    let failing = decode(#"{"type": "club"}"#).summary
    #expect(failing.contains("fcm: none (not sent through FCM)"))
    #expect(failing.hasSuffix("result: does not decode (1 error, 1 warning)\n"))
  }
}
