import PushJSON
import PushPayload
import PushReceivingCore

// The library's types that options take as values. The conformances live here, in the tool,
// so that the library knows nothing of the command line.

extension APNSInputKind: ExpressibleByArgument {}

extension APNSRequestRenderer.Environment: ExpressibleByArgument {}

extension CaptureForm: ExpressibleByArgument {}

extension PayloadFitter.Policy: ExpressibleByArgument {}

extension PayloadFitter.Target: ExpressibleByArgument {
  /// The top-level key named `argument` (`fit --truncate-key`).
  init?(argument: String) {
    self = .topLevelKey(argument)
  }
}

extension SourceFormat: ExpressibleByArgument {}

extension APNSInputOptions.Header: ExpressibleByArgument {
  /// Parses `name: value`, as `curl -H` does, with `--header` as the option in provenance.
  init?(argument: String) {
    self.init(argument: argument, optionName: APNSInputOptions.headerOptionName)
  }

  /// `invalid header 'x'; expected 'name: value'`.
  static func invalidValueMessage(_ argument: String, for spelling: String) -> String {
    "invalid header '\(argument)'; expected 'name: value'"
  }
}
