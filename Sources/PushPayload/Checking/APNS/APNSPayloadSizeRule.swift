import PushDiagnostics

/// The body must not be empty, and must fit the push type's limit (4096 bytes, 5120 for VoIP),
/// measured on the exact bytes of ``APNS/Request/payloadBytes``.
///
/// Emits: `apnsPayloadEmpty`, `apnsPayloadTooLarge` (with notes naming the largest
/// contributors, see ``PayloadSizeReport``).
enum APNSPayloadSizeRule {
  /// Checks the size; returns `false` when the body is empty and no payload rule can run.
  static func check(_ context: APNSCheckContext, collector: inout DiagnosticCollector) -> Bool {
    let request = context.request
    let rootLocation = context.location(ofPayloadValueAt: .root, span: request.payload.span)
    guard !request.payloadBytes.isEmpty else {
      collector.emit(.apnsPayloadEmpty(), at: rootLocation)
      return false
    }
    let report = PayloadSizeReport(request: request)
    guard report.isOverLimit else { return true }
    let notes = report.largestContributors(context.options.largestContributorCount).map {
      contribution in
      collector.note(
        "'\(APNSCheckContext.path(contribution.pointer))' contributes "
          + "\(contribution.byteCount) bytes",
        at: context.location(ofPayloadValueAt: contribution.pointer, span: contribution.valueSpan)
      )
    }
    collector.emit(
      .apnsPayloadTooLarge(
        byteCount: report.byteCount,
        limit: report.limit,
        pushType: report.pushType?.rawValue
      ),
      at: rootLocation,
      notes: notes
    )
    return true
  }
}
