package hiera

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/types"
)

// decodeJSONData reads a json_data file: a JSON object whose keys are
// the data's keys. Values are typed as Ruby's JSON.parse types them (1
// is an Integer, 1.0 a Float).
func decodeJSONData(path string, src []byte) ([]string, map[string]*topEntry, hcl.Diagnostics) {
	v, err := types.DecodeJSON(src)
	if err != nil {
		line, col := 0, 0
		var se *json.SyntaxError
		if errors.As(err, &se) {
			line, col = lineColumn(src, int(se.Offset))
		}
		return nil, nil, hcl.Diagnostics{yamlDiag(path, &yamlError{line: line, column: col}, summaryBadData,
			fmt.Sprintf("Unable to parse (%s): %v.", path, err))}
	}
	h, ok := v.(*types.Hash)
	if !ok {
		return nil, nil, hcl.Diagnostics{yamlDiag(path, &yamlError{line: 1, column: 1}, summaryBadData,
			fmt.Sprintf("Value returned from data_hash function 'json_data', when using location '%s', has wrong type, expects a Hash value, got %s", path, typeName(v)))}
	}
	lines := topKeyPositions(src)
	entries := make(map[string]*topEntry, h.Len())
	for i, k := range h.Keys {
		e := &topEntry{value: h.Values[i], line: 1, col: 1}
		if p, ok := lines[k]; ok {
			e.line, e.col = p[0], p[1]
		}
		e.plain = !needsInterpolation(e.value)
		entries[k] = e
	}
	return h.Keys, entries, nil
}

// topKeyPositions finds where each key of the top-level object starts.
func topKeyPositions(src []byte) map[string][2]int {
	out := map[string][2]int{}
	dec := json.NewDecoder(bytes.NewReader(src))
	depth := 0
	expectKey := false
	for {
		off := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return out
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{', '[':
				depth++
				expectKey = t == '{' && depth == 1
			case '}', ']':
				depth--
				expectKey = depth == 1
			}
			continue
		case string:
			if depth == 1 && expectKey {
				if _, seen := out[t]; !seen {
					// the token starts after the separator the decoder skipped
					start := int(off)
					for start < len(src) && src[start] != '"' {
						start++
					}
					l, c := lineColumn(src, start)
					out[t] = [2]int{l, c}
				}
				expectKey = false
				continue
			}
		}
		if depth == 1 {
			expectKey = true
		}
	}
}

// lineColumn is the 1-based line and column of byte offset off.
func lineColumn(src []byte, off int) (int, int) {
	off = min(off, len(src))
	line := 1 + bytes.Count(src[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(src[:off], '\n')
	return line, col
}
