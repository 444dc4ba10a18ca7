public import PushDiagnostics
package import PushJSON

extension PushContract {
  /// Reads a contract from its value tree (from JSON or YAML), reporting every problem.
  ///
  /// - Parameters:
  ///   - node: The contract document.
  ///   - collector: Receives the `decodeContract…` diagnostics.
  /// - Returns: The contract, or `nil` when it has errors.
  package static func read(_ node: ValueNode, into collector: inout DiagnosticCollector)
    -> PushContract?
  {
    var reader = ContractReader(collector: collector)
    let contract = reader.contract(node)
    collector = reader.collector
    return reader.collector.hasErrors ? nil : contract
  }

  /// Reads a contract from a JSON file.
  ///
  /// YAML contracts are read by turning the YAML into a value tree first (the `PushYAML`
  /// module) and calling ``read(_:into:)``.
  ///
  /// - Parameter file: The contract's JSON text.
  /// - Returns: The contract, or `nil` when it has errors, and the diagnostics.
  public static func read(json file: SourceFile) -> (
    contract: PushContract?, diagnostics: [Diagnostic]
  ) {
    let parsed = JSONReader.read(file)
    guard !parsed.hasErrors, let document = parsed.documents.first else {
      return (nil, parsed.diagnostics)
    }
    var collector = DiagnosticCollector(file: file)
    collector.append(contentsOf: parsed.diagnostics)
    let contract = read(document, into: &collector)
    return (contract, collector.diagnostics)
  }
}

/// Reads the contract format, one object at a time.
private struct ContractReader {
  var collector: DiagnosticCollector

  static let contractKeys = [
    "$schema", "formatVersion", "name", "description", "discriminator", "kinds", "default",
  ]
  static let kindKeys = ["name", "when", "description", "fields"]
  static let defaultKindKeys = ["name", "description", "fields"]
  static let fieldKeys = [
    "type", "format", "datePatterns", "required", "default", "fallbacks", "allowsEmpty",
    "formatSeverity",
    "description",
  ]

  mutating func contract(_ node: ValueNode) -> PushContract? {
    guard let object = self.object(node, name: "the contract", pointer: .root) else { return nil }
    checkKeys(object, allowed: Self.contractKeys, pointer: .root)
    let version = integer(
      object, "formatVersion", pointer: .root, required: true, context: "the contract",
      missingAt: node.span
    )
    if let version, version != PushContract.formatVersion {
      emit(
        .decodeContractInvalidValue(
          "formatVersion",
          reason:
            "this version of pushc reads contract format \(PushContract.formatVersion), not \(version)"
        ),
        at: object["formatVersion"],
        pointer: JSONPointer(tokens: ["formatVersion"])
      )
    }
    _ = string(object, "$schema", pointer: .root)
    let name = string(
      object, "name", pointer: .root, required: true, context: "the contract", nonEmpty: true,
      missingAt: node.span
    )
    let description = string(object, "description", pointer: .root)
    let discriminator = string(
      object, "discriminator", pointer: .root, required: true, context: "the contract",
      nonEmpty: true,
      missingAt: node.span
    )
    var kinds: [PushContract.Kind] = []
    var kindNames: [String: Int] = [:]
    var discriminatorValues: Set<String> = []
    if let member = object.member(named: "kinds") {
      let pointer = JSONPointer(tokens: ["kinds"])
      if let elements = member.value.arrayValue {
        for (position, element) in elements.enumerated() {
          guard
            let kind = kind(element, pointer: pointer.appending(index: position), isDefault: false)
          else {
            continue
          }
          if kindNames[kind.name] != nil || kind.name == "unsupported" {
            emitDuplicate(kind.name, at: element, pointer: pointer.appending(index: position))
          }
          kindNames[kind.name] = position
          for value in kind.discriminatorValues {
            if !discriminatorValues.insert(value).inserted {
              emitDuplicate(
                value, at: element, pointer: pointer.appending(index: position).appending("when"))
            }
          }
          kinds.append(kind)
        }
      } else {
        emit(
          .decodeContractValueType(
            "kinds", expected: "an array of kinds", found: member.value.decodeDescription),
          at: member.value,
          pointer: pointer
        )
      }
    }
    var defaultKind: PushContract.Kind?
    if let member = object.member(named: "default") {
      defaultKind = kind(member.value, pointer: JSONPointer(tokens: ["default"]), isDefault: true)
      if let defaultKind, kindNames[defaultKind.name] != nil || defaultKind.name == "unsupported" {
        emitDuplicate(defaultKind.name, at: member.value, pointer: JSONPointer(tokens: ["default"]))
      }
    }
    if object.member(named: "kinds") == nil, object.member(named: "default") == nil {
      emit(.decodeContractMissingKey("kinds", in: "the contract"), at: node, pointer: .root)
    }
    guard let name, let discriminator else { return nil }
    return PushContract(
      name: name,
      description: description,
      discriminator: discriminator,
      kinds: kinds,
      defaultKind: defaultKind
    )
  }

  mutating func kind(_ node: ValueNode, pointer: JSONPointer, isDefault: Bool) -> PushContract.Kind?
  {
    let context = isDefault ? "the default kind" : "a kind"
    guard let object = self.object(node, name: isDefault ? "default" : "kinds[]", pointer: pointer)
    else { return nil }
    checkKeys(object, allowed: isDefault ? Self.defaultKindKeys : Self.kindKeys, pointer: pointer)
    let name = string(
      object, "name", pointer: pointer, required: true, context: context, nonEmpty: true,
      missingAt: node.span
    )
    let description = string(object, "description", pointer: pointer)
    var values: [String] = []
    if !isDefault {
      if let member = object.member(named: "when") {
        let at = pointer.appending("when")
        if let single = member.value.stringValue {
          values = [single]
        } else if let elements = member.value.arrayValue, !elements.isEmpty,
          elements.allSatisfy({ $0.stringValue != nil })
        {
          values = elements.compactMap(\.stringValue)
        } else {
          emit(
            .decodeContractValueType(
              "when", expected: "a string or a non-empty array of strings",
              found: member.value.decodeDescription),
            at: member.value,
            pointer: at
          )
        }
      } else {
        emit(.decodeContractMissingKey("when", in: context), at: node, pointer: pointer)
      }
    }
    var fields: [PushContract.Field] = []
    if let member = object.member(named: "fields") {
      let at = pointer.appending("fields")
      if let fieldObject = member.value.objectValue {
        for field in fieldObject.members {
          if let parsed = self.field(field, pointer: at.appending(field.key)) {
            fields.append(parsed)
          }
        }
      } else {
        emit(
          .decodeContractValueType(
            "fields", expected: "a dictionary of fields", found: member.value.decodeDescription),
          at: member.value,
          pointer: at
        )
      }
    } else {
      emit(.decodeContractMissingKey("fields", in: context), at: node, pointer: pointer)
    }
    guard let name else { return nil }
    return PushContract.Kind(
      name: name, discriminatorValues: values, description: description, fields: fields)
  }

  mutating func field(_ member: JSONObject.Member, pointer: JSONPointer) -> PushContract.Field? {
    let context = "field '\(member.key)'"
    guard let object = self.object(member.value, name: member.key, pointer: pointer) else {
      return nil
    }
    checkKeys(object, allowed: Self.fieldKeys, pointer: pointer)
    guard
      let typeName = string(
        object, "type", pointer: pointer, required: true, context: context,
        missingAt: member.value.span
      )
    else {
      return nil
    }
    guard let type = PushContract.FieldType(rawValue: typeName) else {
      emit(
        .decodeContractInvalidValue(
          "type",
          reason:
            "'\(typeName)' is not a type; expected one of \(PushContract.FieldType.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))"
        ),
        at: object["type"],
        pointer: pointer.appending("type")
      )
      return nil
    }
    var field = PushContract.Field(key: member.key, type: type)
    field.description = string(object, "description", pointer: pointer)
    field.isRequired = boolean(object, "required", pointer: pointer) ?? false
    field.allowsEmpty = boolean(object, "allowsEmpty", pointer: pointer) ?? false
    if field.allowsEmpty, type != .string {
      emit(
        .decodeContractInvalidValue("allowsEmpty", reason: "only 'string' fields can be empty"),
        at: object["allowsEmpty"],
        pointer: pointer.appending("allowsEmpty")
      )
    }
    if let formatName = string(object, "format", pointer: pointer) {
      if let format = PushContract.FieldFormat(rawValue: formatName) {
        field.format = format
        if type != .string {
          emit(
            .decodeContractInvalidValue(
              "format", reason: "a format applies only to 'string' fields, not '\(type.rawValue)'"),
            at: object["format"],
            pointer: pointer.appending("format")
          )
        }
      } else {
        emit(
          .decodeContractInvalidValue(
            "format",
            reason:
              "'\(formatName)' is not a format; expected one of \(PushContract.FieldFormat.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))"
          ),
          at: object["format"],
          pointer: pointer.appending("format")
        )
      }
    }
    if let patterns = object.member(named: "datePatterns") {
      let at = pointer.appending("datePatterns")
      if let elements = patterns.value.arrayValue, !elements.isEmpty {
        for (position, element) in elements.enumerated() {
          guard let text = element.stringValue else {
            emit(
              .decodeContractValueType(
                "datePatterns", expected: "strings", found: element.decodeDescription),
              at: element,
              pointer: at.appending(index: position)
            )
            continue
          }
          if let pattern = DatePattern(text) {
            field.datePatterns.append(pattern)
          } else {
            emit(
              .decodeContractInvalidDatePattern(
                text, reason: DatePattern.problem(in: text) ?? "unsupported"),
              at: element,
              pointer: at.appending(index: position)
            )
          }
        }
      } else {
        emit(
          .decodeContractValueType(
            "datePatterns", expected: "a non-empty array of patterns",
            found: patterns.value.decodeDescription),
          at: patterns.value,
          pointer: at
        )
      }
      if field.format != .date {
        emit(
          .decodeContractInvalidValue(
            "datePatterns", reason: "date patterns apply only to fields with the 'date' format"),
          at: patterns.value,
          pointer: at
        )
      }
    } else if field.format == .date {
      emit(
        .decodeContractMissingKey("datePatterns", in: "\(context), which has the 'date' format,"),
        at: member.value, pointer: pointer)
    }
    if let severityName = string(object, "formatSeverity", pointer: pointer) {
      if let severity = Severity(rawValue: severityName) {
        field.formatSeverity = severity
      } else {
        emit(
          .decodeContractInvalidValue(
            "formatSeverity", reason: "'\(severityName)' is not 'error', 'warning' or 'note'"),
          at: object["formatSeverity"],
          pointer: pointer.appending("formatSeverity")
        )
      }
    }
    if let fallbacks = object.member(named: "fallbacks") {
      let at = pointer.appending("fallbacks")
      if let elements = fallbacks.value.arrayValue {
        for (position, element) in elements.enumerated() {
          if let text = element.stringValue, text.hasPrefix("/"), let fallback = JSONPointer(text) {
            field.fallbacks.append(fallback)
          } else {
            emit(
              .decodeContractInvalidValue(
                "fallbacks",
                reason:
                  "\(element.decodeDescription) is not a JSON Pointer such as '/aps/alert/title'"),
              at: element,
              pointer: at.appending(index: position)
            )
          }
        }
      } else {
        emit(
          .decodeContractValueType(
            "fallbacks", expected: "an array of JSON Pointers",
            found: fallbacks.value.decodeDescription),
          at: fallbacks.value,
          pointer: at
        )
      }
    }
    if let defaultMember = object.member(named: "default") {
      let at = pointer.appending("default")
      if field.isRequired {
        emit(
          .decodeContractInvalidValue(
            "default",
            reason: "a required field has no default; remove one of 'required' and 'default'"),
          at: defaultMember.value,
          pointer: at
        )
      } else {
        switch field.convert(defaultMember.value, typed: true) {
        case .converted(let value, _):
          field.defaultValue = value.withoutSpans
        case .wrongType, .wrongFormat:
          emit(
            .decodeContractInvalidValue(
              "default",
              reason: "\(defaultMember.value.decodeDescription) is not \(field.expectation)"),
            at: defaultMember.value,
            pointer: at
          )
        }
      }
    }
    return field
  }

  // MARK: - Values

  mutating func object(_ node: ValueNode, name: String, pointer: JSONPointer) -> JSONObject? {
    if let object = node.objectValue { return object }
    emit(
      .decodeContractValueType(name, expected: "a dictionary", found: node.decodeDescription),
      at: node, pointer: pointer)
    return nil
  }

  mutating func checkKeys(_ object: JSONObject, allowed: [String], pointer: JSONPointer) {
    for member in object.members where !allowed.contains(member.key) {
      collector.emit(
        .decodeContractUnknownKey(member.key, allowed: allowed),
        at: member.keySpan,
        pointer: pointer.appending(member.key)
      )
    }
  }

  mutating func string(
    _ object: JSONObject,
    _ key: String,
    pointer: JSONPointer,
    required: Bool = false,
    context: String = "",
    nonEmpty: Bool = false,
    missingAt span: SourceSpan? = nil
  ) -> String? {
    guard let value = object[key] else {
      if required {
        collector.emit(.decodeContractMissingKey(key, in: context), at: span, pointer: pointer)
      }
      return nil
    }
    guard let string = value.stringValue, !nonEmpty || !string.isEmpty else {
      emit(
        .decodeContractValueType(
          key, expected: nonEmpty ? "a non-empty string" : "a string",
          found: value.decodeDescription),
        at: value,
        pointer: pointer.appending(key)
      )
      return nil
    }
    return string
  }

  mutating func boolean(_ object: JSONObject, _ key: String, pointer: JSONPointer) -> Bool? {
    guard let value = object[key] else { return nil }
    guard let bool = value.boolValue else {
      emit(
        .decodeContractValueType(key, expected: "true or false", found: value.decodeDescription),
        at: value, pointer: pointer.appending(key))
      return nil
    }
    return bool
  }

  mutating func integer(
    _ object: JSONObject,
    _ key: String,
    pointer: JSONPointer,
    required: Bool,
    context: String,
    missingAt span: SourceSpan?
  ) -> Int? {
    guard let value = object[key] else {
      if required {
        collector.emit(.decodeContractMissingKey(key, in: context), at: span, pointer: pointer)
      }
      return nil
    }
    guard let number = value.numberValue?.intValue else {
      emit(
        .decodeContractValueType(key, expected: "an integer", found: value.decodeDescription),
        at: value, pointer: pointer.appending(key))
      return nil
    }
    return number
  }

  mutating func emit(_ message: DiagnosticMessage, at node: ValueNode?, pointer: JSONPointer) {
    collector.emit(message, at: node?.span, pointer: pointer)
  }

  mutating func emitDuplicate(_ name: String, at node: ValueNode, pointer: JSONPointer) {
    emit(.decodeContractDuplicateKind(name), at: node, pointer: pointer)
  }
}
