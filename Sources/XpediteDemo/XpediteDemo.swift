// The demo app lands here (issue 3).
