// Package jsonw writes JSON by hand, byte for byte as encoding/json's
// Encoder writes it with SetEscapeHTML(false) and either no indentation
// (compact) or SetIndent("", "  "). Catalogs and plans are large and
// regular: writing them field by field, straight into a buffer that is
// flushed as it fills, avoids the reflection, the whole-document buffer
// and the re-indenting pass of encoding/json, which dominate `plan
// --format json` otherwise.
package jsonw
