import PushDiagnostics
import PushJSON
import PushPayload
import Testing
import _PushPayloadTestSupport

/// The result of reading and checking marked APNs input.
struct APNSCheckRun {
  /// The input without markers.
  let source: MarkedSource
  /// What reading and checking reported, reading first.
  let diagnostics: [Diagnostic]
  /// The requests read.
  let requests: [APNS.Request]

  /// Checks that the diagnostics are exactly `specs`.
  func expect(_ specs: [DiagnosticSpec], sourceLocation: SourceLocation = #_sourceLocation) {
    expectDiagnostics(diagnostics, specs, in: source, sourceLocation: sourceLocation)
  }

  /// The only diagnostic with `id`.
  func diagnostic(_ id: DiagnosticID, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> Diagnostic
  {
    let matching = diagnostics.filter { $0.id == id }
    #expect(
      matching.count == 1, "\(matching.count) '\(id)' diagnostics", sourceLocation: sourceLocation)
    return try #require(matching.first, sourceLocation: sourceLocation)
  }
}

/// Reads `marked` as JSON raw APNs input and checks every request.
///
/// - Parameters:
///   - marked: JSON with markers.
///   - pushType: The `--push-type` option, `alert` unless given (`nil` for none).
///   - topic: The `--topic` option (`nil` for none).
///   - options: Further input options; `pushType` and `topic` are set on them.
///   - fileName: The name of the input, for positions.
///   - configure: Changes to the checker options the reader suggests.
/// - Returns: What reading and checking found.
func checkAPNS(
  _ marked: String,
  pushType: String? = "alert",
  topic: String? = "com.example.app",
  options: APNSInputOptions = APNSInputOptions(),
  fileName: String = "test.json",
  configure: (inout APNSRequestChecker.Options) -> Void = { _ in }
) -> APNSCheckRun {
  let source = MarkedSource(marked)
  let file = SourceFile(name: fileName, text: source.text)
  let parsed = JSONReader.read(file)
  var inputOptions = options
  if inputOptions.pushType == nil { inputOptions.pushType = pushType }
  if inputOptions.topic == nil { inputOptions.topic = topic }
  let read = APNSInputReader(options: inputOptions).read(parsed)
  var diagnostics = parsed.diagnostics + read.diagnostics
  var requests: [APNS.Request] = []
  for definition in read.definitions {
    diagnostics += definition.diagnostics
    var checkerOptions = definition.checkerOptions
    configure(&checkerOptions)
    var collector = DiagnosticCollector(file: file)
    APNSRequestChecker(options: checkerOptions).check(definition.request, collector: &collector)
    diagnostics += collector.diagnostics
    requests.append(definition.request)
  }
  return APNSCheckRun(source: source, diagnostics: diagnostics, requests: requests)
}

/// Reads `marked` as an APNs request document (headers as written, no options) and checks it.
func checkAPNSRequest(
  _ marked: String,
  configure: (inout APNSRequestChecker.Options) -> Void = { _ in }
) -> APNSCheckRun {
  checkAPNS(
    marked, pushType: nil, topic: nil, options: APNSInputOptions(kind: .request),
    configure: configure)
}
