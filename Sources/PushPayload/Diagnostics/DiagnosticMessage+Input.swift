package import PushDiagnostics

// The diagnostics of telling what an input is, alphabetically.
extension DiagnosticMessage {
  /// The first document of an input looks like none of the kinds pushc reads; `found` says
  /// what it is, such as "a dictionary with the keys 'on' and 'jobs'".
  package static func inputUnknownKind(found: String) -> Self {
    .init(
      .inputUnknownKind,
      .error,
      "this is not an FCM message, an APNs payload, an APNs request document or a Simulator "
        + "file: it is \(found)"
    )
  }
}

extension Diagnostic.Note {
  /// What each kind of input looks like, for `inputUnknownKind`.
  package static let inputKindMarks = Diagnostic.Note(
    "pushc expects an FCM message ('message', or a field such as 'token', 'topic', "
      + "'condition', 'notification' or 'data'), an APNs payload ('aps'), an APNs request "
      + "document ('payload', 'headers' or 'device_token') or a Simulator file "
      + "('Simulator Target Bundle')"
  )
}

extension Diagnostic.FixIt {
  /// How to read an input as one kind anyway, for `inputUnknownKind`.
  package static let inputChooseKind = Diagnostic.FixIt(
    "to read it as one kind anyway (a VoIP or MDM payload without 'aps', say), pass "
      + "--kind fcm, apns, apns-request or simctl"
  )
}
