import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

/// Checks of requests compiled from FCM input: payload values keep the spans of the input they
/// were copied from, and diagnostics carry pointers into the input document found through the
/// request's provenance.
@Suite struct APNSCompiledRequestTests {
  /// An FCM message and the request a lowering would build from it, by hand.
  static func compiled(blobSize: Int = 10) throws -> (MarkedSource, SourceFile, APNS.Request) {
    let blob = String(repeating: "z", count: blobSize)
    let marked = MarkedSource(
      #"{"message": {"token": "t", "notification": {"title": 1️⃣"Hi"}, "apns": {"headers": {"apns-priority": 5️⃣"11"}, "payload": {"aps": {"badge": 2️⃣"3", 3️⃣"mutable_content": 1}}}, "data": {"blob": 4️⃣""#
        + blob + #""}}}"#)
    let file = SourceFile(name: "message.json", text: marked.text)
    let root = try #require(JSONReader.read(file).documents.first)
    func node(_ text: String) throws -> ValueNode {
      let pointer = try #require(JSONPointer(text))
      return try #require(root[pointer])
    }
    func reference(_ pointer: String) throws -> SourceReference {
      SourceReference(pointer: try #require(JSONPointer(pointer)), span: try node(pointer).span)
    }
    let explicitAPS = try #require(try node("/message/apns/payload/aps").objectValue)
    let title = try node("/message/notification/title")
    let aps = ValueNode(
      .object(
        JSONObject(
          [
            .init(
              key: "alert",
              value: ValueNode(
                .object(JSONObject([.init(key: "title", keySpan: title.span, value: title)]))))
          ]
            + explicitAPS.members)))
    let payload = ValueNode(
      .object(
        JSONObject([
          .init(key: "aps", value: aps),
          .init(key: "blob", value: try node("/message/data/blob")),
          .init(key: "gcm.message_id", value: ValueNode(.string("1700000000000001"))),
        ])))
    let provenance: PayloadProvenance = [
      JSONPointer(tokens: ["aps"]): .input(try reference("/message/apns/payload/aps")),
      JSONPointer(tokens: ["aps", "alert"]): .derived(
        rule: "notification", from: [try reference("/message/notification")]),
      JSONPointer(tokens: ["aps", "alert", "title"]): .derived(
        rule: "notification.title", from: [try reference("/message/notification/title")]),
      JSONPointer(tokens: ["blob"]): .input(try reference("/message/data/blob")),
      JSONPointer(tokens: ["gcm.message_id"]): .injectedByFCM(reason: "FCM's message ID"),
    ]
    let request = APNS.Request(
      headers: [
        .init(
          name: "apns-push-type", value: "alert",
          provenance: .inferred(rule: "pushType", reason: "'aps' has 'alert'")),
        .init(
          name: "apns-priority", value: "11",
          provenance: .input(try reference("/message/apns/headers/apns-priority"))),
      ],
      payload: payload,
      payloadBytes: CanonicalJSONWriter(style: .compact).bytes(for: payload),
      isRawInput: false,
      payloadProvenance: provenance)
    return (marked, file, request)
  }

  @Test func diagnosticsPointIntoTheFCMInput() throws {
    let (marked, file, request) = try Self.compiled()
    let diagnostics = APNSRequestChecker().diagnostics(for: request, in: file)
    expectDiagnostics(
      diagnostics,
      [
        DiagnosticSpec("5️⃣", id: .apnsInvalidPriority),
        DiagnosticSpec("2️⃣", id: .apnsValueType),
        DiagnosticSpec("3️⃣", id: .apnsUnknownAPSKey),
        // Checked as a request sent to APNs directly (the default profile), the compiled
        // request needs its topic like any other; `.fcmLowered` leaves it to FCM.
        DiagnosticSpec(
          id: .apnsMissingTopic, severity: .warning,
          message:
            "'apns-topic' is missing; APNs requires it unless a single-topic certificate is used"
        ),
      ], in: marked)
    let pointers = Dictionary(
      uniqueKeysWithValues: diagnostics.map { ($0.id, $0.pointer?.description) })
    #expect(pointers[.apnsInvalidPriority] == "/message/apns/headers/apns-priority")
    #expect(pointers[.apnsValueType] == "/message/apns/payload/aps/badge")
    #expect(pointers[.apnsUnknownAPSKey] == "/message/apns/payload/aps/mutable_content")
  }

  @Test func derivedValuesPointAtWhatTheyWereDerivedFrom() throws {
    var (marked, file, request) = try Self.compiled()
    // Make the derived title a number so a diagnostic is reported on it.
    var aps = try #require(request.payload.objectValue?["aps"]?.objectValue)
    var alert = try #require(aps["alert"]?.objectValue)
    alert.members[0].value.kind = .number(JSONNumber(7))
    aps.members[0].value.kind = .object(alert)
    var payload = try #require(request.payload.objectValue)
    payload.members[0].value.kind = .object(aps)
    request.payload.kind = .object(payload)
    request.headers.removeLast()
    let diagnostics = APNSRequestChecker().diagnostics(for: request, in: file)
    let titleDiagnostic = try #require(diagnostics.first { $0.message.contains("aps.alert.title") })
    #expect(titleDiagnostic.pointer?.description == "/message/notification/title")
    #expect(titleDiagnostic.range?.start.offset == marked["1️⃣"])
  }

  @Test func sizeNotesNameInputPlacesAndInjectedKeys() throws {
    let (marked, file, request) = try Self.compiled(blobSize: 4100)
    let diagnostics = APNSRequestChecker(options: .init(largestContributorCount: 4)).diagnostics(
      for: request, in: file)
    let tooLarge = try #require(diagnostics.first { $0.id == .apnsPayloadTooLarge })
    #expect(tooLarge.properties["apns_reason"] == "PayloadTooLarge")
    let blobNote = try #require(tooLarge.notes.first)
    #expect(blobNote.message == "'blob' contributes \(4100 + 2 + 7 + 1) bytes")
    #expect(blobNote.pointer?.description == "/message/data/blob")
    #expect(blobNote.range?.start.offset == marked["4️⃣"])
    let injected = try #require(tooLarge.notes.first { $0.message.hasPrefix("'gcm.message_id'") })
    #expect(injected.range == nil)
    #expect(injected.pointer == nil)
  }

  @Test func headersNotWrittenInTheInputSayWhereTheyCameFrom() throws {
    var (_, file, request) = try Self.compiled()
    request.headers[0].value = "alrt"
    let diagnostics = APNSRequestChecker().diagnostics(for: request, in: file)
    let invalid = try #require(diagnostics.first { $0.id == .apnsInvalidPushType })
    #expect(invalid.range == nil)
    #expect(invalid.notes.map(\.message) == ["pushc inferred this value: 'aps' has 'alert'"])
    #expect(invalid.fixIts.map(\.message) == ["replace with 'alert'"])
    #expect(invalid.fixIts.first?.edits.isEmpty == true)
  }
}
