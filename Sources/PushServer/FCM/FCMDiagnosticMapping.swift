import PushDiagnostics
import PushJSON
import PushPayload

/// The one table from pushc's error diagnostics about a send request to FCM's answer: which
/// diagnostics FCM reports as Google's API front end does (the body is not a valid request:
/// no `FcmError` detail, Google's texts), and which as an FCM `INVALID_ARGUMENT` (with
/// `FcmError` and pushc's texts). Every error becomes one field violation, with the field in
/// FCM's notation (``FCMFieldPath``); the first error in document order is the message.
///
/// | Diagnostic | FCM answer | Text |
/// | --- | --- | --- |
/// | JSON syntax errors (`json…`) | front end, 400 | `Invalid JSON payload received. ` + pushc's message |
/// | `fcmUnknownField` | front end, 400, field = the enclosing object | verbatim: `Invalid JSON payload received. Unknown name "x" at 'message': Cannot find field.` |
/// | `fcmNonStringValue` | front end, 400 | verbatim: `Invalid value at 'message.data[0].value' (TYPE_STRING), 1` |
/// | `fcmInvalidEnumValue` | front end, 400 | verbatim: `Invalid value at 'message.android.priority' (TYPE_ENUM), "urgent"` |
/// | `fcmTypeMismatch`, `fcmInvalidDuration`, `fcmInvalidTimestamp` | front end, 400 | `Invalid value at '<field>'` + pushc's message |
/// | every other error (FCM rules, APNs rules of the lowered request) | `INVALID_ARGUMENT` with `FcmError` | pushc's message (with the APNs reason when there is one) |
enum FCMDiagnosticMapping {
  /// The diagnostics reported as Google's front end reports a body it cannot read.
  static let frontEndDiagnostics: Set<DiagnosticID> = [
    .fcmUnknownField, .fcmNonStringValue, .fcmInvalidEnumValue, .fcmTypeMismatch,
    .fcmInvalidDuration, .fcmInvalidTimestamp,
  ]

  /// FCM's answer to a request body `body` with the error diagnostics `errors` (not empty).
  static func response(for errors: [Diagnostic], in body: ValueNode) -> FCMErrorResponse {
    // Google's front end rejects a body it cannot read before FCM checks the message, so its
    // errors alone are the answer when there are any.
    let frontEnd = errors.filter(isFrontEnd)
    let sorted = (frontEnd.isEmpty ? errors : frontEnd).sortedForPresentation()
    let violations = sorted.map { violation(for: $0, in: body) }
    if !frontEnd.isEmpty {
      return FCMErrorResponse(
        httpStatus: 400, status: "INVALID_ARGUMENT",
        message: violations.map(\.description).joined(separator: "\n"),
        fieldViolations: violations)
    }
    return FCMErrorResponse(
      .invalidArgument, message: violations.first?.description, fieldViolations: violations)
  }

  /// Whether `diagnostic` is one Google's front end reports.
  static func isFrontEnd(_ diagnostic: Diagnostic) -> Bool {
    frontEndDiagnostics.contains(diagnostic.id) || diagnostic.id.rawValue.hasPrefix("json")
  }

  /// The field violation for one error.
  static func violation(for diagnostic: Diagnostic, in body: ValueNode)
    -> FCMErrorResponse.FieldViolation
  {
    let pointer = diagnostic.pointer
    let field = pointer.map { FCMFieldPath.path(of: $0, in: body) }
    let value = pointer.flatMap { body[$0] }
    switch diagnostic.id {
    case .fcmUnknownField:
      let name = pointer?.tokens.last ?? ""
      let parent = pointer.map { FCMFieldPath.path(of: $0.parent, in: body) } ?? ""
      let place = parent.isEmpty ? "" : " at '\(parent)'"
      return .init(
        field: parent.isEmpty ? nil : parent,
        description:
          "Invalid JSON payload received. Unknown name \"\(name)\"\(place): Cannot find field.")
    case .fcmNonStringValue:
      return .init(
        field: field,
        description: "Invalid value at '\(field ?? "")' (TYPE_STRING), \(text(of: value))")
    case .fcmInvalidEnumValue:
      return .init(
        field: field,
        description: "Invalid value at '\(field ?? "")' (TYPE_ENUM), \(text(of: value))")
    case .fcmTypeMismatch, .fcmInvalidDuration, .fcmInvalidTimestamp:
      return .init(
        field: field, description: "Invalid value at '\(field ?? "")': \(diagnostic.message)")
    default:
      if diagnostic.id.rawValue.hasPrefix("json") {
        return .init(
          field: nil, description: "Invalid JSON payload received. \(diagnostic.message)")
      }
      let reason = diagnostic.properties["apns_reason"].map { " (APNs: \($0))" } ?? ""
      return .init(field: field, description: diagnostic.message + reason)
    }
  }

  /// A value as FCM quotes it in `Invalid value` texts: its JSON.
  private static func text(of value: ValueNode?) -> String {
    guard let value else { return "" }
    return String(decoding: value.compactJSON, as: UTF8.self)
  }
}
