import PushDiagnostics
public import PushReceivingCore

extension ReceivedPushDecoder {
  /// Decodes the `userInfo` of a received notification.
  ///
  /// - Parameter userInfo: `notification.request.content.userInfo`.
  /// - Returns: The decoded push; its diagnostics have pointers but no file positions.
  public func decode(userInfo: [AnyHashable: Any]) -> DecodedPush {
    let (node, diagnostics) = UserInfoConverter.valueNode(from: userInfo)
    var collector = DiagnosticCollector()
    collector.append(contentsOf: diagnostics)
    return decode(node, collector: &collector)
  }
}
