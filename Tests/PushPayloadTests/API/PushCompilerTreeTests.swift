import Foundation
import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

/// The compile pipeline gives the same result whether its input is held as ``ValueNode``s
/// (``JSONReader/read(_:)``) or as a ``ValueTree`` (``JSONReader/readTree(_:)``, which
/// `pushc lint` and `compile` use): the same models, lowered requests and diagnostics, for every
/// JSON and NDJSON sample and for inputs that exercise what a tree stores differently (escaped
/// keys and strings, numbers, YAML-like lenient values are not possible in JSON).
@Suite struct PushCompilerTreeTests {
  /// Every `.json` and `.ndjson` file under `samples/`.
  static func samplePaths() -> [String] {
    let root = RepositoryPaths.samples
    guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
    return walker.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".json") || $0.hasSuffix(".ndjson") || $0.hasSuffix(".apns") }
      .sorted()
  }

  /// `file` compiled from nodes and from a tree, read with `options`.
  static func compileBothWays(_ file: SourceFile, options: JSONReader.Options)
    -> (nodes: PushCompilation, tree: PushCompilation, isTree: Bool)
  {
    let compiler = PushCompiler(options: .init(lowering: .init(now: 1_700_000_000)))
    let reader = JSONReader(options: options)
    let fromTree = reader.readTree(file)
    return (compiler.compile(reader.read(file)), compiler.compile(fromTree), fromTree.isTree)
  }

  static func expectSame(_ nodes: PushCompilation, _ tree: PushCompilation) {
    #expect(nodes.kind == tree.kind)
    #expect(nodes.diagnostics == tree.diagnostics)
    #expect(nodes.messages.count == tree.messages.count)
    for (expected, actual) in zip(nodes.messages, tree.messages) {
      #expect(expected.fcmRequest == actual.fcmRequest)
      #expect(expected.apnsRequest == actual.apnsRequest)
      #expect(expected.fcmRequestBody == actual.fcmRequestBody)
      #expect(expected.diagnostics == actual.diagnostics)
      #expect(expected.span == actual.span)
      #expect(expected.pointer == actual.pointer)
    }
  }

  @Test func thereAreSamples() {
    #expect(Self.samplePaths().count >= 100)
  }

  @Test(arguments: samplePaths())
  func aSampleCompilesAlikeFromATree(path: String) throws {
    let url = RepositoryPaths.samples.appendingPathComponent(path)
    let file = SourceFile(name: path, bytes: Array(try Data(contentsOf: url)))
    var options = JSONReader.Options.lenient
    options.allowsMultipleDocuments = path.hasSuffix(".ndjson")
    let (nodes, tree, _) = Self.compileBothWays(file, options: options)
    Self.expectSame(nodes, tree)
  }

  static let inputs = [
    // Keys and strings with escapes, which a tree keeps decoded in its own text.
    #"{"message":{"t\u006fpic":"news","notification":{"title":"caf\u00e9 \ud83d\ude00","body":"a\"b\\c\n"},"data":{"k\u00e9y":"v\/w","id":"76473"}}}"#,
    // Numbers and types the reader reports, and unknown and camelCase fields.
    #"{"message":{"token":"t","android":{"ttl":3600,"priority":"HIGH","notification":{"notification_count":1.0e0}},"apns":{"headers":{"apns-priority":"5"},"payload":{"aps":{"badge":-0,"sound":"default"},"n":12345678901234567890}},"fcmOptions":{"analytics_label":"x"},"unknown":null}}"#,
    // An array of messages, and a send request envelope.
    #"[{"topic":"a","data":{"x":"1"}},{"message":{"condition":"'a' in topics","notification":{"title":"t"}},"validate_only":true}]"#,
    // Values of the wrong type everywhere.
    #"{"message":{"topic":7,"data":{"n":1,"b":true,"o":{},"a":[]},"notification":"x","android":{"notification":{"vibrate_timings":["1s",2],"light_settings":{"color":"ff0000"}}}}}"#,
    // Inputs of no kind, told from the first document's head (arrays cut to one element).
    #"[[1,2,{"a":1}],[3]]"#,
    #"[{"on":1,"jobs":[1,2]},{"topic":"a"}]"#,
  ]

  @Test(arguments: inputs)
  func anInputCompilesAlikeFromATree(_ text: String) {
    let file = SourceFile(name: "message.json", text: text)
    let (nodes, tree, isTree) = Self.compileBothWays(file, options: .lenient)
    #expect(isTree)
    Self.expectSame(nodes, tree)
  }
}
