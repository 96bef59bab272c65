extension ValidationIssue {
    /// The issue of a value that is nested under `base` in a larger document: a payload checked on
    /// its own reports `$.fields[2].values`; inside a send request the same issue is at
    /// `$.payload.fields[2].values` (docs/notify-api.md#conventions).
    public func nested(under base: JSONPath) -> ValidationIssue {
        var issue = self
        issue.path = JSONPath(steps: base.steps + path.steps)
        return issue
    }
}
