import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

@Suite struct APNSInputReaderTests {
  static func parse(_ text: String, name: String = "in.json", multiple: Bool = false)
    -> ParsedSource
  {
    JSONReader.read(
      SourceFile(name: name, text: text),
      options: JSONReader.Options(allowsMultipleDocuments: multiple))
  }

  static func read(_ text: String, options: APNSInputOptions = APNSInputOptions())
    -> APNSInputReadResult
  {
    APNSInputReader(options: options).read(parse(text))
  }

  // MARK: - Detection

  @Test(arguments: [
    (#"{"aps": {"alert": "Hi"}}"#, APNSInputKind?.some(.payload)),
    (#"{"Simulator Target Bundle": "com.example", "aps": {}}"#, .simulator),
    (#"{"message": {"token": "t"}}"#, .fcm),
    (#"{"token": "t", "notification": {"title": "x"}}"#, .fcm),
    (#"{"topic": "news", "apns": {"payload": {"aps": {}}}}"#, .fcm),
    (#"{"data": {"a": "b"}}"#, .fcm),
    (#"{"fcmOptions": {}}"#, .fcm),
    (#"{"payload": {"aps": {}}, "headers": {}}"#, .request),
    (#"{"device_token": "ab"}"#, .request),
    (#"{"mdm": "00000000-1111"}"#, nil),
    (#"{"caller": "Ann", "name": "x"}"#, nil),
    (#"{}"#, nil),
    (#"{"message": "not an object"}"#, nil),
    (#"[{"payload": {}}]"#, .request),
    (#"[{"token": "t"}]"#, .fcm),
    (#"[{"Simulator Target Bundle": "a.b"}]"#, .payload),
    (#"[{"name": "x"}]"#, nil),
    (#"[]"#, nil),
    (#"42"#, nil),
    (#""aps""#, nil),
  ])
  func detectsTheKind(text: String, kind: APNSInputKind?) throws {
    let parsed = Self.parse(text)
    let document = try #require(parsed.documents.first)
    #expect(APNSInputReader.detectKind(of: document) == kind)
    #expect(APNSInputReader.detectKind(of: parsed) == kind)
  }

  @Test func kindRawValuesAreTheCommandLineNames() {
    #expect(APNSInputKind.allCases.map(\.rawValue) == ["fcm", "apns", "apns-request", "simctl"])
  }

  // MARK: - Bare payloads

  @Test func barePayloadKeepsItsExactBytesAndTakesHeadersFromOptions() throws {
    let text = "  {\n  \"aps\" : {\"alert\": \"caf\\u00e9\"}\n}\n"
    var options = APNSInputOptions(pushType: "alert", deviceToken: "ab")
    options.headers = [try #require(APNSInputOptions.Header(argument: "apns-priority: 5"))]
    let result = Self.read(text, options: options)
    #expect(result.diagnostics.isEmpty)
    #expect(result.kind == .payload)
    let definition = try #require(result.definitions.first)
    let request = definition.request
    #expect(request.isRawInput)
    #expect(request.payloadBytes == Array("{\n  \"aps\" : {\"alert\": \"caf\\u00e9\"}\n}".utf8))
    #expect(request.headers.map(\.name) == ["apns-priority", "apns-push-type"])
    #expect(
      request.headers.map(\.provenance) == [
        .option(name: "--header"), .option(name: "--push-type"),
      ])
    #expect(request.deviceToken?.value == "ab")
    #expect(request.deviceToken?.source == nil)
    #expect(definition.checkerOptions.payloadPointerBase == .root)
    #expect(definition.checkerOptions.destination == .device)
    guard case .input(let reference)? = request.payloadProvenance[.root] else {
      Issue.record("the payload root has no input provenance")
      return
    }
    #expect(reference.pointer == .root)
    #expect(reference.span == SourceSpan(start: 2, end: text.utf8.count - 1))
  }

  @Test func yamlPayloadsAreMeasuredAsCanonicalJSON() throws {
    // A tree as the YAML reader would build it; the bytes of the file are not JSON.
    let file = SourceFile(name: "in.yaml", text: "aps:\n  badge: 1\n")
    let document = ValueNode(
      .object(
        JSONObject([
          .init(
            key: "aps", keySpan: SourceSpan(start: 0, end: 3),
            value: ValueNode(
              .object(
                JSONObject([
                  .init(
                    key: "badge", keySpan: SourceSpan(start: 7, end: 12),
                    value: ValueNode(.number(JSONNumber(1)), span: SourceSpan(start: 14, end: 15)))
                ])),
              span: SourceSpan(start: 7, end: 15)))
        ])),
      span: SourceSpan(start: 0, end: 16))
    let definitions = APNSInputReader().read(document, file: file, format: .yaml)
    let request = try #require(definitions.first?.request)
    #expect(!request.isRawInput)
    #expect(request.payloadBytes == Array(#"{"aps":{"badge":1}}"#.utf8))
  }

  // MARK: - Request documents

  @Test func requestDocumentHeadersAndTokenAreReadAsWritten() throws {
    let marked = MarkedSource(
      #"{"device_token": 1️⃣"abcd", "headers": {2️⃣"APNS-Push-Type": 3️⃣"alert", "apns-priority": 10}, "payload": 4️⃣{ "aps": {"badge": 1} }}"#
    )
    let result = Self.read(marked.text)
    #expect(result.allDiagnostics.isEmpty)
    #expect(result.kind == .request)
    let definition = try #require(result.definitions.first)
    let request = definition.request
    #expect(request.deviceToken?.value == "abcd")
    #expect(request.deviceToken?.source?.span.start == marked["1️⃣"])
    #expect(request.deviceToken?.source?.pointer.description == "/device_token")
    #expect(request.headers.map(\.name) == ["apns-push-type", "apns-priority"])
    #expect(request.headers.map(\.value) == ["alert", "10"])
    guard case .input(let reference) = request.headers[0].provenance else {
      Issue.record("header has no input provenance")
      return
    }
    #expect(reference.pointer.description == "/headers/APNS-Push-Type")
    #expect(reference.keySpan?.start == marked["2️⃣"])
    #expect(reference.span.start == marked["3️⃣"])
    #expect(request.payloadBytes == Array(#"{ "aps": {"badge": 1} }"#.utf8))
    #expect(request.payload.span.start == marked["4️⃣"])
    #expect(definition.checkerOptions.payloadPointerBase.description == "/payload")
  }

  @Test func optionsReplaceDocumentHeadersAndToken() throws {
    let text =
      #"{"device_token": "aa", "headers": {"apns-priority": "10", "apns-topic": "a.b"}, "payload": {}}"#
    let result = Self.read(text, options: APNSInputOptions(priority: "5", deviceToken: "bb"))
    let request = try #require(result.definitions.first?.request)
    #expect(request.headers.map(\.name) == ["apns-topic", "apns-priority"])
    #expect(request.header("apns-priority")?.value == "5")
    #expect(request.header("apns-priority")?.provenance == .option(name: "--priority"))
    #expect(request.deviceToken?.value == "bb")
  }

  @Test func requestDocumentProblems() throws {
    let marked = MarkedSource(
      #"{1️⃣"deviceTokn": "aa", "headers": {"apns-priority": 2️⃣null, "apns-topic": 3️⃣["x"]}, 4️⃣"aps": {}}"#
    )
    // With a top-level `aps` this would be detected as a bare payload.
    let result = Self.read(marked.text, options: APNSInputOptions(kind: .request))
    expectDiagnostics(
      result.allDiagnostics,
      [
        DiagnosticSpec(
          "1️⃣", id: .apnsRequestUnknownField, severity: .error,
          message:
            "unknown field 'deviceTokn' in the APNs request; the fields are 'device_token', 'headers' and 'payload'; did you mean 'device_token'?"
        ),
        DiagnosticSpec(
          "2️⃣", id: .apnsValueType, message: "'headers.apns-priority' must be a string, not null"),
        DiagnosticSpec(
          "3️⃣", id: .apnsValueType, message: "'headers.apns-topic' must be a string, not an array"),
        DiagnosticSpec(
          "4️⃣", id: .apnsRequestUnknownField,
          message:
            "unknown field 'aps' in the APNs request; the fields are 'device_token', 'headers' and 'payload'; did you mean 'payload'?"
        ),
      ], in: marked)
    let request = try #require(result.definitions.first?.request)
    #expect(request.payloadBytes.isEmpty)
  }

  @Test func headersMustBeADictionary() {
    let marked = MarkedSource(#"{"headers": 1️⃣["apns-priority: 5"], "payload": {}}"#)
    expectDiagnostics(
      Self.read(marked.text).allDiagnostics,
      [
        DiagnosticSpec(
          "1️⃣", id: .apnsValueType, message: "'headers' must be a dictionary, not an array")
      ],
      in: marked)
  }

  @Test func arraysOfRequestDocumentsAreReadElementByElement() throws {
    let marked = MarkedSource(
      #"[{"headers": {"apns-push-type": "alert", "apns-topic": "a.b"}, "payload": {"aps": {"alert": "x"}}}, {"headers": {"apns-push-type": "alert", "apns-topic": "a.b"}, "payload": {"aps": {"badge": 1️⃣"1"}}}]"#
    )
    let result = Self.read(marked.text)
    #expect(result.definitions.map(\.pointer.description) == ["/0", "/1"])
    let second = try #require(result.definitions.last)
    #expect(second.checkerOptions.payloadPointerBase.description == "/1/payload")
    var collector = DiagnosticCollector(file: result.file)
    APNSRequestChecker(options: second.checkerOptions).check(second.request, collector: &collector)
    expectDiagnostics(collector.diagnostics, [DiagnosticSpec("1️⃣", id: .apnsValueType)], in: marked)
    #expect(collector.diagnostics.first?.pointer?.description == "/1/payload/aps/badge")
  }

  // MARK: - Simulator files

  @Test func simulatorFileGivesTheTopicAndIsNotSent() throws {
    let marked = MarkedSource(
      #"{"aps": {"alert": "Hi"}, 1️⃣"Simulator Target Bundle": 2️⃣"com.example.app", "k": 1}"#)
    let result = Self.read(marked.text)
    #expect(result.allDiagnostics.isEmpty)
    #expect(result.kind == .simulator)
    let definition = try #require(result.definitions.first)
    #expect(definition.checkerOptions.destination == .simulator)
    let request = definition.request
    #expect(request.payload.objectValue?.keys == ["aps", "k"])
    #expect(request.payloadBytes == Array(#"{"aps":{"alert":"Hi"},"k":1}"#.utf8))
    #expect(!request.isRawInput)
    let topic = try #require(request.header("apns-topic"))
    #expect(topic.value == "com.example.app")
    #expect(topic.provenance.sourceReference?.keySpan?.start == marked["1️⃣"])
    #expect(topic.provenance.sourceReference?.span.start == marked["2️⃣"])
  }

  @Test func forcedSimulatorKindWithoutTheBundleKey() {
    let marked = MarkedSource(#"1️⃣{"aps": {"alert": "Hi"}}"#)
    let result = Self.read(marked.text, options: APNSInputOptions(kind: .simulator))
    expectDiagnostics(
      result.allDiagnostics,
      [DiagnosticSpec("1️⃣", id: .apnsSimulatorTargetBundleMissing, severity: .note)], in: marked)
    let withTopic = Self.read(
      marked.text, options: APNSInputOptions(kind: .simulator, topic: "a.b"))
    #expect(withTopic.allDiagnostics.isEmpty)
  }

  @Test func simulatorBundleMustBeAString() {
    let marked = MarkedSource(#"{"Simulator Target Bundle": 1️⃣7, "aps": {}}"#)
    expectDiagnostics(
      Self.read(marked.text).allDiagnostics,
      [
        DiagnosticSpec(
          "1️⃣", id: .apnsValueType,
          message:
            "'Simulator Target Bundle' must be a string (the app's bundle ID), not a number (7)")
      ], in: marked)
  }

  // MARK: - Whole inputs

  @Test func fcmInputIsNotReadAsAPNs() {
    let marked = MarkedSource(#"1️⃣{"message": {"token": "t"}}"#)
    let result = Self.read(marked.text)
    #expect(result.kind == .fcm)
    #expect(result.definitions.isEmpty)
    expectDiagnostics(
      result.diagnostics, [DiagnosticSpec("1️⃣", id: .apnsInputLooksLikeFCM)], in: marked)
  }

  /// The reader reads what it is given as raw APNs input: a document of no known kind is a
  /// bare payload.
  @Test func documentOfNoKindIsReadAsABarePayload() throws {
    let result = Self.read(#"{"caller": "Ann"}"#)
    #expect(result.kind == .payload)
    #expect(result.diagnostics.isEmpty)
    #expect(try #require(result.definitions.first).kind == .payload)
  }

  @Test func everyNDJSONLineIsARequest() throws {
    let parsed = Self.parse("{\"aps\":{\"badge\":1}}\n{\"aps\":{\"badge\":2}}\n", multiple: true)
    let result = APNSInputReader().read(parsed)
    #expect(result.definitions.map(\.documentIndex) == [0, 1])
    #expect(
      result.definitions.map { String(decoding: $0.request.payloadBytes, as: UTF8.self) }
        == [#"{"aps":{"badge":1}}"#, #"{"aps":{"badge":2}}"#])
    #expect(result.definitions.allSatisfy { $0.request.isRawInput })
  }

  @Test func inputWithoutDocuments() {
    let empty = ParsedSource(
      file: SourceFile(name: "e.yaml", text: ""), format: .yaml, documents: [], diagnostics: [])
    let result = APNSInputReader().read(empty)
    #expect(result.diagnostics.map(\.id) == [.apnsNoPayload])
    #expect(result.kind == nil)
    // After a syntax error the reader adds nothing.
    #expect(Self.read("{").allDiagnostics.isEmpty)
  }

  // MARK: - Header options

  @Test(arguments: [
    ("apns-push-type: alert", "apns-push-type", "alert"),
    ("  APNS-Priority :10 ", "apns-priority", "10"),
    ("apns-topic:com.example:x", "apns-topic", "com.example:x"),
    ("apns-collapse-id;", "apns-collapse-id", ""),
  ])
  func parsesCurlHeaderArguments(argument: String, name: String, value: String) throws {
    let header = try #require(APNSInputOptions.Header(argument: argument))
    #expect(header.name == name)
    #expect(header.value == value)
    #expect(header.optionName == "--header")
  }

  @Test(arguments: ["apns-priority", ": 10", "apns priority: 10", ""])
  func rejectsMalformedHeaderArguments(argument: String) {
    #expect(APNSInputOptions.Header(argument: argument) == nil)
  }

  @Test func shorthandsBecomeHeadersInAFixedOrder() {
    let options = APNSInputOptions(
      pushType: "alert", priority: "10", topic: "a.b", expiration: "0", collapseID: "c",
      messageID: "123e4567-e89b-12d3-a456-4266554400a0")
    #expect(
      options.allHeaders.map(\.name) == [
        "apns-push-type", "apns-priority", "apns-topic", "apns-expiration", "apns-collapse-id",
        "apns-id",
      ])
    #expect(
      options.allHeaders.map(\.optionName) == [
        "--push-type", "--priority", "--topic", "--expiration", "--collapse-id", "--apns-id",
      ])
  }
}
