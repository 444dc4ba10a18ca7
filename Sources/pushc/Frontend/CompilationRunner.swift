import PushDiagnostics
import PushJSON
import PushPayload

/// Runs the compile pipeline over the inputs named on the command line, reporting each input's
/// diagnostics, for the subcommands built on ``PushCompiler``.
///
/// For the subcommands that read NDJSON in parts (`lint`, `compile`), several whole inputs
/// are also compiled at once, up to ``jobs``, and reported in the order they were named.
///
/// Inputs are compiled whole, except NDJSON inputs (by extension, or `--input-format
/// ndjson`), which are read a chunk at a time and compiled in parts of whole lines (see
/// ``NDJSONPartitioner``), up to ``jobs`` parts at once: memory stays bounded by the size of a
/// part whatever the size of the input, both cores are used, and results are handed on in
/// input order. A part reads exactly as it would inside the whole input: the kind detected
/// from the first document holds for every part, and after a syntax error (where reading the
/// whole input would stop) no later part is used.
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

  /// The default ``partSize``: a few hundred notices, small enough that two threads share the
  /// work evenly, large enough that handing parts around costs nothing measurable.
  static let defaultPartSize = 256 * 1024

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
    // Whole inputs are read here, one after another, and compiled on up to `jobs` threads;
    // their results are reported here in input order. Small inputs go to the threads in
    // batches (a folder of thousands of small files), so that handing each one over does not
    // cost more than compiling it.
    let pipeline = OrderedPipeline<[PartResult<Part>]>(width: readsNDJSONInParts ? jobs : 1)
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
        {
          files.map { file, options in
            let compilation = PushCompiler(options: options).compile(loader.load(file))
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
      if readsNDJSONInParts, format == .jsonSequence, input.problem == nil {
        submitBatch()
        pipeline.finish(deliver: deliver)
        code.escalate(
          to: runInParts(
            input.path, name: name, reportsDiagnostics: reportsDiagnostics, transform: transform,
            body))
        continue
      }
      let file: SourceFile
      do {
        file = try reader.read(input)
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

  /// Reads, compiles and hands on the NDJSON input `path` in parts.
  private func runInParts<Part: Sendable>(
    _ path: String,
    name: String,
    reportsDiagnostics: Bool,
    transform: @escaping @Sendable (PushCompilation, InputPart) -> Part,
    _ body: (Part, InputPart) -> ExitCode
  ) -> ExitCode {
    var code = ExitCode.success
    let input: ChunkedInput
    do {
      input = try ChunkedInput(path, console: reader.console)
    } catch {
      reportCannotRead(name, error)
      return .cannotRead
    }
    var partitioner = NDJSONPartitioner(
      name: name, partSize: partSize, maximumDocumentSize: reader.maximumSize)
    let pipeline = OrderedPipeline<PartResult<Part>>(width: jobs)
    var compilerOptions = options(for: name)
    let loader = loader.compiling
    var budget = printer.makeBudget()
    var unplaced: [Diagnostic] = []
    var hasStopped = false
    var isKindSettled = compilerOptions.kind != nil

    func deliver(_ result: PartResult<Part>) {
      guard !hasStopped else { return }
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
    func submit(_ part: NDJSONPartitioner.Part) {
      let file = part.file
      var firstParsed: ParsedSource?
      if !isKindSettled {
        // The kind is detected once, from the first document, as for a whole input. When that
        // document has no kind, the first part reports it and nothing after it is used.
        let parsed = loader.parse(file, as: .jsonSequence)
        compilerOptions.kind =
          parsed.firstDocumentHead.map { APNSInputReader.detectKind(of: $0) } ?? .fcm
        isKindSettled = true
        firstParsed = parsed
      }
      let inputPart = InputPart(
        file: file, index: part.index, isOneOfSeveral: part.index > 0 || part.isFollowed)
      let compiler = PushCompiler(options: compilerOptions)
      pipeline.submit(
        { [firstParsed] in
          let parsed = firstParsed ?? loader.parse(file, as: .jsonSequence)
          let compilation = compiler.compile(parsed)
          return PartResult(
            part: inputPart,
            diagnostics: compilation.diagnostics,
            stoppedReading: parsed.stoppedBeforeEnd || compilation.kind == nil,
            value: transform(compilation, inputPart)
          )
        },
        deliver: deliver)
    }

    do {
      while !hasStopped {
        let chunk = try input.next(maximumCount: Self.chunkSize)
        if chunk.isEmpty {
          if let last = partitioner.finish() { submit(last) }
          break
        }
        for part in try partitioner.append(chunk) where !hasStopped {
          submit(part)
        }
      }
      pipeline.finish(deliver: deliver)
    } catch {
      // What was read before the failure is reported first, as it was read.
      pipeline.finish(deliver: deliver)
      hasStopped = true
      reportCannotRead(name, error)
      code.escalate(to: .cannotRead)
    }
    if reportsDiagnostics {
      let file = SourceFile(name: name, bytes: [])
      if printer.report(unplaced, in: file, budget: &budget) { code.escalate(to: .failure) }
      printer.reportOmissions(of: name, budget: budget)
    }
    return code
  }

  /// Throws a usage error when standard input is named more than once.
  static func checkStandardInput(_ paths: [String]) throws(UsageError) {
    if paths.filter({ $0 == InputReader.standardInputArgument }).count > 1 {
      throw UsageError("'-' (standard input) can be given only once")
    }
  }
}

/// What a worker hands back for one part of an NDJSON input.
private struct PartResult<Value: Sendable>: Sendable {
  var part: CompilationRunner.InputPart
  var diagnostics: [Diagnostic]
  var stoppedReading: Bool
  var value: Value
}
