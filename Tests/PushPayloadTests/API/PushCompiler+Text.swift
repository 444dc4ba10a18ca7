import PushDiagnostics
import PushJSON
import PushPayload

extension PushCompiler {
  /// `text`, the input `name`, read into a tree leniently as the CLI reads it (as NDJSON when
  /// the name ends in `.ndjson`) and compiled.
  func compile(text: String, name: String) -> PushCompilation {
    var reading = JSONReader.Options.lenient
    reading.allowsMultipleDocuments = name.hasSuffix(".ndjson")
    return compile(JSONReader(options: reading).readTree(SourceFile(name: name, text: text)))
  }
}
