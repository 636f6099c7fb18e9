// Package didyoumean picks the likely intended word for a misspelt one
// (NameSuggestion), for the "Did you mean …?" of diagnostics.
//
// It does not phrase the suggestion: callers write their own sentence.
package didyoumean
