import Foundation
import PushDiagnostics
import PushJSON
import Testing
import _PushPayloadTestSupport

@testable import PushPayload

/// `pushc lint` compiles without ``PushCompiler/Options/keepsRequests``: each message's
/// requests are dropped once it is checked. Whatever the input, the compilation finds the same
/// diagnostics, for the input and for each message, and counts the same messages; only the
/// requests are gone.
@Suite struct KeepsRequestsTests {
  /// Compiles `text` both ways and expects the same findings, and no request where they are
  /// dropped.
  static func expectAlike(
    _ text: String, name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let kept = SpeculativeLoweringTests.lint(
      text, name: name, speculating: true, keepsRequests: true)
    let dropped = SpeculativeLoweringTests.lint(
      text, name: name, speculating: true, keepsRequests: false)
    #expect(kept.diagnostics == dropped.diagnostics, sourceLocation: sourceLocation)
    #expect(kept.summary == dropped.summary, sourceLocation: sourceLocation)
    #expect(kept.messages.count == dropped.messages.count, sourceLocation: sourceLocation)
    for (expected, actual) in zip(kept.messages, dropped.messages) {
      #expect(expected.diagnostics == actual.diagnostics, sourceLocation: sourceLocation)
      #expect(expected.span == actual.span, sourceLocation: sourceLocation)
      #expect(expected.pointer == actual.pointer, sourceLocation: sourceLocation)
      #expect(
        expected.documentHasErrors == actual.documentHasErrors, sourceLocation: sourceLocation)
      #expect(actual.fcmRequest == nil, sourceLocation: sourceLocation)
      #expect(actual.apnsRequest == nil, sourceLocation: sourceLocation)
    }
  }

  @Test func aCleanMessageAndOneWithFindingsAreFoundAlike() {
    Self.expectAlike(SpeculativeLoweringTests.clean, name: "case.json")
    Self.expectAlike(SpeculativeLoweringTests.withFindings, name: "case.json")
    let kept = SpeculativeLoweringTests.lint(
      SpeculativeLoweringTests.clean, name: "case.json", speculating: true)
    #expect(kept.messages.first?.apnsRequest != nil && kept.messages.first?.fcmRequest != nil)
  }

  /// The generated cases one after another, between clean messages.
  @Test func theGeneratedCasesAreFoundAlike() {
    var lines: [String] = []
    for (index, text) in OmittedDataKeysTests.cases.enumerated() {
      lines.append(text)
      lines += Array(repeating: SpeculativeLoweringTests.clean, count: index % 5)
    }
    Self.expectAlike(lines.joined(separator: "\n"), name: "cases.ndjson")
  }

  /// Compiles `text` as `pushc compile` does for an APNs target, keeping the FCM requests
  /// or not, or the payloads' bytes alone.
  static func compile(
    _ text: String, name: String, keepsFCMRequests: Bool, keepsPayloadBytesOnly: Bool = false
  ) -> PushCompilation {
    var options = PushCompiler.Options(lowering: APNSLowering.Options(now: 1_700_000_000))
    options.keepsFCMRequests = keepsFCMRequests
    options.keepsPayloadBytesOnly = keepsPayloadBytesOnly
    return PushCompiler(options: options).compile(text: text, name: name)
  }

  /// Without ``PushCompiler/Options/keepsFCMRequests``, each message keeps the same APNs
  /// request and findings, and its FCM request is dropped.
  @Test(arguments: PushCompilerTreeTests.samplePaths())
  func aSampleKeepsItsAPNSRequestWithoutItsFCMRequest(path: String) throws {
    let url = RepositoryPaths.samples.appendingPathComponent(path)
    let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    let kept = Self.compile(text, name: path, keepsFCMRequests: true)
    let dropped = Self.compile(text, name: path, keepsFCMRequests: false)
    #expect(kept.diagnostics == dropped.diagnostics)
    #expect(kept.summary == dropped.summary)
    #expect(kept.messages.count == dropped.messages.count)
    for (expected, actual) in zip(kept.messages, dropped.messages) {
      #expect(expected.diagnostics == actual.diagnostics)
      #expect(expected.apnsRequest == actual.apnsRequest)
      #expect(actual.fcmRequest == nil && actual.fcmRequestBody == nil)
    }
  }

  /// With ``PushCompiler/Options/keepsPayloadBytesOnly``, each message keeps the same
  /// payload bytes and findings, and nothing else of its requests.
  @Test(arguments: PushCompilerTreeTests.samplePaths())
  func aSampleKeepsItsPayloadBytesAlone(path: String) throws {
    let url = RepositoryPaths.samples.appendingPathComponent(path)
    let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    let kept = Self.compile(text, name: path, keepsFCMRequests: false)
    let bytesOnly = Self.compile(
      text, name: path, keepsFCMRequests: false, keepsPayloadBytesOnly: true)
    #expect(kept.diagnostics == bytesOnly.diagnostics)
    #expect(kept.summary == bytesOnly.summary)
    #expect(kept.messages.count == bytesOnly.messages.count)
    for (expected, actual) in zip(kept.messages, bytesOnly.messages) {
      #expect(expected.diagnostics == actual.diagnostics)
      #expect(expected.hasErrors == actual.hasErrors)
      #expect(expected.apnsRequest?.payloadBytes == actual.apnsRequest?.payloadBytes)
      #expect(actual.apnsRequest.map { $0.headers.isEmpty && $0.payload.isNull } ?? true)
      #expect(actual.apnsRequest.map { $0.payloadProvenance.isEmpty } ?? true)
      #expect(actual.fcmRequest == nil && actual.fcmRequestBody == nil)
    }
  }

  @Test func aCleanMessageKeepsOnlyItsAPNSRequest() {
    let text = SpeculativeLoweringTests.clean
    let kept = Self.compile(text, name: "case.json", keepsFCMRequests: true)
    let dropped = Self.compile(text, name: "case.json", keepsFCMRequests: false)
    #expect(kept.messages.first?.fcmRequest != nil)
    #expect(dropped.messages.first?.fcmRequest == nil)
    #expect(dropped.messages.first?.apnsRequest != nil)
    #expect(dropped.messages.first?.apnsRequest == kept.messages.first?.apnsRequest)
  }

  @Test(arguments: PushCompilerTreeTests.samplePaths())
  func aSampleIsFoundAlike(path: String) throws {
    let url = RepositoryPaths.samples.appendingPathComponent(path)
    Self.expectAlike(String(decoding: try Data(contentsOf: url), as: UTF8.self), name: path)
  }
}
