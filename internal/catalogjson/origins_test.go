package catalogjson

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/catc-dev/catc/internal/jsonw"
)

// TestParamOriginWriteIsEncodingJSON: the plan JSON streams an origin
// (write) with the members, empty ones left out, that the diff JSON's
// encoding/json gives the same ParamOrigin, so a reader of either finds
// the same keys.
func TestParamOriginWriteIsEncodingJSON(t *testing.T) {
	t.Parallel()
	for _, o := range []ParamOrigin{
		{Param: "port", Kind: "declaration", File: "site.hcl", Line: 3, Column: 5, Via: "include", In: "Node[web]"},
		{Param: "port", Kind: "declaration", File: "site.hcl", Line: 3, Column: 5},
		{Param: "owner", Kind: "resource default", File: "site.hcl", Line: 9, Column: 3, Via: "defaults"},
		{Param: "ntp", Kind: "data", File: "data/common.yaml", Line: 2, Column: 1, Key: "profile::ntp",
			Data: []DataSource{{File: "data/nodes/a.yaml", Path: "nodes/a.yaml", Line: 2, Column: 1, Level: "node"}}},
		{Param: "ntp", Kind: "data", File: "data/common.yaml", Line: 2, Column: 1},
		{Param: "tz", Kind: "default", File: "site.hcl", Line: 12, Column: 7},
	} {
		jw := jsonw.Compact()
		o.write(jw)
		var streamed, encoded map[string]any
		if err := json.Unmarshal(jw.Bytes(), &streamed); err != nil {
			t.Fatalf("%s: %v", jw.Bytes(), err)
		}
		b, _ := json.Marshal(o)
		if err := json.Unmarshal(b, &encoded); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(encoded, streamed); d != "" {
			t.Errorf("%+v: streamed differs from encoding/json (-encoded +streamed):\n%s", o, d)
		}
	}
}
