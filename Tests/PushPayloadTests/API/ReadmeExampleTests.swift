import PushDiagnostics
import PushJSON
import PushPayload
import Testing

/// The library example in README.md, run as written, so the values its comments promise stay
/// true.
@Suite struct ReadmeExampleTests {
  @Test func theLibraryExampleDoesWhatItSays() throws {
    let file = SourceFile(
      name: "notice.json", text: #"{"topic": "student", "notification": {"title": "공지"}}"#)
    let compiler = PushCompiler(options: .init(lowering: .init(now: 1_700_000_000)))
    let compilation = compiler.compile(JSONReader.read(file))
    #expect(!compilation.hasErrors, "\(TextDiagnosticRenderer().render(compilation.diagnostics))")
    let request = try #require(compilation.messages.first?.apnsRequest)
    #expect(
      String(decoding: request.payloadBytes, as: UTF8.self)
        == #"{"aps":{"alert":{"title":"공지"}}}"#)
    #expect(request.header(.pushType)?.value == "alert")
    #expect(PayloadSizeReport(request: request).remainingByteCount == 4060)
  }
}
