public import PushDiagnostics

// The identifiers of the Lowering diagnostics, alphabetically; each is declared once, here, and
// its text is the member's name. The entries of `DiagnosticMessage+Lowering.swift` use them.
extension DiagnosticID {
  /// Even the shortest string (just the ellipsis) leaves the payload over the budget.
  public static var apnsFitImpossible: Self { Self(memberName: #function) }

  /// The payload is over the budget and has no string to shorten.
  public static var apnsFitNoTarget: Self { Self(memberName: #function) }

  /// An image is set but `aps.mutable-content` is not 1, so no Notification Service Extension
  /// runs and the image is never shown.
  public static var apnsImageWithoutMutableContent: Self { Self(memberName: #function) }

  /// `apns.payload.aps.alert` is not a dictionary, so it replaces `notification.title` and
  /// `notification.body` on iOS.
  public static var apnsNotificationOverriddenByAlert: Self { Self(memberName: #function) }

  /// Two parts of the message produce the same top-level APNs payload key.
  public static var apnsPayloadKeyProducedTwice: Self { Self(memberName: #function) }
}

extension DiagnosticDomain {
  /// Lowering an FCM message to APNs, and fitting a payload to a budget.
  ///
  /// Every identifier of the domain; add each new one here too.
  public static let lowering = DiagnosticDomain(
    "lowering",
    documentationFile: "Lowering.md",
    diagnostics: [
      .apnsFitImpossible,
      .apnsFitNoTarget,
      .apnsImageWithoutMutableContent,
      .apnsNotificationOverriddenByAlert,
      .apnsPayloadKeyProducedTwice,
    ]
  )
}
