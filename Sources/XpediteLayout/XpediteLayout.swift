// The layout engine lands here (issue 4).
