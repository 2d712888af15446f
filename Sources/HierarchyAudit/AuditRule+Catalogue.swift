extension AuditRule {
    /// Every rule, one a line, in the order they run and are reported (`<` follows it; `--rules`,
    /// the JUnit suites and SARIF's rules list them so). A new rule is a file in `Rules/` that
    /// declares it, and its line here.
    public static let allCases: [AuditRule] = [
        .touchTargetSize,
        .missingLabel,
        .duplicateLabel,
        .duplicateBounds,
        .redundantDescription,
        .editableDescription,
        .imageLabel,
        .textContrast,
        .imageContrast,
        .obscuredTarget,
        .offscreenTarget,
    ]
}
