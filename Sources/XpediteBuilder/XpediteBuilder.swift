// The result-builder DSL lands here (issue 3).
