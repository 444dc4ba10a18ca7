import PushDiagnostics
import PushJSON
import PushPayload
import PushYAML

/// Runs the compile pipeline over the inputs named on the command line, reporting each input's
/// diagnostics, for the subcommands built on ``PushCompiler``.
///
/// For the subcommands that read NDJSON in parts (`lint`, `compile`), several whole inputs
/// are also compiled at once, up to ``jobs``, and reported in the order they were named.
///
/// Inputs are compiled whole, except NDJSON inputs (by extension, or `--input-format
/// ndjson`) and JSON and YAML inputs larger than a part (by extension, or `--input-format` for
/// standard input), which are read a chunk at a time and compiled in parts (see
/// ``InputPartitioner``): of whole lines, of whole elements for a JSON array and of whole
/// documents for a YAML stream, up to ``jobs`` parts at once. Memory stays bounded by the size
/// of a part whatever the size of the input, both cores are used, and results are handed on
/// in input order. A part reads as it
/// would inside the whole input: the kind detected from the first document holds for every
/// part, and after a syntax error no later part is used (reading a whole NDJSON input stops
/// there; reading a whole array would go on, but what it finds after an error it does not
/// recover from cleanly may not be what the user wrote). A JSON input that is not an array,
/// or a YAML stream of one document, finds no place to cut and is compiled whole, in one part.
///
/// JSON is read leniently (``SourceLoader/readsLeniently``): a trailing comma is a warning where
/// the input's consumer accepts one, and reading recovers from syntax errors to check the rest.
struct CompilationRunner {
  let reader: InputReader
  let loader: SourceLoader
  let printer: DiagnosticPrinter
  let options: PushCompiler.Options
  /// Whether NDJSON inputs are compiled in parts; otherwise every input is compiled whole (for
  /// the subcommands whose output depends on the whole input, such as `explain`'s document
  /// numbers).
  var readsNDJSONInParts = false
  /// How many parts of an NDJSON input are compiled at once.
  var jobs = 1
  /// For `compile`, which writes no message of an input whose text has a problem of one of
  /// these severities (a syntax error, a duplicate key; see
  /// ``CompileCommand/hasErrorsOutsideMessages(_:messages:failing:)``): a JSON array or YAML
  /// stream read in parts is read once before it is compiled, to know whether any part has one
  /// (``InputPart/withholdsEveryMessage``), and one on standard input, which cannot be read
  /// twice, is compiled whole. `nil` for `lint`, which writes no messages.
  var withholdingSeverities: Set<Severity>?
  /// The size from which an NDJSON input is cut into a new part.
  var partSize = CompilationRunner.defaultPartSize
  /// The options of each input, by the name its diagnostics give it (the path, or `<stdin>`),
  /// when they differ from ``options`` (the configuration file of `lint`); `nil` for
  /// ``options`` everywhere.
  var optionsByInput: (@Sendable (_ name: String) -> PushCompiler.Options)?

  /// The options the input `name` is compiled with.
  func options(for name: String) -> PushCompiler.Options {
    optionsByInput?(name) ?? options
  }

  /// Where an input that cannot be read is reported instead of the printer, as a
  /// `cliCannotReadFile` diagnostic: `lint`, whose report on standard output holds it.
  var reportsUnreadable: ((Diagnostic) -> Void)?

  /// Reports that the input `name` cannot be read.
  private func reportCannotRead(_ name: String, _ error: FileError) {
    guard let reportsUnreadable else {
      printer.reportCannotRead(name, error)
      return
    }
    reportsUnreadable(Diagnostic(.cliCannotReadFile(name, reason: error.reason), file: name))
  }

  /// The default ``partSize``: about fifty notices, small enough that what a part's messages
  /// build while they are checked stays in the core's caches (with two threads, parts of
  /// 256 KiB cost 6% more CPU time for lint and 11% for compile, and twice the page faults),
  /// large enough that handing parts around costs nothing measurable.
  static let defaultPartSize = 64 * 1024

  /// How many bytes a part of a JSON array on one line holds beyond the comma it is cut at
  /// (``InputPartitioner/excerptMargin``): what an annotated excerpt shows, and a few bytes
  /// for a character it would otherwise cut; `nil`, so that such an array is read whole, when
  /// `--max-line-width` is larger than ``largestExcerptMargin``.
  var excerptMargin: Int? {
    let margin = printer.options.maximumLineWidth.addingReportingOverflow(8)
    return margin.overflow || margin.partialValue > Self.largestExcerptMargin
      ? nil : margin.partialValue
  }

  /// The largest ``excerptMargin``: a quarter of a part.
  static let largestExcerptMargin = 16 * 1024

  /// The most whole inputs handed to a thread at once; fewer when they reach ``partSize``.
  static let batchCount = 64

  /// The size of the chunks NDJSON inputs are read in.
  static let chunkSize = 1 << 20

  /// Where a compilation sits in its input.
  struct InputPart: Sendable {
    /// The input, or the part of it that was compiled.
    var file: SourceFile
    /// 0 for the whole input or its first part.
    var index: Int
    /// Whether the input was compiled in more than one part.
    var isOneOfSeveral: Bool
    /// Whether a part of the input has a problem of its text that withholds every message of
    /// the input (see ``CompilationRunner/withholdingSeverities``).
    var withholdsEveryMessage = false
  }

  /// Reads and compiles every input in `paths`, reports its diagnostics, and hands each
  /// compilation to `transform` (on any thread) and the result to `body` (on this thread, in
  /// input order), which returns the exit code for that input's output.
  ///
  /// - Parameters:
  ///   - paths: The inputs as the user named them.
  ///   - reportsDiagnostics: Whether the diagnostics of each input go to the printer.
  ///   - transform: Turns a compilation into what `body` needs, on a worker thread.
  ///   - body: Handles the results in input order.
  ///
  /// - Returns: The worst exit code: 66 for an unreadable input, 1 when an input has errors.
  func run<Part: Sendable>(
    _ paths: [String],
    reportsDiagnostics: Bool = true,
    transform: @escaping @Sendable (PushCompilation, InputPart) -> Part,
    handle body: (Part, InputPart) -> ExitCode
  ) -> ExitCode {
    run(
      InputDiscovery.inputs(named: paths), reportsDiagnostics: reportsDiagnostics,
      transform: transform, handle: body)
  }

  /// Reads and compiles every input of `inputs` (named on the command line, or found in the
  /// folders it names) as the variant taking paths does; an input the walk found unreadable is
  /// reported in its place.
  ///
  /// - Returns: The worst exit code: 66 for an unreadable input, 1 when an input has errors.
  func run<Part: Sendable>(
    _ inputs: [InputDiscovery.Input],
    reportsDiagnostics: Bool = true,
    transform: @escaping @Sendable (PushCompilation, InputPart) -> Part,
    handle body: (Part, InputPart) -> ExitCode
  ) -> ExitCode {
    var code = ExitCode.success
    if reportsDiagnostics { printer.expectInputs(inputs.map(\.name)) }
    // Whole inputs are read here, one after another, and compiled on up to `jobs` threads;
    // their results are reported here in input order. Small inputs go to the threads in
    // batches (a folder of thousands of small files), so that handing each one over does not
    // cost more than compiling it.
    let pipeline = OrderedPipeline<[PartResult<Part>]>(width: readsNDJSONInParts ? jobs : 1)
    // The files share their pointers (inputs of one kind have nearly the same paths): one
    // interner for each lane of the pipeline, used by one thread.
    let interners = LaneLocal(width: pipeline.width) { JSONPointerInterner() }
    func deliver(_ results: [PartResult<Part>]) {
      for result in results {
        if reportsDiagnostics, printer.report(result.diagnostics, in: result.part.file) {
          code.escalate(to: .failure)
        }
        code.escalate(to: body(result.value, result.part))
      }
    }
    let loader = loader.compiling
    // Each input with its own options: a configuration file may apply to some and not others.
    var batch: [(file: SourceFile, options: PushCompiler.Options)] = []
    var batchSize = 0
    func submitBatch() {
      guard !batch.isEmpty else { return }
      let files = batch
      batch = []
      batchSize = 0
      pipeline.submit(
        { lane in
          files.map { file, options in
            let compilation = PushCompiler(options: options).compile(
              loader.load(file), sharingPointersWith: interners[lane])
            let part = InputPart(file: file, index: 0, isOneOfSeveral: false)
            return PartResult(
              part: part,
              diagnostics: compilation.diagnostics,
              stoppedReading: false,
              value: transform(compilation, part)
            )
          }
        },
        deliver: deliver)
    }
    for input in inputs {
      let name = input.name
      let format =
        loader.forcedFormat
        ?? (name != InputReader.standardInputName ? SourceFormat(fileName: name) : nil)
      // A file that may be read whole is opened first: the size of the open file decides
      // whether it is cut into parts, which a `stat` of its path told at the cost of a second
      // lookup of the path. One that cannot be opened is reported by reading it below.
      var opened =
        input.isStandardInput || input.problem != nil
          || (readsNDJSONInParts && format == .jsonSequence)
        ? nil : try? FileIO.openForReading(atPath: input.path)
      if readsNDJSONInParts, input.problem == nil,
        let cutting = cutting(of: input, format, size: opened?.regularFileSize)
      {
        opened = nil
        submitBatch()
        pipeline.finish(deliver: deliver)
        if let partsCode = runInParts(
          input.path, name: name, cutting: cutting, reportsDiagnostics: reportsDiagnostics,
          transform: transform, body)
        {
          code.escalate(to: partsCode)
          continue
        }
        // An array whose first element is no message: read whole, below.
      }
      let file: SourceFile
      do {
        if let opened {
          file = try reader.read(input, from: opened)
        } else {
          file = try reader.read(input)
        }
      } catch {
        // What comes before in the input order is reported first.
        submitBatch()
        pipeline.finish(deliver: deliver)
        reportCannotRead(name, error)
        code.escalate(to: .cannotRead)
        continue
      }
      batch.append((file, options(for: name)))
      batchSize += file.bytes.count
      if batchSize >= partSize || batch.count >= Self.batchCount { submitBatch() }
    }
    submitBatch()
    pipeline.finish(deliver: deliver)
    printer.finish()
    return code
  }

  /// Reads and compiles every input in `paths` whole, reports its diagnostics, and hands each
  /// compilation to `body`, which returns the exit code for that input's output.
  ///
  /// - Returns: The worst exit code: 66 for an unreadable input, 1 when an input has errors.
  func run(
    _ paths: [String],
    reportsDiagnostics: Bool = true,
    _ body: (PushCompilation) -> ExitCode
  ) -> ExitCode {
    var runner = self
    runner.readsNDJSONInParts = false
    return runner.run(
      paths,
      reportsDiagnostics: reportsDiagnostics,
      transform: { compilation, _ in compilation },
      handle: { compilation, _ in body(compilation) }
    )
  }

  /// How `input`, in `format`, is cut into parts, or `nil` when it is compiled whole: NDJSON
  /// into lines; JSON into elements of its array and YAML into documents when it is larger
  /// than a part (a JSON array on standard input, whose size is not known before it is read,
  /// whatever its size).
  ///
  /// A YAML stream with a `# pushc-disable` comment is read whole: the comment may silence
  /// problems of other documents (`pushc-disable-file` anywhere, a comment before a document
  /// marker), which the parts before and after it would not see. So is a YAML stream on
  /// standard input, which cannot be searched for one before it is cut.
  private func cutting(of input: InputDiscovery.Input, _ format: SourceFormat?, size: Int?)
    -> InputPartitioner.Cutting?
  {
    switch format {
    case .jsonSequence: return .lines
    case .json:
      if input.isStandardInput { return withholdingSeverities == nil ? .arrayElements : nil }
      guard let size else { return nil }
      return size > partSize ? .arrayElements : nil
    case .yaml:
      guard !input.isStandardInput, let size, size > partSize,
        !FileIO.contains(Array(InlineSuppression.nextNodeKeyword.utf8), atPath: input.path)
      else { return nil }
      return .yamlDocuments
    case nil: return nil
    }
  }

  /// Reads, compiles and hands on the input `path` in parts, cut as `cutting` says.
  ///
  /// Returns `nil`, having reported nothing, for a JSON array in a file of at most
  /// `--max-input-size` bytes whose first element is of no kind: its report spans the whole
  /// array, which only reading it whole tells, so the caller reads it whole.
  private func runInParts<Part: Sendable>(
    _ path: String,
    name: String,
    cutting: InputPartitioner.Cutting,
    reportsDiagnostics: Bool,
    transform: @escaping @Sendable (PushCompilation, InputPart) -> Part,
    _ body: (Part, InputPart) -> ExitCode
  ) -> ExitCode? {
    var code = ExitCode.success
    let input: ChunkedInput
    do {
      input = try ChunkedInput(path, console: reader.console)
    } catch {
      reportCannotRead(name, error)
      return .cannotRead
    }
    // Places to cut are guessed in a file, which can be read again from a part whose place
    // turns out not to be one; not in standard input or a pipe.
    var partitioner = InputPartitioner(
      name: name, cutting: cutting, partSize: partSize, maximumDocumentSize: reader.maximumSize,
      excerptMargin: excerptMargin, guessesPlaces: input.isSeekable)
    let pipeline = OrderedPipeline<PartOutcome<Part>>(width: jobs)
    // The parts share their pointers (they have the same paths): one interner for each lane of
    // the pipeline, kept across parts, used by one thread.
    let interners = LaneLocal(width: pipeline.width) { JSONPointerInterner() }
    var compilerOptions = options(for: name)
    let loader = loader.compiling
    var budget = printer.makeBudget()
    var unplaced: [Diagnostic] = []
    var hasStopped = false
    var isKindSettled = compilerOptions.kind != nil
    let withholdsEveryMessage =
      cutting != .lines
      && withholdingSeverities.map {
        readingFindsProblems(path, name: name, cutting: cutting, of: $0)
      } ?? false

    // The first part whose guessed place was not confirmed: it and the parts after it are
    // discarded, and the input is read again from its start, with places found exactly.
    var unconfirmed: InputPartitioner.Part?
    func deliver(_ outcome: PartOutcome<Part>) {
      guard !hasStopped, unconfirmed == nil else { return }
      let result: PartResult<Part>
      switch outcome {
      case .compiled(let compiled): result = compiled
      case .unconfirmed(let part):
        unconfirmed = part
        return
      }
      if reportsDiagnostics {
        // Diagnostics without a place come after the others of the input, as when it is
        // compiled whole.
        unplaced += result.diagnostics.filter { $0.range == nil }
        let placed = result.diagnostics.filter { $0.range != nil }
        if printer.report(placed, in: result.part.file, budget: &budget) {
          code.escalate(to: .failure)
        }
      }
      code.escalate(to: body(result.value, result.part))
      hasStopped = result.stoppedReading
    }
    var readsWhole = false
    func submit(_ part: InputPartitioner.Part) {
      let file = part.file
      var firstParsed: ParsedSource?
      if !isKindSettled {
        // The kind is detected once, from the first document, as for a whole input. When that
        // document has no kind, the first part reports it and nothing after it is used; but
        // the first document of an array is the whole array, whose end the report gives: an
        // array that can be read whole is.
        let parsed = Self.parse(part, with: loader)
        compilerOptions.kind = Self.kind(of: parsed)
        isKindSettled = true
        firstParsed = parsed
        if compilerOptions.kind == nil, cutting == .arrayElements,
          path != InputReader.standardInputArgument,
          let size = FileIO.regularFileSize(atPath: path), size <= reader.maximumSize
        {
          readsWhole = true
          hasStopped = true
          return
        }
      }
      let inputPart = InputPart(
        file: file, index: part.index, isOneOfSeveral: part.index > 0 || part.isFollowed,
        withholdsEveryMessage: withholdsEveryMessage)
      let compiler = PushCompiler(options: compilerOptions)
      pipeline.submit(
        { [firstParsed] lane in
          let parsed = firstParsed ?? Self.parse(part, with: loader)
          // Read without an error, a part's bytes are whole valid documents, and its guessed
          // place a place: otherwise the place may be inside a document.
          if part.endsAtGuessedPlace && parsed.hasErrors { return .unconfirmed(part) }
          let compilation = compiler.compile(parsed, sharingPointersWith: interners[lane])
          return .compiled(
            PartResult(
              part: inputPart,
              diagnostics: compilation.diagnostics,
              stoppedReading: Self.stopsReading(parsed, cutting: cutting)
                || compilation.kind == nil,
              value: transform(compilation, inputPart)
            ))
        },
        deliver: deliver)
    }

    var failure: FileError?
    while true {
      do {
        try partitioner.cut(
          input, chunkSize: Self.chunkSize, while: { !hasStopped && unconfirmed == nil }, submit)
      } catch {
        failure = error
      }
      // What was read before a failure is reported first, as it was read.
      pipeline.finish(deliver: deliver)
      guard let part = unconfirmed else { break }
      // Reading again from the part whose place was not confirmed decides whether there is a
      // failure, and where.
      failure = nil
      unconfirmed = nil
      do {
        try input.seek(to: part.ownStartOffset)
      } catch {
        failure = error
        break
      }
      partitioner = InputPartitioner(
        resumingAt: part, partSize: partSize, maximumDocumentSize: reader.maximumSize)
      if part.index == 0 {
        // The kind was detected from a first document the guessed place may have cut short.
        compilerOptions.kind = options(for: name).kind
        isKindSettled = compilerOptions.kind != nil
      }
    }
    if let failure {
      hasStopped = true
      reportCannotRead(name, failure)
      code.escalate(to: .cannotRead)
    } else if readsWhole {
      return nil
    }
    if reportsDiagnostics {
      let file = SourceFile(name: name, bytes: [])
      if printer.report(unplaced, in: file, budget: &budget) { code.escalate(to: .failure) }
      printer.reportOmissions(of: name, budget: budget)
    }
    return code
  }

  /// Whether reading the JSON array or YAML stream `path` in parts cut as `cutting` says
  /// finds a problem of one of `severities`, judged as the compiler judges it for the input's
  /// kind (a trailing comma): a problem of the input's text, which withholds every message of
  /// the input. Reading stops at the first one; an input that cannot be read finds none
  /// (compiling it reports why).
  private func readingFindsProblems(
    _ path: String, name: String, cutting: InputPartitioner.Cutting, of severities: Set<Severity>
  ) -> Bool {
    guard let input = try? ChunkedInput(path, console: reader.console) else { return false }
    var partitioner = InputPartitioner(
      name: name, cutting: cutting, partSize: partSize, maximumDocumentSize: reader.maximumSize,
      excerptMargin: excerptMargin)
    let pipeline = OrderedPipeline<Bool>(width: jobs)
    let loader = loader.compiling
    var kind = options(for: name).kind
    var isKindSettled = kind != nil
    var found = false
    func submit(_ part: InputPartitioner.Part) {
      var firstParsed: ParsedSource?
      if !isKindSettled {
        let parsed = Self.parse(part, with: loader)
        kind = Self.kind(of: parsed)
        isKindSettled = true
        firstParsed = parsed
      }
      // An input of no kind has no messages to withhold: compiling it says so, and the rest of
      // it need not be read here.
      guard let kind else { return }
      pipeline.submit(
        { [firstParsed] in
          let parsed = firstParsed ?? Self.parse(part, with: loader)
          return PushCompiler.trailingCommasJudged(parsed.diagnostics, for: kind).contains {
            severities.contains($0.severity)
          }
        },
        deliver: { found = found || $0 })
    }
    do {
      try partitioner.cut(
        input, chunkSize: Self.chunkSize, while: { !found && (!isKindSettled || kind != nil) },
        submit)
    } catch {
      // Compiling reads it again, and reports why it cannot.
    }
    pipeline.finish(deliver: { found = found || $0 })
    return found
  }

  /// The kind of an input read in parts, from its first part `parsed`, as the compiler
  /// detects it for a whole input: FCM when there is no document, `nil` when the first looks
  /// like no kind.
  static func kind(of parsed: ParsedSource) -> APNSInputKind? {
    parsed.firstDocumentOutline.map { APNSInputReader.detectKind(of: $0) } ?? .fcm
  }

  /// Whether no part after the one `parsed` read is used: after a syntax error or a limit,
  /// where reading NDJSON or YAML whole stops; for an array, also after an error reading
  /// recovered from (see the type's documentation).
  static func stopsReading(_ parsed: ParsedSource, cutting: InputPartitioner.Cutting) -> Bool {
    switch cutting {
    case .lines: parsed.stoppedBeforeEnd
    case .arrayElements: parsed.stoppedBeforeEnd || !parsed.recoveries.isEmpty
    case .yamlDocuments:
      parsed.diagnostics.contains { YAMLDocumentSplitter.stoppingDiagnostics.contains($0.id) }
    }
  }

  /// Reads `part` with `loader`: lines of NDJSON as a JSON sequence, a part of an array as an
  /// array of its elements (see ``InputPartitioner/Part/readableFile``), numbered as in the
  /// whole array, documents of a YAML stream as YAML; the lines before a part's own are not
  /// read (NDJSON is read from ``InputPartitioner/Part/readingStart`` on, without a copy of
  /// the part) or read as blanks.
  static func parse(_ part: InputPartitioner.Part, with loader: SourceLoader) -> ParsedSource {
    switch part.cutting {
    case .lines:
      return loader.parseSequence(part.file, from: part.readingStart)
    case .yamlDocuments:
      let parsed = loader.parse(part.readableFile, as: .yaml)
      return part.readingStart == 0 ? parsed : parsed.readingAs(part.file, firstElementIndex: 0)
    case .arrayElements:
      return loader.parse(part.readableFile, as: .json).readingAs(
        part.file, firstElementIndex: part.firstElementIndex)
    }
  }

  /// Throws a usage error when standard input is named more than once.
  static func checkStandardInput(_ paths: [String]) throws(UsageError) {
    if paths.filter({ $0 == InputReader.standardInputArgument }).count > 1 {
      throw UsageError("'-' (standard input) can be given only once")
    }
  }
}

/// What a worker hands back for one part of an input read in parts.
private struct PartResult<Value: Sendable>: Sendable {
  var part: CompilationRunner.InputPart
  var diagnostics: [Diagnostic]
  var stoppedReading: Bool
  var value: Value
}

/// How a worker's part went: compiled, or not, its guessed place not confirmed (see
/// ``InputPartitioner/Part/endsAtGuessedPlace``).
private enum PartOutcome<Value: Sendable>: Sendable {
  case compiled(PartResult<Value>)
  case unconfirmed(InputPartitioner.Part)
}
