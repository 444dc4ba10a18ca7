/// Builds the help screens from command signatures, in the layout of swift-argument-parser:
/// `OVERVIEW`, `USAGE`, `ARGUMENTS`, `OPTIONS`, then the discussion.
enum HelpFormatter {
  /// The width help text is wrapped to.
  static let width = 80
  /// The column where option help starts.
  static let helpColumn = 28

  /// The help screen of one subcommand.
  static func help(for signature: CommandSignature) -> String {
    var output = "OVERVIEW: \(signature.abstract)\n\n"
    output += "USAGE: \(signature.usage)\n"
    if !signature.positionals.isEmpty {
      output += "\nARGUMENTS:\n"
      for positional in signature.positionals {
        output += row(label: "<\(positional.name)>", help: positional.help)
      }
    }
    output += "\nOPTIONS:\n"
    for option in signature.allOptions {
      output += row(label: option.helpLabel, help: option.fullHelp)
    }
    if !signature.discussion.isEmpty {
      output += "\n" + paragraphs(signature.discussion, indent: 0)
    }
    return output
  }

  /// The help screen of the tool itself, listing the subcommands.
  static func toolHelp(commands: [CommandSignature]) -> String {
    var output = "OVERVIEW: \(PushcCommand.abstract)\n\n"
    output += "USAGE: \(PushcCommand.usage)\n\n"
    output += "OPTIONS:\n"
    output += row(label: "--version", help: "Show the version.")
    output += row(label: "-h, --help", help: "Show help information.")
    output += "\nSUBCOMMANDS:\n"
    for command in commands {
      output += row(label: command.name, help: command.abstract)
    }
    output += row(label: "help", help: "Show help for a subcommand.")
    output += "\n  See '\(PushcCommand.toolName) help <subcommand>' for detailed help.\n"
    return output
  }

  // MARK: - Layout

  /// One two-column row: the label indented by two spaces, the help wrapped at ``helpColumn``.
  static func row(label: String, help: String) -> String {
    let lead = "  " + label
    let lines = wrap(help, width: width - helpColumn)
    var output = ""
    if lead.count + 2 > helpColumn {
      output += lead + "\n"
      for line in lines {
        output += String(repeating: " ", count: helpColumn) + line + "\n"
      }
      return output
    }
    for (position, line) in lines.enumerated() {
      let prefix = position == 0 ? lead : ""
      output += prefix + String(repeating: " ", count: helpColumn - prefix.count) + line + "\n"
    }
    if lines.isEmpty { output += lead + "\n" }
    return output
  }

  /// `text`'s blank-line-separated paragraphs, each wrapped to ``width``.
  static func paragraphs(_ text: String, indent: Int) -> String {
    let pad = String(repeating: " ", count: indent)
    return text.split(separator: "\n\n", omittingEmptySubsequences: true)
      .map { paragraph in
        wrap(String(paragraph), width: width - indent).map { pad + $0 + "\n" }.joined()
      }
      .joined(separator: "\n")
  }

  /// Splits `text` into lines of at most `width` characters at spaces; longer words stay whole.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
