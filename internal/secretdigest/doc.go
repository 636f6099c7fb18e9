// Package secretdigest makes the markers that stand for sensitive values
// in catc's output files. A digest lets diff see that a secret changed,
// and must let nobody else confirm a guessed secret: it is an HMAC under
// a key the user holds (compiler.LoadOptions.DigestKey), never a key in
// the source. Without one, the output files carry no digest at all
// (None), and in-process comparisons (diff of HCL paths, --base) use a
// random key made once for the run (RunDigest). It does not decide which
// values are sensitive (catalog does) nor read a key file (cmd/catc).
package secretdigest
