import PushDiagnostics
package import PushJSON

extension PayloadFitter.Cut {
  /// The FCM v1 request body of `request` with the shortened string written back to the field
  /// of the FCM message it came from: `notification.body`, a `data` value, or a value inside
  /// `apns.payload`.
  ///
  /// The field is found from the provenance of the cut value in the lowered request, so there
  /// is no list of fields here: the FCM request body names a message's fields as they are
  /// written in the input (apart from the wrapper), and the string found at that place in the
  /// body is replaced.
  ///
  /// - Parameters:
  ///   - request: The FCM send request the APNs request was lowered from.
  ///   - apnsRequest: The lowered request, before the cut.
  /// - Returns: The request body, or `nil` when the string did not come from a field of the
  ///   message that holds it as a string.
  package func fcmRequestBody(for request: FCM.SendRequest, loweredTo apnsRequest: APNS.Request)
    -> ValueNode?
  {
    guard let source = apnsRequest.inputPointer(ofPayloadValueAt: pointer) else { return nil }
    let messageTokens = request.message.source?.pointer.tokens ?? []
    guard source.tokens.starts(with: messageTokens), source.tokens.count > messageTokens.count
    else { return nil }
    let field = JSONPointer(
      tokens: ["message"] + source.tokens.dropFirst(messageTokens.count)
    )
    let body = FCMRequestEncoder().encode(request)
    guard body[field]?.stringValue != nil else { return nil }
    return body.replacing(at: field, with: ValueNode(.string(shortened)))
  }
}
