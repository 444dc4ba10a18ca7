import Foundation
import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

/// `pushc lint` lowers with ``APNSLowering/Options/omitsUncheckedDataKeys``: `data` entries no
/// check reads are counted, not made members of the payload; and it reads with
/// ``PushCompiler/Options/defersDataValues``, so that their values are made only if read.
/// `pushc compile --target apns-payload` does the same but writes the payload's bytes, into
/// which the entries left out are copied from their source. Whatever the input, the
/// diagnostics, the payload's size (and bytes) and the headers are those of the full lowering,
/// the FCM request read is the same, and the payload differs from the full one only by the
/// entries left out.
@Suite struct OmittedDataKeysTests {
  /// The notice every generated case starts from, with `data` and the rest replaced.
  static func message(
    data: String, apnsPayload: String = #"{"aps":{"mutable-content":1,"sound":"default"}}"#,
    headers: String = #"{"apns-priority":"10"}"#, image: String? = nil
  ) -> String {
    let imageMember = image.map { #","image":"\#($0)""# } ?? ""
    return #"""
      {"message":{"topic":"news","notification":{"title":"공지","body":"새 글"\#(imageMember)},\#
      "apns":{"headers":\#(headers),"payload":\#(apnsPayload)},"data":\#(data)}}
      """#
  }

  /// Inputs at every condition under which entries are left out or kept.
  static let cases: [String] = {
    let large = String(repeating: "가", count: 1_400)
    let manyKeys = (0..<40).map { #""key\#($0)":"value \#($0)""# }.joined(separator: ",")
    return [
      message(data: #"{"id":"7","title":"새 글"}"#),
      message(data: #"{"badge":"1","id":"7"}"#),
      message(data: #"{"Sound":"a"}"#),
      message(data: #"{"content_available":"1"}"#),
      message(data: #"{"thread_id":"x","title-loc-key":"y"}"#),
      message(data: #"{"mdm":"1"}"#),
      message(data: #"{"mdm":"1"}"#, apnsPayload: "{}"),
      message(data: #"{"aps":"1"}"#),
      message(data: #"{"fcm_options":"z"}"#),
      message(data: #"{"fcm_options":"z"}"#, image: "https://example.com/a.png"),
      message(data: #"{"id":"7"}"#, image: "https://example.com/a.png"),
      message(data: #"{"custom":"1"}"#, apnsPayload: #"{"aps":{"alert":"x"},"custom":"2"}"#),
      message(data: #"{"k":"escaped \"quote\" and \\n"}"#),
      message(data: #"{"k":1}"#),
      message(data: "{}"),
      message(data: "{\(manyKeys)}"),
      message(data: #"{"k":"\#(large)"}"#),
      message(data: #"{"k":"\#(String(repeating: "a", count: 4_000))"}"#),
      message(
        data: #"{"k":"\#(String(repeating: "a", count: 4_000))"}"#,
        headers: #"{"apns-push-type":"voip","apns-priority":"10"}"#),
      message(
        data: #"{"a":"1","b":"2"}"#, apnsPayload: #"{"aps":{"content-available":1}}"#,
        headers: #"{"apns-push-type":"background","apns-priority":"5"}"#),
      message(
        data: #"{"id":"7","url":"https://example.com/a"}"#,
        apnsPayload: #"{"aps":{"sound":"default"},"extra":"2"}"#,
        image: "https://example.com/a.png"),
      message(data: "{ \"id\" :\n \"7\" ,\t\"title\": \"새 글\" }"),
      message(data: #"{"id":"7"}"#, apnsPayload: #"{"extra":{"aps":1}}"#),
    ]
  }()

  /// `text` compiled as `pushc lint` does, with entries left out or not.
  static func lint(_ text: String, name: String, omitting: Bool) -> PushCompilation {
    compile(text, name: name, omitting: omitting, writingBytes: false)
  }

  /// `text` compiled as `pushc lint` (not `writingBytes`) or `pushc compile --target
  /// apns-payload` (`writingBytes`) does, with entries left out or not.
  static func compile(_ text: String, name: String, omitting: Bool, writingBytes: Bool)
    -> PushCompilation
  {
    var lowering = APNSLowering.Options(now: 1_700_000_000)
    lowering.writesPayloadBytes = writingBytes
    lowering.omitsUncheckedDataKeys = omitting
    var options = PushCompiler.Options(lowering: lowering)
    options.defersDataValues = omitting
    return PushCompiler(options: options).compile(text: text, name: name)
  }

  /// The checks see the same: diagnostics, sizes and headers; the payloads differ by `data`
  /// keys alone.
  static func expectAlike(_ full: PushCompilation, _ omitted: PushCompilation) {
    #expect(full.diagnostics == omitted.diagnostics)
    #expect(full.messages.count == omitted.messages.count)
    for (expected, actual) in zip(full.messages, omitted.messages) {
      #expect(expected.diagnostics == actual.diagnostics)
      #expect(expected.fcmRequest == actual.fcmRequest)
      #expect(expected.apnsRequest?.payloadByteCount == actual.apnsRequest?.payloadByteCount)
      #expect(expected.apnsRequest?.payloadBytes == actual.apnsRequest?.payloadBytes)
      #expect(expected.apnsRequest?.headers == actual.apnsRequest?.headers)
      let dataKeys = Set(
        expected.fcmRequest?.message.value.data?.value.entries.map(\.key) ?? [])
      let fullKeys = expected.apnsRequest?.payload.objectValue?.keys ?? []
      let keptKeys = actual.apnsRequest?.payload.objectValue?.keys ?? []
      #expect(keptKeys == fullKeys || keptKeys == fullKeys.filter { !dataKeys.contains($0) })
    }
  }

  @Test(arguments: cases.indices)
  func aGeneratedCaseIsCheckedAlike(index: Int) {
    let text = Self.cases[index]
    Self.expectAlike(
      Self.lint(text, name: "case.json", omitting: false),
      Self.lint(text, name: "case.json", omitting: true))
  }

  @Test func theCasesTogetherAreCheckedAlike() {
    let text = Self.cases.joined(separator: "\n")
    Self.expectAlike(
      Self.lint(text, name: "cases.ndjson", omitting: false),
      Self.lint(text, name: "cases.ndjson", omitting: true))
  }

  @Test(arguments: PushCompilerTreeTests.samplePaths())
  func aSampleIsCheckedAlike(path: String) throws {
    let url = RepositoryPaths.samples.appendingPathComponent(path)
    let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    Self.expectAlike(
      Self.lint(text, name: path, omitting: false), Self.lint(text, name: path, omitting: true))
  }

  @Test(arguments: cases.indices)
  func aGeneratedCaseIsWrittenAlike(index: Int) {
    let text = Self.cases[index]
    Self.expectAlike(
      Self.compile(text, name: "case.json", omitting: false, writingBytes: true),
      Self.compile(text, name: "case.json", omitting: true, writingBytes: true))
  }

  @Test func theCasesTogetherAreWrittenAlike() {
    let text = Self.cases.joined(separator: "\n")
    Self.expectAlike(
      Self.compile(text, name: "cases.ndjson", omitting: false, writingBytes: true),
      Self.compile(text, name: "cases.ndjson", omitting: true, writingBytes: true))
  }

  @Test(arguments: PushCompilerTreeTests.samplePaths())
  func aSampleIsWrittenAlike(path: String) throws {
    let url = RepositoryPaths.samples.appendingPathComponent(path)
    let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    Self.expectAlike(
      Self.compile(text, name: path, omitting: false, writingBytes: true),
      Self.compile(text, name: path, omitting: true, writingBytes: true))
  }

  /// Entries left out of a written payload are copied into its bytes from their source, where
  /// they would be (after the custom keys, before `fcm_options`), with the writer's separators
  /// whatever the source's.
  @Test func plainEntriesAreCopiedIntoTheBytes() {
    let text = Self.message(
      data: "{ \"id\" :\n \"7\" ,\t\"title\": \"새 글\" }",
      apnsPayload: #"{"aps":{"sound":"default"},"extra":"2"}"#,
      image: "https://example.com/a.png")
    let full = Self.compile(text, name: "case.json", omitting: false, writingBytes: true)
    let omitted = Self.compile(text, name: "case.json", omitting: true, writingBytes: true)
    let request = omitted.messages[0].apnsRequest
    #expect(
      full.messages[0].apnsRequest?.payload.objectValue?.keys == [
        "aps", "extra", "id", "title", "fcm_options",
      ])
    #expect(request?.payload.objectValue?.keys == ["aps", "extra", "fcm_options"])
    let bytes = String(decoding: request?.payloadBytes ?? [], as: UTF8.self)
    #expect(bytes.contains(#""extra":"2","id":"7","title":"새 글","fcm_options":"#))
    #expect(request?.payloadBytes == full.messages[0].apnsRequest?.payloadBytes)
  }

  /// Entries made when read (not deferred: an escape in a value) stay members of a written
  /// payload: there is no source to copy them from.
  @Test func entriesWithoutTheirSourceStayInAWrittenPayload() {
    let text = Self.message(data: #"{"id":"7","k":"a "quote""}"#)
    let omitted = Self.compile(text, name: "case.json", omitting: true, writingBytes: true)
    #expect(omitted.messages[0].apnsRequest?.payload.objectValue?.keys == ["aps", "id", "k"])
  }

  /// Plain entries are left out, and only they; the count still includes them.
  @Test func plainEntriesAreCountedNotBuilt() {
    let text = Self.message(data: #"{"id":"7","title":"새 글"}"#)
    let full = Self.lint(text, name: "case.json", omitting: false).messages[0].apnsRequest
    let omitted = Self.lint(text, name: "case.json", omitting: true).messages[0].apnsRequest
    #expect(full?.payload.objectValue?.keys == ["aps", "id", "title"])
    #expect(omitted?.payload.objectValue?.keys == ["aps"])
    #expect(omitted?.payloadByteCount == full?.payloadByteCount)
  }

  /// Entries a check reads stay members: an `aps` key's spelling, a key produced twice.
  @Test func checkedEntriesStay() {
    for (data, apnsPayload) in [
      (#"{"badge":"1","id":"7"}"#, #"{"aps":{"sound":"default"}}"#),
      (#"{"custom":"1"}"#, #"{"aps":{"alert":"x"},"custom":"2"}"#),
    ] {
      let text = Self.message(data: data, apnsPayload: apnsPayload)
      let omitted = Self.lint(text, name: "case.json", omitting: true).messages[0].apnsRequest
      let full = Self.lint(text, name: "case.json", omitting: false).messages[0].apnsRequest
      #expect(omitted?.payload == full?.payload)
    }
  }

  /// A payload over the smallest limit gets its entries back, for the per-key size report.
  @Test func aPayloadOverTheLimitHasEveryKey() {
    let text = Self.message(data: #"{"k":"\#(String(repeating: "a", count: 4_000))"}"#)
    let compilation = Self.lint(text, name: "case.json", omitting: true)
    #expect(compilation.messages[0].apnsRequest?.payload.objectValue?.keys == ["aps", "k"])
    #expect(compilation.diagnostics.contains { $0.id == .apnsPayloadTooLarge })
  }
}
