package hiera

import "github.com/hashicorp/hcl/v2"

// CheckFiles reads every data file of the session's node's hierarchy
// that exists and returns their errors (a file that does not parse, a
// top level that is no hash), each file once, in hierarchy order: a
// lookup stops at the first, and only when it reaches it; an editor
// shows them all, on their files.
func (s *Session) CheckFiles() hcl.Diagnostics {
	if s.d == nil {
		return nil
	}
	levels, err := s.levelsFor()
	if err != nil {
		return hcl.Diagnostics{s.diagnostic(err)}
	}
	seen := map[string]bool{}
	var out hcl.Diagnostics
	for _, lv := range levels {
		for _, loc := range lv.locations {
			if !loc.exists || seen[loc.path] {
				continue
			}
			seen[loc.path] = true
			out = append(out, s.d.file(loc.path, lv.Function).diags...)
		}
	}
	return out
}
