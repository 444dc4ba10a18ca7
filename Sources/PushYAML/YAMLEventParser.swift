internal import CLibYAML

/// One libyaml parsing event, copied out of C memory.
///
/// Marks are libyaml's: `start` and `end` count Unicode scalars (not bytes) from the start of
/// the bytes given to the parser; ``YAMLCharacterOffsets`` turns them into byte offsets.
struct YAMLEvent {
  /// How a scalar was written.
  enum ScalarStyle: Equatable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded
  }

  /// The node properties and content of an event.
  enum Kind {
    case streamStart
    case streamEnd
    /// `version` is the `%YAML` directive's `major.minor`, if the document has one.
    case documentStart(version: String?)
    case documentEnd
    case alias(anchor: String)
    /// `tag` is the resolved tag (`tag:yaml.org,2002:int` for `!!int`), `!` for the
    /// non-specific tag, or `nil` when the scalar has none.
    case scalar(value: [UInt8], anchor: String?, tag: String?, style: ScalarStyle)
    case sequenceStart(anchor: String?, tag: String?, isFlow: Bool)
    case sequenceEnd
    case mappingStart(anchor: String?, tag: String?, isFlow: Bool)
    case mappingEnd
  }

  /// The event.
  var kind: Kind
  /// The libyaml character index where the event starts, properties (anchor, tag) included.
  var start: Int
  /// The libyaml character index just past the event.
  var end: Int
}

/// A failure reported by libyaml; parsing cannot go on after it.
struct YAMLParserError: Error {
  /// Which part of libyaml failed.
  enum Stage {
    /// Decoding the input: invalid UTF-8 or a disallowed character.
    case reader
    /// Tokenizing.
    case scanner
    /// Building events from tokens.
    case parser
    /// Allocation or anything else.
    case other
  }

  /// Which part of libyaml failed.
  var stage: Stage
  /// libyaml's description of the problem.
  var problem: String
  /// For reader errors, the byte offset of the problem in the bytes given to the parser.
  var problemOffset: Int
  /// For reader errors, the offending byte or character, or -1.
  var problemValue: Int
  /// For scanner and parser errors, the character index of the problem.
  var problemIndex: Int
  /// What libyaml was doing, such as "while scanning a quoted scalar".
  var context: String?
  /// The character index where the construct named by ``context`` starts.
  var contextIndex: Int
}

/// Owns a libyaml `yaml_parser_t` reading from a byte buffer and hands out its events.
///
/// The buffer must stay valid for the lifetime of the parser; ``YAMLReader`` guarantees this by
/// using the parser only inside `withUnsafeBufferPointer`.
final class YAMLEventParser {
  private let parser: UnsafeMutablePointer<yaml_parser_t>
  private let isInitialized: Bool
  /// One byte for libyaml to point at when the input is empty; it asserts a non-null input.
  private let emptyInput: UnsafeMutablePointer<UInt8>

  /// Creates a parser reading `bytes`, which are UTF-8 without a byte order mark.
  init(bytes: UnsafeBufferPointer<UInt8>) {
    parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
    emptyInput = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    emptyInput.initialize(to: 0)
    isInitialized = yaml_parser_initialize(parser) != 0
    guard isInitialized else { return }
    // The encoding is set explicitly so libyaml never guesses UTF-16 and counts every
    // character, as the offset map does.
    yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
    if let base = bytes.baseAddress, bytes.count > 0 {
      yaml_parser_set_input_string(parser, base, bytes.count)
    } else {
      yaml_parser_set_input_string(parser, emptyInput, 0)
    }
  }

  deinit {
    if isInitialized { yaml_parser_delete(parser) }
    parser.deallocate()
    emptyInput.deinitialize(count: 1)
    emptyInput.deallocate()
  }

  /// The next event, or the error that stops parsing.
  func next() -> Result<YAMLEvent, YAMLParserError> {
    guard isInitialized else {
      return .failure(
        YAMLParserError(
          stage: .other,
          problem: "libyaml could not be initialized",
          problemOffset: 0,
          problemValue: -1,
          problemIndex: 0,
          context: nil,
          contextIndex: 0
        )
      )
    }
    var event = yaml_event_t()
    guard yaml_parser_parse(parser, &event) != 0 else {
      return .failure(currentError())
    }
    defer { yaml_event_delete(&event) }
    let start = Int(event.start_mark.index)
    let end = Int(event.end_mark.index)
    let kind: YAMLEvent.Kind
    switch event.type {
    case YAML_STREAM_START_EVENT:
      kind = .streamStart
    case YAML_STREAM_END_EVENT:
      kind = .streamEnd
    case YAML_DOCUMENT_START_EVENT:
      var version: String?
      if let directive = event.data.document_start.version_directive {
        version = "\(directive.pointee.major).\(directive.pointee.minor)"
      }
      kind = .documentStart(version: version)
    case YAML_DOCUMENT_END_EVENT:
      kind = .documentEnd
    case YAML_ALIAS_EVENT:
      kind = .alias(anchor: Self.string(event.data.alias.anchor) ?? "")
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      var value: [UInt8] = []
      if let pointer = scalar.value, scalar.length > 0 {
        value = Array(UnsafeBufferPointer(start: pointer, count: Int(scalar.length)))
      }
      let style: YAMLEvent.ScalarStyle
      switch scalar.style {
      case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
      case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
      case YAML_LITERAL_SCALAR_STYLE: style = .literal
      case YAML_FOLDED_SCALAR_STYLE: style = .folded
      default: style = .plain
      }
      kind = .scalar(
        value: value,
        anchor: Self.string(scalar.anchor),
        tag: Self.string(scalar.tag),
        style: style
      )
    case YAML_SEQUENCE_START_EVENT:
      let sequence = event.data.sequence_start
      kind = .sequenceStart(
        anchor: Self.string(sequence.anchor),
        tag: Self.string(sequence.tag),
        isFlow: sequence.style == YAML_FLOW_SEQUENCE_STYLE
      )
    case YAML_SEQUENCE_END_EVENT:
      kind = .sequenceEnd
    case YAML_MAPPING_START_EVENT:
      let mapping = event.data.mapping_start
      kind = .mappingStart(
        anchor: Self.string(mapping.anchor),
        tag: Self.string(mapping.tag),
        isFlow: mapping.style == YAML_FLOW_MAPPING_STYLE
      )
    case YAML_MAPPING_END_EVENT:
      kind = .mappingEnd
    default:
      return .failure(
        YAMLParserError(
          stage: .other,
          problem: "libyaml produced an unknown event",
          problemOffset: 0,
          problemValue: -1,
          problemIndex: start,
          context: nil,
          contextIndex: start
        )
      )
    }
    return .success(YAMLEvent(kind: kind, start: start, end: end))
  }

  /// The error libyaml recorded after a failed `yaml_parser_parse`.
  private func currentError() -> YAMLParserError {
    let state = parser.pointee
    let stage: YAMLParserError.Stage
    switch state.error {
    case YAML_READER_ERROR: stage = .reader
    case YAML_SCANNER_ERROR: stage = .scanner
    case YAML_PARSER_ERROR: stage = .parser
    default: stage = .other
    }
    var problem = state.problem.map { String(cString: $0) } ?? ""
    if problem.isEmpty {
      problem = state.error == YAML_MEMORY_ERROR ? "out of memory" : "unknown error"
    }
    return YAMLParserError(
      stage: stage,
      problem: problem,
      problemOffset: Int(state.problem_offset),
      problemValue: Int(state.problem_value),
      problemIndex: Int(state.problem_mark.index),
      context: state.context.map { String(cString: $0) },
      contextIndex: Int(state.context_mark.index)
    )
  }

  /// A Swift string from a NUL-terminated libyaml string.
  private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: pointer)
  }
}
