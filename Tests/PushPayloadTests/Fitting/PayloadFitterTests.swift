import PushDiagnostics
import PushJSON
import PushPayload
import Testing

@Suite struct PayloadFitterTests {
  func payload(body: String, extra: String = "") throws -> ValueNode {
    var node = ValueNode(
      .object(
        JSONObject([
          .init(
            key: "aps",
            value: ValueNode(
              .object(
                JSONObject([
                  .init(
                    key: "alert",
                    value: ValueNode(
                      .object(
                        JSONObject([
                          .init(key: "title", value: ValueNode(.string("T"))),
                          .init(key: "body", value: ValueNode(.string(body))),
                        ]))))
                ]))))
        ])))
    if !extra.isEmpty {
      node = try #require(
        node.objectValue.map { object in
          var object = object
          object.members.append(.init(key: "blob", value: ValueNode(.string(extra))))
          return ValueNode(.object(object))
        })
    }
    return node
  }

  func fit(_ node: ValueNode, _ options: PayloadFitter.Options) -> (
    PayloadFitter.Result?, [Diagnostic]
  ) {
    var collector = DiagnosticCollector()
    let result = PayloadFitter(options: options).fit(node, collector: &collector)
    return (result, collector.diagnostics)
  }

  @Test func aFittingPayloadIsUnchanged() throws {
    let node = try payload(body: "short")
    let (result, diagnostics) = fit(node, .init(maximumBytes: 4096))
    #expect(diagnostics.isEmpty)
    #expect(result?.cut == nil)
    #expect(result?.payload == node)
  }

  /// For every budget the result is as large as possible but within it.
  @Test(arguments: [60, 61, 62, 63, 64, 70, 80, 99])
  func resultIsMaximalWithinTheBudget(_ budget: Int) throws {
    let body = "가나다 라마바 \"사아\" 자차카 타파하 😀👍🏽 끝"
    let node = try payload(body: body)
    let writer = CanonicalJSONWriter()
    let (result, diagnostics) = fit(node, .init(maximumBytes: budget))
    #expect(diagnostics.isEmpty)
    let fitted = try #require(result)
    let size = writer.encodedByteCount(of: fitted.payload)
    #expect(size <= budget)
    let cut = try #require(fitted.cut)
    #expect(cut.bytesAfter == size)
    #expect(cut.shortened.hasSuffix("…"))
    // One more character would not fit.
    let kept = String(cut.shortened.dropLast())
    if kept.count < body.count {
      let longer = String(body.prefix(kept.count + 1)) + "…"
      let bigger = try #require(
        fitted.payload.replacing(at: cut.pointer, with: ValueNode(.string(longer))))
      let trimmedBody = body.prefix(kept.count + 1)
      if trimmedBody.last?.isWhitespace == false {
        #expect(writer.encodedByteCount(of: bigger) > budget)
      }
    }
  }

  @Test func neverSplitsAGraphemeCluster() throws {
    let node = try payload(body: String(repeating: "👍🏽", count: 20))
    let (result, _) = fit(node, .init(maximumBytes: 80))
    let shortened = try #require(result?.cut?.shortened)
    #expect(shortened.dropLast().allSatisfy { $0 == "👍🏽" })
  }

  @Test func escapesAreCounted() throws {
    let node = try payload(body: String(repeating: "\"", count: 40))
    let (result, _) = fit(node, .init(maximumBytes: 60))
    let fitted = try #require(result)
    #expect(CanonicalJSONWriter().encodedByteCount(of: fitted.payload) <= 60)
  }

  @Test func wordPolicyBacksUpToAWordBoundary() throws {
    let node = try payload(body: "alpha beta gamma delta epsilon")
    let (result, _) = fit(node, .init(policy: .truncateWord, maximumBytes: 60))
    let shortened = try #require(result?.cut?.shortened)
    #expect(
      ["alpha beta gamma…", "alpha beta…", "alpha…", "alpha beta gamma delta…"].contains(shortened))
    let (graphemeResult, _) = fit(node, .init(policy: .truncateBody, maximumBytes: 60))
    #expect(graphemeResult?.cut?.shortened.count ?? 0 >= shortened.count)
  }

  @Test func stringAlertIsShortened() throws {
    let node = ValueNode(
      .object(
        JSONObject([
          .init(
            key: "aps",
            value: ValueNode(
              .object(
                JSONObject([
                  .init(key: "alert", value: ValueNode(.string(String(repeating: "x", count: 100))))
                ]))))
        ])))
    let (result, _) = fit(node, .init(maximumBytes: 50))
    #expect(result?.cut?.pointer.description == "/aps/alert")
    #expect(CanonicalJSONWriter().encodedByteCount(of: try #require(result?.payload)) == 50)
  }

  @Test func failsWhenNothingCanMakeItFit() throws {
    let node = try payload(body: "body", extra: String(repeating: "d", count: 200))
    let (result, diagnostics) = fit(node, .init(maximumBytes: 100))
    #expect(result == nil)
    #expect(diagnostics.map(\.id) == [.apnsFitImpossible])
  }

  @Test func dataKeysAreTouchedOnlyWhenNamed() throws {
    let node = try payload(body: "body", extra: String(repeating: "d", count: 200))
    let (result, diagnostics) = fit(node, .init(maximumBytes: 100, target: .topLevelKey("blob")))
    #expect(diagnostics.isEmpty)
    #expect(result?.cut?.pointer.description == "/blob")
    #expect(result?.payload[JSONPointer("/aps/alert/body")!]?.stringValue == "body")
  }

  @Test func noBodyToShorten() throws {
    let node = ValueNode(
      .object(
        JSONObject([.init(key: "k", value: ValueNode(.string(String(repeating: "x", count: 99))))]))
    )
    let (result, diagnostics) = fit(node, .init(maximumBytes: 50))
    #expect(result == nil)
    #expect(diagnostics.map(\.id) == [.apnsFitNoTarget])
  }
}
