package import PushDiagnostics
package import PushJSON

/// Reads FCM HTTP v1 message definitions from parsed JSON or YAML into ``FCM/SendRequest``
/// values, reporting every field it cannot read.
///
/// Accepted forms, in any document of the input:
/// - a bare `Message` object: `{"topic": "news", "notification": {...}}`;
/// - a send request body: `{"message": {...}, "validate_only": false}`;
/// - a JSON or YAML array of either.
///
/// A file may hold several documents (a YAML stream or NDJSON), each read the same way. Field
/// names are the REST reference's snake_case; lowerCamelCase is accepted too, as proto3 JSON
/// parsers do. Unknown fields are errors with a "did you mean" suggestion. A YAML plain scalar
/// where a string is expected (`id: 76473` in `data`) is read as the text written, with a
/// warning; in JSON the same value is an error, as FCM rejects it.
///
/// The reader checks shape and types only. Rules about values (targets, topic names, sizes …)
/// are ``FCMChecker``'s.
///
/// Emits: ``DiagnosticMessage/fcmCamelCaseField(_:canonical:)`` (under the strict option),
/// `fcmConflictingFieldSpellings`, `fcmEnumSpelling`, `fcmInvalidColor`, `fcmInvalidDuration`,
/// `fcmInvalidEnumValue`, `fcmInvalidTimestamp`, `fcmMisplacedField`, `fcmMissingField`,
/// `fcmNoMessages`, `fcmNonStringValue`, `fcmOutputOnlyField`, `fcmTypeMismatch`,
/// `fcmUnknownField`, `fcmUnquotedScalar`.
package struct FCMMessageReader: Sendable {
  /// What the reader reports beyond errors.
  package struct Options: Hashable, Sendable {
    /// Whether a lowerCamelCase field name (`fcmOptions`) gets a
    /// ``DiagnosticMessage/fcmCamelCaseField(_:canonical:)`` note. Off by default, since FCM
    /// accepts both spellings.
    package var reportsCamelCaseFieldNames: Bool
    /// Whether the keys and values of a message's `data` map are made only when read
    /// (``FCM/StringMap/init(deferringValuesOf:in:pointer:measuredByteCount:)``) when
    /// every entry is a string written as the canonical writer writes it: for a caller that
    /// reads diagnostics and payload bytes alone (`pushc lint`, `pushc compile` for outputs
    /// that copy payload bytes), whose checks read the keys' bytes. The map then holds the
    /// input's value tree for as long as it lives.
    package var defersDataValues: Bool

    /// Creates options.
    package init(reportsCamelCaseFieldNames: Bool = false, defersDataValues: Bool = false) {
      self.reportsCamelCaseFieldNames = reportsCamelCaseFieldNames
      self.defersDataValues = defersDataValues
    }
  }

  /// The options in force.
  package var options: Options

  /// Creates a reader.
  package init(options: Options = Options()) {
    self.options = options
  }

  /// Reads every message definition of `source`.
  ///
  /// Documents read before a syntax error are still read; `fcmNoMessages` is reported only
  /// when the input was read without errors and holds no definition.
  ///
  /// The pointers come from `pointers` when it is given (see
  /// ``PushCompiler/compile(_:sharingPointersWith:)``), else from an interner of the input's
  /// own.
  package func read(
    _ source: ParsedSource, sharingPointersWith pointers: JSONPointerInterner? = nil
  )
    -> FCMReadResult
  {
    var definitions: [FCMMessageDefinition] = []
    definitions.reserveCapacity(source.tree.roots.count)
    let diagnostics = readEach(source, sharingPointersWith: pointers) { definition in
      definitions.append(definition)
    }
    return FCMReadResult(file: source.file, definitions: definitions, diagnostics: diagnostics)
  }

  /// Reads the message definitions of `source` one at a time, in file order, handing each to
  /// `body` as soon as it is read, and returns the diagnostics about the input as a whole
  /// (`fcmNoMessages`), as ``read(_:sharingPointersWith:)`` reports them.
  ///
  /// A caller that checks or compiles each definition in `body` and keeps only what it needs
  /// of it holds one message at a time, where ``read(_:sharingPointersWith:)`` holds them all:
  /// the memory of one message is reused by the next while it is still in the processor's
  /// caches.
  package func readEach(
    _ source: ParsedSource, sharingPointersWith pointers: JSONPointerInterner? = nil,
    _ body: (inout FCMMessageDefinition) -> Void
  ) -> [Diagnostic] {
    // The tree the reader walks: the source's own, or one made once from its nodes.
    let tree = source.tree
    let roots = tree.roots
    // One reader for all the definitions of the input: making one (and its collector and
    // locator, each holding the file) for each definition cost more than a small message's
    // fields. The documents of one input share their pointers: messages have the same paths.
    var reader = FCMDefinitionReader(
      file: source.file, tree: tree, options: options,
      pointers: pointers ?? JSONPointerInterner(messageCount: Self.messageCount(in: tree)))
    var definitionCount = 0
    for (index, document) in roots.enumerated() {
      read(
        document, documentIndex: index, firstElementIndex: source.firstElementIndex,
        reader: &reader
      ) { definition in
        definitionCount += 1
        body(&definition)
      }
    }
    guard definitionCount == 0 && !source.hasErrors else { return [] }
    var collector = DiagnosticCollector(file: source.file)
    collector.emit(
      .fcmNoMessages(),
      at: roots.first.map { tree.span($0) } ?? SourceSpan(at: 0),
      pointer: roots.isEmpty ? nil : .root
    )
    return collector.diagnostics
  }

  /// The number of messages `tree` defines at most: the elements of its one document when
  /// that is an array, else one per document; what sizes the pointers' interner of an input.
  package static func messageCount(in tree: ValueTree) -> Int {
    let roots = tree.roots
    return roots.count == 1 && tree.kind(roots[0]) == .array ? tree.count(roots[0]) : roots.count
  }

  /// Reads the message definitions of one document.
  ///
  /// - Parameters:
  ///   - document: The root of the document.
  ///   - documentIndex: The 0-based position of the document in its file.
  ///   - file: The source, for positions and fix-its; `nil` for trees built in code.
  /// - Returns: One definition per message: one for an object, one per element for an array.
  package func read(_ document: ValueNode, documentIndex: Int = 0, file: SourceFile?)
    -> [FCMMessageDefinition]
  {
    var definitions: [FCMMessageDefinition] = []
    let tree = ValueTree(documents: [document])
    var reader = FCMDefinitionReader(
      file: file, tree: tree, options: options,
      pointers: JSONPointerInterner(messageCount: document.arrayValue?.count ?? 1))
    read(tree.roots[0], documentIndex: documentIndex, reader: &reader) { definition in
      definitions.append(definition)
    }
    return definitions
  }

  /// Hands the message definitions of one document to `body`, reading each with `reader`,
  /// which holds no diagnostics between definitions; the elements of an array are numbered
  /// from `firstElementIndex` (see ``ParsedSource/firstElementIndex``).
  private func read(
    _ document: ValueTree.NodeID,
    documentIndex: Int,
    firstElementIndex: Int = 0,
    reader: inout FCMDefinitionReader,
    _ body: (inout FCMMessageDefinition) -> Void
  ) {
    let tree = reader.tree
    if tree.kind(document) == .array {
      for index in 0..<tree.count(document) {
        readDefinition(
          tree.element(index, of: document),
          pointer: JSONPointer.root.appending(index: firstElementIndex + index),
          documentIndex: documentIndex, reader: &reader, body)
      }
    } else {
      readDefinition(
        document, pointer: .root, documentIndex: documentIndex, reader: &reader, body)
    }
  }

  /// Hands the definition `node` holds to `body`, read with `reader`, which holds no
  /// diagnostics before or after.
  private func readDefinition(
    _ node: ValueTree.NodeID,
    pointer: JSONPointer,
    documentIndex: Int,
    reader: inout FCMDefinitionReader,
    _ body: (inout FCMMessageDefinition) -> Void
  ) {
    // The request is read into a copy of a blank one, then moved out of line, where the
    // definition and the results after it hand it on as one reference (``SendRequestStorage``).
    var request = reader.blankRequest
    let storage =
      if reader.readDefinition(node, pointer: pointer, into: &request) {
        SendRequestStorage(consume request)
      } else {
        SendRequestStorage()
      }
    var definition = FCMMessageDefinition(
      documentIndex: documentIndex, pointer: pointer, span: reader.tree.span(node),
      requestStorage: storage, diagnostics: [])
    // The reader's diagnostics are the definition's (nearly always none), and it starts the
    // next definition without them.
    if !reader.collector.diagnostics.isEmpty {
      definition.diagnostics = reader.collector.diagnostics
      reader.collector.removeDiagnostics(from: 0)
    }
    body(&definition)
  }
}

/// The message definitions of one input, with what reading them found.
package struct FCMReadResult: Sendable {
  /// The input.
  package var file: SourceFile
  /// The definitions, in file order.
  package var definitions: [FCMMessageDefinition]
  /// Diagnostics about the input as a whole, such as `fcmNoMessages`; each definition carries
  /// its own.
  package var diagnostics: [Diagnostic]

  /// Creates a read result.
  package init(file: SourceFile, definitions: [FCMMessageDefinition], diagnostics: [Diagnostic]) {
    self.file = file
    self.definitions = definitions
    self.diagnostics = diagnostics
  }
}

/// One message definition read from a document.
package struct FCMMessageDefinition: Sendable {
  /// The 0-based position of the document in its file.
  package var documentIndex: Int
  /// The pointer to the definition in its document: `""` for a document that is one message,
  /// `/2` for the third element of an array.
  package var pointer: JSONPointer
  /// The bytes of the definition.
  package var span: SourceSpan
  /// The request, or `nil` when the definition is not an object at all.
  package var request: FCM.SendRequest? { requestStorage.request }
  /// Where ``request`` is held: the linter moves it on to the message's result as it is.
  package var requestStorage: SendRequestStorage
  /// What reading the definition found.
  package var diagnostics: [Diagnostic]

  /// Creates a definition whose request is held by `requestStorage`.
  package init(
    documentIndex: Int,
    pointer: JSONPointer,
    span: SourceSpan,
    requestStorage: SendRequestStorage,
    diagnostics: [Diagnostic]
  ) {
    self.documentIndex = documentIndex
    self.pointer = pointer
    self.span = span
    self.requestStorage = requestStorage
    self.diagnostics = diagnostics
  }
}
