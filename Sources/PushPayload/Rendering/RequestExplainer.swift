public import PushDiagnostics
import PushJSON

/// Explains an ``APNS/Request`` line by line: for every header and payload key, its value, where
/// it came from (the input place, or the default or inference rule that produced it) and the
/// bytes it adds to the payload.
///
/// ```
/// HEADERS
///   apns-push-type   alert        inferred: 'aps' has 'alert', which the user sees or hears
/// PAYLOAD  96 of 4096 bytes (2.3%), 4000 left
///    bytes  key                value             from
///       63  aps                {…}               notification at 2:19
///       44    alert            {…}               notification at 2:19
/// ```
public struct RequestExplainer: Sendable {
  /// The input the request was built from, to turn spans into lines and columns.
  public var file: SourceFile?
  /// The widest value shown before it is shortened with `…`.
  public var maximumValueWidth: Int

  /// Creates an explainer.
  public init(file: SourceFile?, maximumValueWidth: Int = 32) {
    self.file = file
    self.maximumValueWidth = maximumValueWidth
  }

  /// The explanation as text, each line ending in a newline.
  public func explain(_ request: APNS.Request) -> String {
    var lines: [String] = []
    lines.append("HEADERS")
    let nameWidth = max(16, (request.headers.map(\.name.count).max() ?? 0) + 2)
    if let token = request.deviceToken {
      let provenance = token.source.map(Provenance.input) ?? .option(name: "--device-token")
      lines.append(
        "  " + pad(":path", nameWidth)
          + pad(shorten("/3/device/" + token.value), maximumValueWidth + 2)
          + origin(of: provenance)
      )
    }
    for header in request.headers {
      lines.append(
        "  " + pad(header.name, nameWidth) + pad(shorten(header.value), maximumValueWidth + 2)
          + origin(of: header.provenance)
      )
    }
    if request.headers.isEmpty { lines.append("  (none)") }

    let report = PayloadSizeReport(request: request)
    let percent = Double(report.byteCount) * 100 / Double(max(report.limit, 1))
    let state =
      report.isOverLimit
      ? "\(report.byteCount - report.limit) over"
      : "\(report.remainingByteCount) left"
    lines.append("")
    lines.append(
      "PAYLOAD  \(report.byteCount) of \(report.limit) bytes (\(formatPercent(percent))), \(state)"
        + (report.measurement == .sourceBytes ? ", measured on the bytes as given" : "")
    )
    lines.append("   bytes  " + pad("key", 22) + pad("value", maximumValueWidth + 2) + "from")
    lines.append(bytesRow(report.topLevelOverhead, "{ }", "", "braces and separators"))
    // Values are taken from the members by position, not looked up by pointer: a lookup scans
    // the object (quadratic on large payloads) and finds the last of duplicate keys.
    let topMembers = request.payload.objectValue?.members ?? []
    let apsIndex = topMembers.lastIndex {
      $0.key == APNS.Payload.apsKey && $0.value.objectValue != nil
    }
    for (index, member) in zip(topMembers.indices, report.topLevel) {
      let value = topMembers[index].value
      lines.append(payloadRow(member, value: value, depth: 0, request: request))
      guard index == apsIndex, let apsObject = value.objectValue else { continue }
      for (apsMember, apsValue) in zip(report.aps, apsObject.members.map(\.value)) {
        lines.append(payloadRow(apsMember, value: apsValue, depth: 1, request: request))
        if apsMember.key == APNS.APS.Key.alert.rawValue, let alert = apsValue.objectValue {
          let children = report.contributions(
            ofMembersOf: alert, in: apsValue.span, at: apsMember.pointer)
          for (child, childValue) in zip(children, alert.members.map(\.value)) {
            lines.append(payloadRow(child, value: childValue, depth: 2, request: request))
          }
        }
      }
      if !report.aps.isEmpty {
        lines.append(
          bytesRow(report.apsOverhead, "  \"aps\":{ }", "", "key, braces and separators", depth: 0))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: - Rows

  private func payloadRow(
    _ member: PayloadSizeReport.Contribution, value node: ValueNode, depth: Int,
    request: APNS.Request
  ) -> String {
    let value = preview(node)
    var provenance = request.provenance(ofPayloadValueAt: member.pointer)
    // A value copied with an ancestor from the input is shown at its own place, not the
    // ancestor's (every key of a raw payload would otherwise point at the payload's brace).
    if request.payloadProvenance[member.pointer] == nil, case .input? = provenance,
      member.keySpan.count > 0,
      let pointer = request.inputPointer(ofPayloadValueAt: member.pointer)
    {
      provenance = .input(
        SourceReference(pointer: pointer, span: member.valueSpan, keySpan: member.keySpan))
    }
    return bytesRow(member.byteCount, member.key, value, provenance.map(origin) ?? "", depth: depth)
  }

  private func bytesRow(
    _ bytes: Int, _ key: String, _ value: String, _ origin: String, depth: Int = 0
  ) -> String {
    let count = String(bytes)
    return String(repeating: " ", count: max(0, 8 - count.count)) + count + "  "
      + pad(String(repeating: "  ", count: depth) + key, 22) + pad(value, maximumValueWidth + 2)
      + origin
  }

  // MARK: - Text

  /// Where a value came from, in words.
  func origin(of provenance: Provenance) -> String {
    switch provenance {
    case .input(let reference):
      return "input \(reference.pointer)" + place(of: reference)
    case .derived(let rule, let references):
      let from = references.first.map { " \($0.pointer)" + place(of: $0) } ?? ""
      return "from \(rule)"
        + (from.isEmpty || rule == references.first?.pointer.description ? "" : " at" + from)
    case .inferred(_, let reason):
      return "inferred: \(reason)"
    case .defaulted(_, let reason):
      return "default: \(reason)"
    case .option(let name):
      return "option \(name)"
    case .injectedByFCM(let reason):
      return "added by FCM on delivery: \(reason) (placeholder)"
    }
  }

  private func place(of reference: SourceReference) -> String {
    guard let file else { return "" }
    let position = file.position(at: (reference.keySpan ?? reference.span).start)
    return " (\(file.name):\(position.line):\(position.column))"
  }

  private func preview(_ node: ValueNode) -> String {
    switch node.kind {
    case .object(let object): object.isEmpty ? "{}" : "{…}"
    case .array(let elements): elements.isEmpty ? "[]" : "[…]"
    default: shorten(CanonicalJSONWriter().string(for: node))
    }
  }

  /// `text`, cut to at most ``maximumValueWidth`` terminal columns with `…` marking the cut.
  private func shorten(_ text: String) -> String {
    guard AnnotatedSourceRenderer.displayWidth(text) > maximumValueWidth else { return text }
    var result = ""
    var width = 0
    for character in text {
      let characterWidth = AnnotatedSourceRenderer.displayWidth(String(character))
      guard width + characterWidth < maximumValueWidth else { break }
      result.append(character)
      width += characterWidth
    }
    return result + "…"
  }

  private func pad(_ text: String, _ width: Int) -> String {
    let count = AnnotatedSourceRenderer.displayWidth(text)
    return count >= width ? text + " " : text + String(repeating: " ", count: width - count)
  }

  private func formatPercent(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)%"
  }
}
