// Package jsoncheck holds the checks every reader of a catc JSON document
// adds to encoding/json: the byte offset of a syntax error
// (SyntaxErrorAt) and a scan for an object that names a key twice
// (DuplicateKeys), which encoding/json would silently read as its last
// value.
//
// It does not decode documents nor know any catc format: each format's
// reader decodes with encoding/json and calls these checks.
package jsoncheck
