/// The manual page of `pushc` in roff (`man 7 man`), generated from the command signatures, so
/// that it documents exactly what `--help` does: `pushc help --man > pushc.1`.
struct ManPage {
  /// The subcommands, `help` excluded.
  let commands: [CommandSignature]

  /// The page.
  func render() -> String {
    var lines = [
      ".TH PUSHC 1 \"\" \"pushc \(PushcCommand.version)\" \"User Commands\"",
      ".SH NAME",
      "pushc \\- " + Self.escaped(PushcCommand.abstract),
      ".SH SYNOPSIS",
      ".B pushc",
      "\\fIsubcommand\\fR [\\fIoptions\\fR] [\\fIarguments\\fR]",
      ".br",
      ".B pushc",
      "\\-\\-version | \\-\\-help",
      ".br",
      ".B pushc help",
      "[\\fIsubcommand\\fR | \\-\\-man]",
      ".SH DESCRIPTION",
      Self.escaped(
        "pushc compiles FCM message definitions to the APNs requests FCM sends, checks FCM "
          + "messages and raw APNs payloads against every FCM and APNs rule, and formats them. "
          + "Each subcommand is described below; 'pushc help SUBCOMMAND' prints the same text."),
      ".SH SUBCOMMANDS",
    ]
    for signature in commands {
      lines.append(".SS \"pushc \(signature.name)\"")
      lines.append(Self.escaped(signature.abstract))
      lines.append(".PP")
      lines.append(".B " + Self.escaped(signature.usage))
      for paragraph in Self.paragraphs(signature.discussion) {
        lines.append(".PP")
        lines.append(Self.escaped(paragraph))
      }
      for positional in signature.positionals {
        lines.append(".TP")
        lines.append("\\fI\(Self.escaped(positional.name))\\fR")
        lines.append(Self.escaped(positional.help))
      }
      for option in signature.allOptions {
        lines.append(".TP")
        lines.append(Self.label(option))
        lines.append(Self.escaped(option.fullHelp))
      }
    }
    lines += [
      ".SH EXIT STATUS",
      ".TP", "0", "Success; warnings and notes may have been reported.",
      ".TP", "1",
      Self.escaped(
        "An input has errors (or warnings under --warnings-as-errors), or fmt --check found a "
          + "file that is not in canonical form."),
      ".TP", "64", "The command line is wrong (EX_USAGE).",
      ".TP", "66", "An input file cannot be read (EX_NOINPUT).",
      ".TP", "73", "An output file cannot be written (EX_CANTCREAT).",
      ".TP", "78", Self.escaped("A configuration file (.pushc.yaml) has errors (EX_CONFIG)."),
      ".SH FILES",
      ".TP",
      ".I .pushc.yaml",
      Self.escaped(
        "The settings of pushc lint, found in the folder of each input or a parent folder, up "
          + "to the root of the repository; see --config and --print-config."),
      ".SH ENVIRONMENT",
      ".TP",
      ".B NO_COLOR",
      Self.escaped("When set to a non-empty value, diagnostics are never coloured."),
      ".SH SEE ALSO",
      Self.escaped("Documentation/CLI.md in the pushc repository; pushc rules; pushc completions."),
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// `\fB\-\-format\fR \fIformat\fR`, with the short name first when there is one.
  private static func label(_ option: OptionSpec) -> String {
    var label = "\\fB" + escaped(option.longSpelling) + "\\fR"
    if let shortName = option.shortName { label = "\\fB\\-\(shortName)\\fR, " + label }
    if case .value(let valueName, _) = option.kind {
      label += " \\fI" + escaped(valueName) + "\\fR"
    }
    return label
  }

  /// The blank-line-separated paragraphs of `text`, each on one line.
  private static func paragraphs(_ text: String) -> [String] {
    text.split(separator: "\n\n", omittingEmptySubsequences: true).map {
      $0.split(separator: "\n").joined(separator: " ")
    }
  }

  /// `text` as roff text: backslashes and dashes escaped, and a leading `.` or `'` made text.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
      default:
        // groff reads ASCII; other characters are named by their code point.
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
    return result
  }
}
