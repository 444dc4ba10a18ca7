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
    // The message's APNs request as rendered, for a delivery whose request renders alike (an
    // iOS token's delivery is the same request with the same token, most of the time).
    var rendered: RenderedAPNSRequest?
    if let apnsRequest {
      output.append(literal: #","apns":"#)
      if deliveries.isEmpty {
        renderer.appendCompactRequestDocument(for: apnsRequest, to: &output)
      } else {
        var document: [UInt8] = []
        // Room for the payload and the headers, so the document does not regrow.
        document.reserveCapacity(apnsRequest.payloadBytes.count + 512)
        renderer.appendCompactRequestDocument(for: apnsRequest, to: &document)
        output.append(contentsOf: document)
        rendered = RenderedAPNSRequest(request: apnsRequest, document: document)
      }
    }
    if !deliveries.isEmpty {
      output.append(literal: #","deliveries":["#)
      for (index, delivery) in deliveries.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        delivery.appendRecordJSON(to: &output, renderer: renderer, rendered: rendered)
      }
      output.append(UInt8(ascii: "]"))
    }
    output.append(UInt8(ascii: "}"))
  }
}

extension FCMRecord.Delivery {
  /// Appends `jsonValue` as compact canonical JSON to `output`, as
  /// ``FCMRecord/appendRecordJSON(to:)`` does.
  func appendRecordJSON(
    to output: inout [UInt8], renderer: APNSRequestRenderer, rendered: RenderedAPNSRequest? = nil
  ) {
    output.append(literal: #"{"token":"#)
    CanonicalJSONWriter.writeString(token, into: &output)
    if let platform {
      output.append(literal: #","platform":"#)
      CanonicalJSONWriter.writeString(platform.rawValue, into: &output)
    }
    if let apnsRequest {
      output.append(literal: #","apns":"#)
      if let rendered, rendered.rendersAlike(apnsRequest) {
        output.append(contentsOf: rendered.document)
      } else {
        renderer.appendCompactRequestDocument(for: apnsRequest, to: &output)
      }
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
