// The server SDK lands here (issue 3).
