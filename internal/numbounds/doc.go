// Package numbounds bounds the numbers catc reads (literals, facts,
// strings converted to numbers, computed values) before anything computes
// with them: cty keeps a number as a big.Float whose exponent may reach
// billions of bits, which would take minutes to print or round. It says
// why a number is refused; it does not make diagnostics (the callers,
// catalog and internal/nodefacts, know the source range and summary).
package numbounds
