import Foundation
import PushDiagnostics
import PushJSON
import Testing
import _PushPayloadTestSupport

@testable import PushPayload

/// `pushc lint` and the outputs of `pushc compile` that print payload bytes compile with
/// ``PushCompiler/Options/speculatesWithoutProvenance``: a message is lowered without the
/// provenance of its payload while messages come out clean, and lowered and checked again with
/// it when that finds something. Whatever the input, the diagnostics, headers, payloads and
/// sizes are those of compiling without speculating; the provenance is either empty (a message
/// lowered without it that had no finding) or the full one, and always the full one for a
/// message with a diagnostic about its APNs request.
@Suite struct SpeculativeLoweringTests {
  /// A notice without findings.
  static let clean = OmittedDataKeysTests.message(data: #"{"id":"7","title":"새 글"}"#)
  /// A notice whose APNs request has findings that point back at the input through the
  /// provenance: a background push without `content-available`, and a key of `aps` at the top
  /// level of the payload.
  static let withFindings = OmittedDataKeysTests.message(
    data: #"{"badge":"1"}"#, apnsPayload: #"{"aps":{"sound":"default"}}"#,
    headers: #"{"apns-push-type":"background","apns-priority":"5"}"#)

  /// `text` compiled as `pushc lint` does, speculating or not, and keeping each message's
  /// requests (``PushCompiler/Options/keepsRequests``, which `pushc lint` does not) or not.
  static func lint(
    _ text: String, name: String, speculating: Bool, keepsRequests: Bool = true
  ) -> PushCompilation {
    var lowering = APNSLowering.Options(now: 1_700_000_000)
    lowering.writesPayloadBytes = false
    lowering.omitsUncheckedDataKeys = true
    var options = PushCompiler.Options(lowering: lowering)
    options.defersDataValues = true
    options.speculatesWithoutProvenance = speculating
    options.keepsRequests = keepsRequests
    return PushCompiler(options: options).compile(text: text, name: name)
  }

  /// Whether `diagnostic` is about an APNs request (lowering or APNs checks), which the
  /// provenance places.
  static func isAboutAPNSRequest(_ diagnostic: Diagnostic) -> Bool {
    diagnostic.id.rawValue.hasPrefix("apns")
  }

  /// The same results but the provenance of messages without findings, which is empty when
  /// speculating; returns which messages were lowered without it.
  @discardableResult
  static func expectAlike(
    _ full: PushCompilation, _ speculated: PushCompilation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [Bool] {
    #expect(full.diagnostics == speculated.diagnostics, sourceLocation: sourceLocation)
    #expect(full.messages.count == speculated.messages.count, sourceLocation: sourceLocation)
    var skipped: [Bool] = []
    for (expected, actual) in zip(full.messages, speculated.messages) {
      #expect(expected.diagnostics == actual.diagnostics, sourceLocation: sourceLocation)
      #expect(expected.fcmRequest == actual.fcmRequest, sourceLocation: sourceLocation)
      guard let expectedRequest = expected.apnsRequest, let actualRequest = actual.apnsRequest
      else {
        #expect((expected.apnsRequest == nil) == (actual.apnsRequest == nil))
        skipped.append(false)
        continue
      }
      #expect(expectedRequest.headers == actualRequest.headers, sourceLocation: sourceLocation)
      #expect(expectedRequest.payload == actualRequest.payload, sourceLocation: sourceLocation)
      #expect(
        expectedRequest.payloadByteCount == actualRequest.payloadByteCount,
        sourceLocation: sourceLocation)
      let isSkipped =
        actualRequest.payloadProvenance.isEmpty && !expectedRequest.payloadProvenance.isEmpty
      #expect(
        isSkipped || expectedRequest.payloadProvenance == actualRequest.payloadProvenance,
        sourceLocation: sourceLocation)
      if expected.diagnostics.contains(where: isAboutAPNSRequest) {
        #expect(!isSkipped, sourceLocation: sourceLocation)
      }
      skipped.append(isSkipped)
    }
    return skipped
  }

  @Test func aMessageWithoutFindingsIsLoweredWithoutProvenance() {
    let skipped = Self.expectAlike(
      Self.lint(Self.clean, name: "case.json", speculating: false),
      Self.lint(Self.clean, name: "case.json", speculating: true))
    #expect(skipped == [true])
  }

  @Test func aMessageWithFindingsIsLoweredAgainWithIt() {
    let full = Self.lint(Self.withFindings, name: "case.json", speculating: false)
    #expect(full.messages[0].diagnostics.contains(where: Self.isAboutAPNSRequest))
    let skipped = Self.expectAlike(
      full, Self.lint(Self.withFindings, name: "case.json", speculating: true))
    #expect(skipped == [false])
  }

  /// After a message with findings, the next eight are lowered with provenance, and the ninth
  /// clean one in a row is speculated on again.
  @Test func speculationStopsAtAFindingAndResumesAfterCleanMessages() {
    let lines =
      [Self.clean, Self.withFindings] + Array(repeating: Self.clean, count: 10)
      + [Self.withFindings, Self.withFindings, Self.clean]
    let text = lines.joined(separator: "\n")
    let skipped = Self.expectAlike(
      Self.lint(text, name: "cases.ndjson", speculating: false),
      Self.lint(text, name: "cases.ndjson", speculating: true))
    #expect(
      skipped == [true, false] + Array(repeating: false, count: 8) + [true, true]
        + [false, false, false])
  }

  @Test(arguments: OmittedDataKeysTests.cases.indices)
  func aGeneratedCaseIsCheckedAlike(index: Int) {
    let text = OmittedDataKeysTests.cases[index]
    Self.expectAlike(
      Self.lint(text, name: "case.json", speculating: false),
      Self.lint(text, name: "case.json", speculating: true))
  }

  /// The generated cases one after another, between runs of clean messages of every length
  /// around the eight that resume speculating.
  @Test func theCasesAmongCleanMessagesAreCheckedAlike() {
    var lines: [String] = []
    for (index, text) in OmittedDataKeysTests.cases.enumerated() {
      lines.append(text)
      lines += Array(repeating: Self.clean, count: index % 11)
    }
    let text = lines.joined(separator: "\n")
    Self.expectAlike(
      Self.lint(text, name: "cases.ndjson", speculating: false),
      Self.lint(text, name: "cases.ndjson", speculating: true))
  }

  @Test(arguments: PushCompilerTreeTests.samplePaths())
  func aSampleIsCheckedAlike(path: String) throws {
    let url = RepositoryPaths.samples.appendingPathComponent(path)
    let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    Self.expectAlike(
      Self.lint(text, name: path, speculating: false),
      Self.lint(text, name: path, speculating: true))
  }

  /// The policy itself: speculating from the start, stopped by a finding, resumed after
  /// ``SpeculativeLowering/cleanMessagesBeforeSpeculating`` clean messages in a row.
  @Test func thePolicyCountsCleanMessagesInARow() {
    var lowerings = SpeculativeLowering(
      options: APNSLowering.Options(now: 0), speculates: true)
    #expect(lowerings.isSpeculating)
    #expect(!lowerings.withoutProvenance.options.recordsPayloadProvenance)
    #expect(lowerings.recording.options.recordsPayloadProvenance)
    lowerings.record(hasFindings: false)
    #expect(lowerings.isSpeculating)
    lowerings.record(hasFindings: true)
    for _ in 1..<SpeculativeLowering.cleanMessagesBeforeSpeculating {
      #expect(!lowerings.isSpeculating)
      lowerings.record(hasFindings: false)
    }
    lowerings.record(hasFindings: true)
    for _ in 0..<SpeculativeLowering.cleanMessagesBeforeSpeculating {
      #expect(!lowerings.isSpeculating)
      lowerings.record(hasFindings: false)
    }
    #expect(lowerings.isSpeculating)
  }

  /// Without the option, or when the options given already record no provenance, there is
  /// nothing to speculate on.
  @Test func withoutTheOptionEveryMessageRecordsProvenance() {
    var lowerings = SpeculativeLowering(options: APNSLowering.Options(now: 0), speculates: false)
    #expect(!lowerings.isSpeculating)
    for _ in 0..<20 { lowerings.record(hasFindings: false) }
    #expect(!lowerings.isSpeculating)
    var options = APNSLowering.Options(now: 0)
    options.recordsPayloadProvenance = false
    #expect(!SpeculativeLowering(options: options, speculates: true).isSpeculating)
  }

  /// A record that is not recording stays empty, whatever is assigned.
  @Test func aRecordThatIsNotRecordingStaysEmpty() {
    var record = PayloadProvenance()
    record.isRecording = false
    record.reserveCapacity(8)
    record[JSONPointer(tokens: ["aps"])] = .option(name: "--a")
    record.assign(.option(name: "--b"), toMember: "alert", of: JSONPointer(tokens: ["aps"]))
    record[JSONPointer(tokens: ["aps"])] = nil
    #expect(record.isEmpty)
    #expect(record.dictionary.isEmpty)
  }
}
