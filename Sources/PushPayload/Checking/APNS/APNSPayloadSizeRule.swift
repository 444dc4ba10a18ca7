import PushDiagnostics
import PushJSON

/// The body must not be empty, and must fit the push type's limit (4096 bytes, 5120 for VoIP),
/// measured on the exact bytes of ``APNS/Request/payloadBytes`` (or their count,
/// ``APNS/Request/payloadByteCount``, when they were counted instead of written).
///
/// Emits: see ``descriptor``; `apnsPayloadTooLarge` has notes naming the largest contributors
/// (see ``PayloadSizeReport``).
enum APNSPayloadSizeRule: APNSRule {
  static let descriptor = RuleDescriptor(
    RuleID("apns-payload-size"),
    domain: .apns,
    defaultSeverity: .error,
    summary: "the payload is not empty and fits the push type's limit (4096 bytes, 5120 for VoIP)",
    source: RuleDescriptor.Source.apnsSending,
    emits: [.apnsPayloadEmpty, .apnsPayloadTooLarge]
  )

  /// No payload rule can run on an empty body.
  static func allowsLaterRules(_ context: APNSCheckContext) -> Bool {
    context.request.payloadByteCount != 0
  }

  /// Checks the size.
  static func check(_ context: APNSCheckContext, collector: inout DiagnosticCollector) {
    // The request is read in place: a copy of it retains each of its references.
    var rootLocation: APNSLocation {
      context.location(ofPayloadValueAt: .root, span: context.request.payload.span)
    }
    let byteCount = context.request.payloadByteCount
    guard byteCount != 0 else {
      collector.emit(.apnsPayloadEmpty(), at: rootLocation)
      return
    }
    // The per-member report is built only for a body over its limit, for the notes. The limit
    // is the one `PayloadSizeReport` uses, from the push type the context has already found.
    let limit = context.pushType?.payloadByteLimit ?? APNSLimits.payloadByteLimit
    guard byteCount > limit else { return }
    let report = PayloadSizeReport(request: context.request)
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
  }
}
