// Package jsonw writes JSON by hand, byte for byte as encoding/json's
// Encoder writes it with SetEscapeHTML(false) and either no indentation
// (compact) or SetIndent("", "  "), but that every control character is
// escaped: beyond encoding/json's escapes, DEL, the C1 controls and the
// bidirectional formatting characters are written \uXXXX (Encode, for
// the documents it writes with encoding/json, escapes them too), so no
// title's control character is in a JSON file raw. Catalogs and plans
// are large and regular: writing them field by field, straight into a
// buffer that is flushed as it fills, avoids the reflection, the
// whole-document buffer and the re-indenting pass of encoding/json,
// which dominate `plan --format json` otherwise.
//
// It writes JSON's own values (strings, numbers, objects, arrays); the
// JSON of a catc value is package types' (WriteJSON), written through
// it. It imports nothing of catc.
package jsonw
