package import PushDiagnostics

/// One APNs request read from raw input, with where it is in the input and what reading it
/// found.
package struct APNSInputDefinition: Sendable {
  /// The 0-based position of the document in its file.
  package var documentIndex: Int
  /// The pointer to the request (or bare payload) in its document: the root, or `/3` for the
  /// fourth element of an array of request documents.
  package var pointer: JSONPointer
  /// The bytes of the request or payload in the input.
  package var span: SourceSpan
  /// The form it was read as.
  package var kind: APNSInputKind
  /// The request.
  package var request: APNS.Request
  /// Diagnostics about reading this request, such as an unknown member of a request document.
  package var diagnostics: [Diagnostic]
  /// The checker options that fit this input: the payload's pointer in the document, and the
  /// Simulator destination for `.apns` files. Add ``APNSRequestChecker/Options/bundleID`` and
  /// ``APNSRequestChecker/Options/now`` as needed.
  package var checkerOptions: APNSRequestChecker.Options

  /// Creates a definition.
  package init(
    documentIndex: Int,
    pointer: JSONPointer,
    span: SourceSpan,
    kind: APNSInputKind,
    request: APNS.Request,
    diagnostics: [Diagnostic],
    checkerOptions: APNSRequestChecker.Options
  ) {
    self.documentIndex = documentIndex
    self.pointer = pointer
    self.span = span
    self.kind = kind
    self.request = request
    self.diagnostics = diagnostics
    self.checkerOptions = checkerOptions
  }
}

/// The APNs requests of one input, with what reading them found.
package struct APNSInputReadResult: Sendable {
  /// The input.
  package var file: SourceFile
  /// The form of the first document, as given or detected; `nil` when there is no document.
  package var kind: APNSInputKind?
  /// The requests, in file order.
  package var definitions: [APNSInputDefinition]
  /// Diagnostics about the input as a whole, such as `apnsNoPayload` or
  /// `apnsInputLooksLikeFCM`; each definition carries its own.
  package var diagnostics: [Diagnostic]

  /// Creates a read result.
  package init(
    file: SourceFile,
    kind: APNSInputKind?,
    definitions: [APNSInputDefinition],
    diagnostics: [Diagnostic]
  ) {
    self.file = file
    self.kind = kind
    self.definitions = definitions
    self.diagnostics = diagnostics
  }

  /// Every diagnostic: the input's, then each definition's.
  package var allDiagnostics: [Diagnostic] {
    diagnostics + definitions.flatMap(\.diagnostics)
  }
}
