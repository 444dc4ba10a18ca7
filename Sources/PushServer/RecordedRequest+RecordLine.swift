import PushJSON
import PushPayload

extension RecordedRequest {
  /// Appends the record file's line for this request — exactly the bytes of
  /// `jsonValue.compactJSON`, without the newline — writing the members straight into `output`
  /// instead of building a ``ValueNode`` tree first (the per-request cost of `--record`).
  func appendRecordLine(to output: inout [UInt8]) {
    output.append(literal: #"{"sequence":"#)
    DecimalDigits.append(sequence, to: &output)
    // The timestamp has digits and `-:.TZ` only: nothing JSON escapes.
    output.append(literal: #","time":""#)
    ServerClock.appendISO8601(time, to: &output)
    output.append(UInt8(ascii: "\""))
    output.append(literal: #","connection":"#)
    DecimalDigits.append(connectionID, to: &output)
    output.append(literal: #","protocol":"#)
    CanonicalJSONWriter.writeString(transport.rawValue, into: &output)
    output.append(literal: #","method":"#)
    CanonicalJSONWriter.writeString(method, into: &output)
    output.append(literal: #","path":"#)
    CanonicalJSONWriter.writeString(path, into: &output)
    output.append(literal: #","headers":["#)
    for (index, field) in headers.enumerated() {
      if index == 0 { output.append(UInt8(ascii: "[")) } else { output.append(literal: ",[") }
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
      output.append(literal: #","body":"#)
      CanonicalJSONWriter.writeString(utf8: bytes, into: &output)
      return true
    }
    if !wroteText {
      output.append(literal: #","body_base64":"#)
      CanonicalJSONWriter.writeString(Base64.encode(body), into: &output)
    }
    if bodyExceededLimit { output.append(literal: #","body_truncated":true"#) }
    output.append(literal: #","response":{"status":"#)
    DecimalDigits.append(status, to: &output)
    if let reason {
      output.append(literal: #","reason":"#)
      CanonicalJSONWriter.writeString(reason, into: &output)
    }
    if let apnsID {
      output.append(literal: #","apns_id":"#)
      CanonicalJSONWriter.writeString(apnsID, into: &output)
    }
    if let rule {
      output.append(literal: #","rule":"#)
      CanonicalJSONWriter.writeString(rule, into: &output)
    }
    output.append(literal: #"},"diagnostics":"#)
    let writer = CanonicalJSONWriter(style: .compact)
    if diagnostics.isEmpty {
      output.append(literal: "[]")
    } else {
      let rendered = DiagnosticJSONRenderer(style: .compact).document(for: diagnostics)
      writer.write(rendered.objectValue?["diagnostics"] ?? .list([]), into: &output)
    }
    if let fcm {
      output.append(literal: #","fcm":"#)
      fcm.appendRecordJSON(to: &output)
    }
    output.append(UInt8(ascii: "}"))
  }
}
