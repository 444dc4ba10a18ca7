public import PushDiagnostics

/// The output of a front end: the documents of one input as value trees, with the diagnostics
/// found while reading them.
///
/// A JSON file has one document (or one per line for NDJSON); a YAML stream has one per `---`.
/// When reading stopped at a syntax error, ``documents`` holds the documents read before it and
/// ``diagnostics`` has the error.
///
/// The documents are held either as ``ValueNode``s (``documents``) or as one flat
/// ``ValueTree`` (``tree``), whichever the front end built; each form is made from the other
/// when asked for. ``JSONReader/readTree(_:)`` builds the tree, which stages that read many
/// messages walk without building a ``ValueNode`` per value; for such a source every read of
/// ``documents`` builds the nodes again, so read it once.
public struct ParsedSource: Sendable {
  /// The input.
  public let file: SourceFile
  /// The format the input was read as.
  public let format: SourceFormat
  /// Everything found while reading, in the order found.
  public var diagnostics: [Diagnostic]
  /// The syntax errors reading recovered from and went on after, in input order (see
  /// ``JSONReader/Options/recoversFromSyntaxErrors``); empty when reading stopped at the first
  /// error or found none.
  ///
  /// What a later stage finds after the first of them may be a consequence of the error.
  public var recoveries: [SourceSpan]
  /// The documents, in the form the front end built.
  private var storage: Storage
  /// For one part of an input that is a JSON array read in parts, the index in the whole
  /// array of the part's first element: the part's one document is an array of elements
  /// `firstElementIndex...` of the input's array, and readers number them so. 0 otherwise.
  package var firstElementIndex = 0

  /// For a source read from other bytes than its file's (``readingAs(_:firstElementIndex:)``),
  /// whether reading those bytes stopped before their end (``stoppedBeforeEnd``).
  private var readingStoppedBeforeEnd: Bool?

  /// The two forms of the documents.
  private enum Storage: Sendable {
    case nodes([ValueNode])
    case tree(ValueTree)
  }

  /// Creates a parsed source from value nodes.
  public init(
    file: SourceFile,
    format: SourceFormat,
    documents: [ValueNode],
    diagnostics: [Diagnostic],
    recoveries: [SourceSpan] = []
  ) {
    self.file = file
    self.format = format
    self.storage = .nodes(documents)
    self.diagnostics = diagnostics
    self.recoveries = recoveries
  }

  /// Creates a parsed source from a tree, whose roots are the documents.
  public init(
    file: SourceFile,
    format: SourceFormat,
    tree: ValueTree,
    diagnostics: [Diagnostic],
    recoveries: [SourceSpan] = []
  ) {
    self.file = file
    self.format = format
    self.storage = .tree(tree)
    self.diagnostics = diagnostics
    self.recoveries = recoveries
  }

  /// This source, read from a part of a JSON array (with the commas at its ends taken as
  /// brackets), as the source of that part as it is in the input, `file`: the same documents
  /// and diagnostics, the elements numbered from `firstElementIndex` (see
  /// ``firstElementIndex``), as are the pointers of the diagnostics, which start with the
  /// index of an element in the part.
  package func readingAs(_ file: SourceFile, firstElementIndex: Int) -> ParsedSource {
    var diagnostics = diagnostics
    if firstElementIndex != 0 {
      for index in diagnostics.indices {
        diagnostics[index].pointer = diagnostics[index].pointer.map {
          Self.renumbered($0, from: firstElementIndex)
        }
        for note in diagnostics[index].notes.indices {
          diagnostics[index].notes[note].pointer = diagnostics[index].notes[note].pointer.map {
            Self.renumbered($0, from: firstElementIndex)
          }
        }
      }
    }
    var source =
      switch storage {
      case .nodes(let documents):
        ParsedSource(
          file: file, format: format, documents: documents, diagnostics: diagnostics,
          recoveries: recoveries)
      case .tree(let tree):
        ParsedSource(
          file: file, format: format, tree: tree, diagnostics: diagnostics,
          recoveries: recoveries)
      }
    source.firstElementIndex = firstElementIndex
    // Judged on the bytes read: past a part's closing comma, the file goes on with the next
    // part's first bytes, which the reader read as blanks.
    source.readingStoppedBeforeEnd = stoppedBeforeEnd
    return source
  }

  /// `pointer` with its first token, the index of an element of a part's array, made the
  /// index of that element in the whole array, whose elements the part's start at `first`.
  private static func renumbered(_ pointer: JSONPointer, from first: Int) -> JSONPointer {
    guard let token = pointer.tokens.first, let index = Int(token) else { return pointer }
    var renumbered = pointer
    renumbered.tokens[0] = String(first + index)
    return renumbered
  }

  /// The root value of each document, in order.
  ///
  /// For a source held as a tree (``isTree``) each read builds the nodes anew; setting it
  /// replaces the tree.
  public var documents: [ValueNode] {
    get {
      switch storage {
      case .nodes(let documents): documents
      case .tree(let tree): tree.documents
      }
    }
    set { storage = .nodes(newValue) }
  }

  /// The documents as one tree, whose roots are the documents in order; made from
  /// ``documents`` on each read when the source is held as nodes.
  public var tree: ValueTree {
    switch storage {
    case .nodes(let documents): ValueTree(documents: documents)
    case .tree(let tree): tree
    }
  }

  /// Whether the documents are held as a ``ValueTree``, which ``tree`` returns without making
  /// one.
  public var isTree: Bool {
    if case .tree = storage { return true }
    return false
  }

  /// The number of documents.
  public var documentCount: Int {
    switch storage {
    case .nodes(let documents): documents.count
    case .tree(let tree): tree.roots.count
    }
  }

  /// The bytes of document `index`.
  public func documentSpan(_ index: Int) -> SourceSpan {
    switch storage {
    case .nodes(let documents): documents[index].span
    case .tree(let tree): tree.span(tree.roots[index])
    }
  }

  /// The first document, or `nil` when there is none; built on each read for a tree.
  public var firstDocument: ValueNode? {
    switch storage {
    case .nodes(let documents): documents.first
    case .tree(let tree): tree.roots.first.map { tree.valueNode($0) }
    }
  }

  /// The first document with every array cut to its first element, or `nil` when there is
  /// none: what telling the kind of an input reads (the keys of objects, the first element of
  /// arrays), without making all of a document that is one large array. The first document
  /// itself for a source held as nodes.
  package var firstDocumentHead: ValueNode? {
    switch storage {
    case .nodes(let documents): documents.first
    case .tree(let tree): tree.roots.first.map { tree.valueNode($0, elementLimit: 1) }
    }
  }

  /// ``firstDocumentHead`` made no deeper than what telling the kind of an input reads (see
  /// `APNSInputReader.detectKind(of:)`): the first object, down the first elements of arrays,
  /// with its keys and the kind of their values, whose arrays and objects are made empty.
  /// Making the whole message of a one-message file cost more than reading it.
  package var firstDocumentOutline: ValueNode? {
    switch storage {
    case .nodes(let documents): documents.first
    case .tree(let tree):
      tree.roots.first.map { tree.valueNode($0, elementLimit: 1, objectDepthLimit: 1) }
    }
  }

  /// Whether reading found an error, in which case the documents must not be used as output.
  public var hasErrors: Bool { diagnostics.containsErrors }

  /// For JSON and NDJSON input, whether reading stopped at an error before the last non-blank
  /// byte, leaving later documents unread: a syntax error, as opposed to a problem such as a
  /// duplicate key that reading goes on after.
  ///
  /// A reader of one part of a larger input (see ``JSONSequenceSplitter``) stops using the
  /// parts after one that stopped, as reading the whole input would have stopped there.
  public var stoppedBeforeEnd: Bool {
    if let readingStoppedBeforeEnd { return readingStoppedBeforeEnd }
    guard hasErrors else { return false }
    let bytes = file.bytes
    var contentEnd = bytes.count
    while contentEnd > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[contentEnd - 1]) {
      contentEnd -= 1
    }
    guard contentEnd > 0 else { return false }
    guard documentCount > 0 else { return true }
    return documentSpan(documentCount - 1).end < contentEnd
  }
}
