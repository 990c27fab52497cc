// Package shape checks the house's shape (issue 49, "The shape to
// reach") in its test, which make test runs: no non-test file over 400
// lines, no package doc over 15, and no call in app/ui that parses or
// looks into an action's notation, but at its edges (uiEdges). It has no
// code of its own.
package shape
