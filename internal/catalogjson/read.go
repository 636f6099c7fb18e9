package catalogjson

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/catc-dev/catc/internal/jsoncheck"
)

// Read reads the bytes of a catalog or plan JSON file (the output of `catc compile`
// or `catc plan --format json`): one document, no key twice, of this
// format. A plan's "order", "refreshed_by" and "cycles" are not read (a
// reader computes them again from the edges). name labels errors.
func Read(data []byte, name string) (*Document, error) {
	// The "types" key is optional: catalogs that carry it tell diff which
	// attributes are init_only, parameters, read_only or sensitive; without
	// it every attribute is compared as a property and sensitive values
	// are known by their marker.
	// One decode: encoding/json checks the syntax of the whole document
	// before it fills anything in, so a syntax error comes first, then a
	// repeated key (the checks of internal/jsoncheck), then a value of
	// the wrong type.
	var in Document
	err := json.Unmarshal(data, &in)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return nil, fmt.Errorf("%s: not a catalog JSON file: %w", name, jsoncheck.SyntaxErrorAt(err))
	}
	if err := jsoncheck.DuplicateKeys(data); err != nil {
		return nil, fmt.Errorf("%s: not a catalog JSON file: %w", name, err)
	}
	if err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			// not te.Error(): it quotes a number's text, which may be a
			// secret
			return nil, fmt.Errorf("%s: not a catalog JSON file: a %s cannot be the value of %s, of type %s (the value ends at byte offset %d)",
				name, strings.Fields(te.Value + " value")[0], te.Field, te.Type, te.Offset)
		}
		return nil, fmt.Errorf("%s: not a catalog JSON file: %w", name, err)
	}
	if in.Format != Format {
		return nil, fmt.Errorf("%s: format is %q, want %q (write it with 'catc compile')", name, in.Format, Format)
	}
	return &in, nil
}
