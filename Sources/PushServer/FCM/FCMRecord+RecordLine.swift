import PushJSON
import PushPayload

extension FCMRecord {
  /// Appends `jsonValue` as compact canonical JSON to `output`: the same bytes, written member
  /// by member, with each APNs request's payload copied from the bytes lowering wrote instead
  /// of written again (a message's payload is most of its record).
  func appendRecordJSON(to output: inout [UInt8]) {
    output.append(contentsOf: #"{"project":"#.utf8)
    CanonicalJSONWriter.writeString(project, into: &output)
    if validateOnly { output.append(contentsOf: #","validate_only":true"#.utf8) }
    if let target {
      output.append(contentsOf: #","target":{"#.utf8)
      CanonicalJSONWriter.writeString(target.field, into: &output)
      output.append(UInt8(ascii: ":"))
      CanonicalJSONWriter.writeString(target.value, into: &output)
      output.append(UInt8(ascii: "}"))
    }
    if let messageName {
      output.append(contentsOf: #","name":"#.utf8)
      CanonicalJSONWriter.writeString(messageName, into: &output)
    }
    if let error {
      output.append(contentsOf: #","error":"#.utf8)
      CanonicalJSONWriter.writeString(error, into: &output)
    }
    let renderer = APNSRequestRenderer()
    if let apnsRequest {
      output.append(contentsOf: #","apns":"#.utf8)
      renderer.appendCompactRequestDocument(for: apnsRequest, to: &output)
    }
    if !deliveries.isEmpty {
      output.append(contentsOf: #","deliveries":["#.utf8)
      for (index, delivery) in deliveries.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        delivery.appendRecordJSON(to: &output, renderer: renderer)
      }
      output.append(UInt8(ascii: "]"))
    }
    output.append(UInt8(ascii: "}"))
  }
}

extension FCMRecord.Delivery {
  /// Appends `jsonValue` as compact canonical JSON to `output`, as
  /// ``FCMRecord/appendRecordJSON(to:)`` does.
  func appendRecordJSON(to output: inout [UInt8], renderer: APNSRequestRenderer) {
    output.append(contentsOf: #"{"token":"#.utf8)
    CanonicalJSONWriter.writeString(token, into: &output)
    if let platform {
      output.append(contentsOf: #","platform":"#.utf8)
      CanonicalJSONWriter.writeString(platform.rawValue, into: &output)
    }
    if let apnsRequest {
      output.append(contentsOf: #","apns":"#.utf8)
      renderer.appendCompactRequestDocument(for: apnsRequest, to: &output)
    }
    if let forwardedStatus {
      output.append(contentsOf: #","forwarded":{"status":"#.utf8)
      output.append(contentsOf: String(forwardedStatus).utf8)
      if let forwardedReason {
        output.append(contentsOf: #","reason":"#.utf8)
        CanonicalJSONWriter.writeString(forwardedReason, into: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
    output.append(UInt8(ascii: "}"))
  }
}
