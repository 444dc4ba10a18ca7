import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

@Suite struct PushCompilerTests {
  /// Every diagnostic of a message is reported once, and the file's own diagnostics (here a
  /// duplicate key warning of the reader) are kept besides the message's.
  @Test func inputAndMessageDiagnosticsAreEachReportedOnce() {
    let file = SourceFile(
      name: "m.json",
      text: #"{"token": "t", "token": "u", "data": {"from": "x"}}"#)
    let parsed = JSONReader.read(file, options: .init(duplicateKeySeverity: .warning))
    let compilation = PushCompiler(options: .init(lowering: .init(now: 0))).compile(parsed)
    let ids = compilation.diagnostics.map(\.id)
    #expect(ids.filter { $0 == .fcmReservedDataKey }.count == 1)
    #expect(ids.filter { $0 == .jsonDuplicateKey }.count == 1)
  }

  /// Separating the file's diagnostics from the messages' is linear: it used to search every
  /// message's diagnostics for each diagnostic, hours for this input.
  @Test(.timeLimit(.minutes(1))) func manyDiagnosticsAreSeparatedInLinearTime() {
    let count = 40_000
    let members = (0..<count).map { #""google.k\#($0)": "v""# }.joined(separator: ",")
    let text = #"{"token": "t", "data": {"# + members + "}}"
    let parsed = JSONReader.read(SourceFile(name: "big.json", text: text))
    let compilation = PushCompiler(options: .init(lowering: .init(now: 0))).compile(parsed)
    #expect(compilation.diagnostics.filter { $0.id == .fcmReservedDataKey }.count == count)
  }

  // MARK: - Kind detection

  static func compile(_ text: String, name: String = "in.json", kind: APNSInputKind? = nil)
    -> PushCompilation
  {
    let parsed = JSONReader.read(SourceFile(name: name, text: text))
    return PushCompiler(options: .init(kind: kind, lowering: .init(now: 0))).compile(parsed)
  }

  /// A first document with no kind's marks is one error, with what it is, and nothing is read.
  @Test(arguments: [
    (#"{}"#, "an empty dictionary"),
    (#"{"name": "x"}"#, "a dictionary with the key 'name'"),
    (
      #"{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}"#,
      "a dictionary with the keys 'a', 'b', 'c' and 2 more"
    ),
    (#"[]"#, "an empty array"),
    (
      #"[{"x": 1, "y": 2}]"#,
      "an array whose first element is a dictionary with the keys 'x' and 'y'"
    ),
    (#"42"#, "a number (42)"),
  ])
  func documentOfNoKindIsAnError(text: String, found: String) throws {
    let compilation = Self.compile(text)
    #expect(compilation.kind == nil)
    #expect(compilation.messages.isEmpty)
    let diagnostic = try #require(compilation.diagnostics.first)
    #expect(compilation.diagnostics.count == 1)
    #expect(diagnostic.id == .inputUnknownKind)
    #expect(diagnostic.severity == .error)
    #expect(
      diagnostic.message
        == "this is not an FCM message, an APNs payload, an APNs request document or a "
        + "Simulator file: it is \(found)")
    #expect(diagnostic.range?.start.offset == 0)
    #expect(diagnostic.pointer == .root)
    #expect(diagnostic.notes.map(\.message) == [Diagnostic.Note.inputKindMarks.message])
    #expect(diagnostic.fixIts.map(\.message).first?.contains("--kind fcm, apns") == true)
    #expect(compilation.summary == LintSummary(files: 1, messages: 0, errors: 1, warnings: 0))
  }

  /// The kind of a source read into a tree, told from the outline of its first document, is
  /// the kind its whole first document has: down nested arrays, with keys whose values are
  /// objects or not.
  @Test(arguments: [
    #"[[{"aps":{}}]]"#, #"[[[{"message":{"topic":"a"}}]]]"#, #"{"message": {"topic": "a"}}"#,
    #"{"message": 1}"#, #"{"message": []}"#, #"[{"Simulator Target Bundle":"x","aps":{}}]"#,
    #"{"Simulator Target Bundle":"x","aps":{}}"#, #"[{"headers":{}},{"aps":{}}]"#,
    #"{"device_token":"ab","payload":{"aps":{}}}"#, #"[[1]]"#, #"[]"#, #"{}"#, #""text""#,
    #"{"a":{"b":{"c":[1,{"d":2}]}}}"#, #"[{"x":[{"aps":1}]}]"#, #"{"topic":"t"} {"aps":{}}"#,
  ])
  func theKindOfATreeIsTheKindOfItsWholeFirstDocument(text: String) {
    let file = SourceFile(name: "in.ndjson", text: text)
    let options = JSONReader.Options(allowsMultipleDocuments: true)
    let tree = JSONReader.readTree(file, options: options)
    let nodes = JSONReader.read(file, options: options)
    #expect(tree.isTree)
    #expect(APNSInputReader.detectKind(of: tree) == APNSInputReader.detectKind(of: nodes))
    let compiler = PushCompiler(options: .init(lowering: .init(now: 0)))
    let fromTree = compiler.compile(tree)
    let fromNodes = compiler.compile(nodes)
    #expect(fromTree.kind == fromNodes.kind)
    #expect(fromTree.diagnostics == fromNodes.diagnostics)
  }

  @Test func workflowFileIsNotAPayload() {
    let workflow = #"{"name": "CI", "on": ["push"], "jobs": {"lint": {"runs-on": "ubuntu"}}}"#
    let compilation = Self.compile(workflow, name: "ci.json")
    #expect(compilation.diagnostics.map(\.id) == [.inputUnknownKind])
    #expect(
      compilation.diagnostics.first?.message.hasSuffix(
        "it is a dictionary with the keys 'name', 'on' and 'jobs'") == true)
  }

  /// Syntax errors are the problem of a broken input; its kind is not reported on top.
  @Test func syntaxErrorsComeAlone() {
    let compilation = Self.compile(#"{"name": 1, "name": 2}"#)
    #expect(compilation.kind == nil)
    #expect(compilation.diagnostics.map(\.id) == [.jsonDuplicateKey])
  }

  /// A given kind skips detection: an empty FCM message has no target, as the SDKs say.
  @Test func givenKindReadsAnyDocument() {
    let fcm = Self.compile("{}", kind: .fcm)
    #expect(fcm.kind == .fcm)
    #expect(fcm.diagnostics.map(\.id) == [.fcmMissingTarget])
    let apns = Self.compile(#"{"caller": "Ann"}"#, kind: .payload)
    #expect(apns.kind == .payload)
    #expect(apns.diagnostics.map(\.id).contains(.apnsMissingAPS))
  }

  /// Detected kinds are unchanged: the marks of each kind, and an empty input read as FCM.
  @Test func markedDocumentsKeepTheirKind() {
    #expect(Self.compile(#"{"message": {}}"#).diagnostics.map(\.id) == [.fcmMissingTarget])
    #expect(Self.compile(#"{"aps": {"alert": "Hi"}}"#).kind == .payload)
    #expect(Self.compile(#"{"headers": {}, "payload": {"aps": {}}}"#).kind == .request)
    let empty = PushCompiler(options: .init(lowering: .init(now: 0))).compile(
      ParsedSource(
        file: SourceFile(name: "e.yaml", text: ""), format: .yaml, documents: [], diagnostics: []))
    #expect(empty.kind == .fcm)
    #expect(empty.diagnostics.map(\.id) == [.fcmNoMessages])
  }

  /// The request body is built when read, from the request: it is the encoder's tree, and it
  /// stays what it was when the request is changed afterwards.
  @Test func requestBodyIsTheEncodingOfTheRequestAsCompiled() throws {
    let compilation = Self.compile(#"{"topic": "a", "data": {"k": "v"}}"#)
    var message = try #require(compilation.messages.first)
    let request = try #require(message.fcmRequest)
    let body = try #require(message.fcmRequestBody)
    #expect(body == FCMRequestEncoder().encode(request))
    message.fcmRequest = nil
    #expect(message.fcmRequestBody == body)
    message.fcmRequestBody = nil
    #expect(message.fcmRequestBody == nil)
  }
}

extension PushCompilerTests {
  /// Inputs compiled one after another with one interner for all their pointers (as the CLI
  /// compiles a folder of small files) compile as each does alone: the same diagnostics,
  /// requests and payloads, whatever the interner holds from the inputs before.
  @Test func inputsSharingAnInternerCompileAsEachAlone() throws {
    let files = try RuleRegistryTests.sampleFiles()
    #expect(files.count > 20)
    let compiler = PushCompiler(
      options: .init(lowering: .init(now: 1_700_000_000, bundleID: "com.example.app")))
    let pointers = JSONPointerInterner()
    // Twice over, so that the second round finds every pointer interned.
    for file in files + files {
      let parsed = JSONReader.read(file)
      let alone = compiler.compile(parsed)
      let shared = compiler.compile(parsed, sharingPointersWith: pointers)
      #expect(shared.diagnostics == alone.diagnostics, "\(file.name)")
      #expect(shared.messages.map(\.pointer) == alone.messages.map(\.pointer))
      #expect(shared.messages.map(\.fcmRequest) == alone.messages.map(\.fcmRequest))
      #expect(shared.messages.map(\.apnsRequest) == alone.messages.map(\.apnsRequest))
    }
    #expect(pointers.count > 0)
  }
}
