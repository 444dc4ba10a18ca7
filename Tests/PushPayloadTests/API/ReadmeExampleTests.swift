import Foundation
import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

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

/// The README's dependency lines name the package as SwiftPM identifies a checkout in the folder
/// they use, which is also the manifest's name.
@Suite struct ReadmePackageNameTests {
  static func text(_ name: String) throws -> String {
    try String(
      contentsOf: RepositoryPaths.root.appendingPathComponent(name), encoding: .utf8)
  }

  /// The value of the first `key: "value"` after `prefix` in `text`.
  static func quoted(after prefix: String, in text: String) -> String? {
    guard let start = text.range(of: prefix)?.upperBound,
      let end = text[start...].firstIndex(of: "\"")
    else { return nil }
    return String(text[start..<end])
  }

  @Test func theProductLineNamesThePackageOfThePathDependency() throws {
    let readme = try Self.text("README.md")
    let manifest = try Self.text("Package.swift")
    let product = try #require(Self.quoted(after: #"package: ""#, in: readme))
    let path = try #require(Self.quoted(after: #".package(path: ""#, in: readme))
    let name = try #require(Self.quoted(after: #"name: ""#, in: manifest))
    #expect(product == String(path.split(separator: "/").last ?? ""))
    #expect(product == name)
  }
}
