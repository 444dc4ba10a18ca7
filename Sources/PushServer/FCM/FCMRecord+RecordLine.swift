import PushJSON
import PushPayload

extension FCMRecord {
  /// Appends `jsonValue` as compact canonical JSON to `output`: the same bytes, written member
  /// by member, with each APNs request's payload copied from the bytes lowering wrote instead
  /// of written again (a message's payload is most of its record).
  func appendRecordJSON(to output: inout [UInt8]) {
    output.append(literal: #"{"project":"#)
    CanonicalJSONWriter.writeString(project, into: &output)
    if validateOnly { output.append(literal: #","validate_only":true"#) }
    if let target {
      output.append(literal: #","target":{"#)
      CanonicalJSONWriter.writeString(target.field, into: &output)
      output.append(UInt8(ascii: ":"))
      CanonicalJSONWriter.writeString(target.value, into: &output)
      output.append(UInt8(ascii: "}"))
    }
    if let messageName {
      output.append(literal: #","name":"#)
      CanonicalJSONWriter.writeString(messageName, into: &output)
    }
    if let error {
      output.append(literal: #","error":"#)
      CanonicalJSONWriter.writeString(error, into: &output)
    }
    let renderer = APNSRequestRenderer()
    if let apnsRequest {
      output.append(literal: #","apns":"#)
      renderer.appendCompactRequestDocument(for: apnsRequest, to: &output)
    }
    if !deliveries.isEmpty {
      output.append(literal: #","deliveries":["#)
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
    output.append(literal: #"{"token":"#)
    CanonicalJSONWriter.writeString(token, into: &output)
    if let platform {
      output.append(literal: #","platform":"#)
      CanonicalJSONWriter.writeString(platform.rawValue, into: &output)
    }
    if let apnsRequest {
      output.append(literal: #","apns":"#)
      renderer.appendCompactRequestDocument(for: apnsRequest, to: &output)
    }
    if let forwardedStatus {
      output.append(literal: #","forwarded":{"status":"#)
      DecimalDigits.append(forwardedStatus, to: &output)
      if let forwardedReason {
        output.append(literal: #","reason":"#)
        CanonicalJSONWriter.writeString(forwardedReason, into: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
    output.append(UInt8(ascii: "}"))
  }
}
