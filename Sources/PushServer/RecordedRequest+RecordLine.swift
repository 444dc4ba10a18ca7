import PushJSON
import PushPayload

extension RecordedRequest {
  /// Appends the record file's line for this request — exactly the bytes of
  /// `jsonValue.compactJSON`, without the newline — writing the members straight into `output`
  /// instead of building a ``ValueNode`` tree first (the per-request cost of `--record`).
  func appendRecordLine(to output: inout [UInt8]) {
    output.append(contentsOf: #"{"sequence":"#.utf8)
    output.append(contentsOf: String(sequence).utf8)
    output.append(contentsOf: #","time":"#.utf8)
    CanonicalJSONWriter.writeString(ServerClock.iso8601(time), into: &output)
    output.append(contentsOf: #","connection":"#.utf8)
    output.append(contentsOf: String(connectionID).utf8)
    output.append(contentsOf: #","protocol":"#.utf8)
    CanonicalJSONWriter.writeString(transport.rawValue, into: &output)
    output.append(contentsOf: #","method":"#.utf8)
    CanonicalJSONWriter.writeString(method, into: &output)
    output.append(contentsOf: #","path":"#.utf8)
    CanonicalJSONWriter.writeString(path, into: &output)
    output.append(contentsOf: #","headers":["#.utf8)
    for (index, field) in headers.enumerated() {
      output.append(contentsOf: index == 0 ? #"["#.utf8 : #",["#.utf8)
      CanonicalJSONWriter.writeString(field.name, into: &output)
      output.append(UInt8(ascii: ","))
      CanonicalJSONWriter.writeString(field.value, into: &output)
      output.append(UInt8(ascii: "]"))
    }
    output.append(UInt8(ascii: "]"))
    // The body's bytes are escaped as they are, without a `String` made of them: the same
    // validity rule as `String(validating:)` in ``jsonValue`` (a test holds the two together).
    let wroteText = body.withUnsafeBufferPointer { bytes in
      guard UTF8Validation.isValid(bytes, from: 0, to: bytes.count) else { return false }
      output.append(contentsOf: #","body":"#.utf8)
      CanonicalJSONWriter.writeString(utf8: bytes, into: &output)
      return true
    }
    if !wroteText {
      output.append(contentsOf: #","body_base64":"#.utf8)
      CanonicalJSONWriter.writeString(Base64.encode(body), into: &output)
    }
    if bodyExceededLimit { output.append(contentsOf: #","body_truncated":true"#.utf8) }
    output.append(contentsOf: #","response":{"status":"#.utf8)
    output.append(contentsOf: String(status).utf8)
    if let reason {
      output.append(contentsOf: #","reason":"#.utf8)
      CanonicalJSONWriter.writeString(reason, into: &output)
    }
    if let apnsID {
      output.append(contentsOf: #","apns_id":"#.utf8)
      CanonicalJSONWriter.writeString(apnsID, into: &output)
    }
    if let rule {
      output.append(contentsOf: #","rule":"#.utf8)
      CanonicalJSONWriter.writeString(rule, into: &output)
    }
    output.append(contentsOf: #"},"diagnostics":"#.utf8)
    let writer = CanonicalJSONWriter(style: .compact)
    if diagnostics.isEmpty {
      output.append(contentsOf: "[]".utf8)
    } else {
      let rendered = DiagnosticJSONRenderer(style: .compact).document(for: diagnostics)
      writer.write(rendered.objectValue?["diagnostics"] ?? .list([]), into: &output)
    }
    if let fcm {
      output.append(contentsOf: #","fcm":"#.utf8)
      fcm.appendRecordJSON(to: &output)
    }
    output.append(UInt8(ascii: "}"))
  }
}
