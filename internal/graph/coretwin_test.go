package graph

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// coreTwin writes a compiled Puppet catalog (JSON, format 2) as catc HCL:
// its resources in order, each parameter as an attribute, relationship
// metaparameters as references. Puppet's Class and Stage are left out.
func coreTwin(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cat struct {
		Resources []struct {
			Type       string         `json:"type"`
			Title      string         `json:"title"`
			Parameters map[string]any `json:"parameters"`
		} `json:"resources"`
	}
	if err := json.Unmarshal(b, &cat); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var out strings.Builder
	fmt.Fprintf(&out, "# Made from %s by coreTwin (internal/graph/coretwin_test.go; go test ./internal/graph -run TestCoreCorpus -update).\n", filepath.Base(path))
	for _, r := range cat.Resources {
		if r.Type == "Class" || r.Type == "Stage" {
			continue
		}
		fmt.Fprintf(&out, "\nresource %q %s {\n", strings.ToLower(r.Type), hclString(r.Title))
		names := make([]string, 0, len(r.Parameters))
		width := 0
		for k := range r.Parameters {
			names = append(names, k)
			width = max(width, len(k))
		}
		sort.Strings(names)
		for _, k := range names {
			v := hclValue(r.Parameters[k])
			switch k {
			case "require", "before", "notify", "subscribe":
				v = hclRefs(t, r.Parameters[k])
			}
			fmt.Fprintf(&out, "  %-*s = %s\n", width, k, v)
		}
		out.WriteString("}\n")
	}
	return []byte(out.String())
}

// hclRefs writes "Type[title]" references (one or a list) as catc
// references, type["title"].
func hclRefs(t *testing.T, v any) string {
	t.Helper()
	list, ok := v.([]any)
	if !ok {
		list = []any{v}
	}
	parts := make([]string, len(list))
	for i, x := range list {
		s, _ := x.(string)
		typ, title, ok := strings.Cut(s, "[")
		if !ok || !strings.HasSuffix(title, "]") {
			t.Fatalf("reference %q is not Type[title]", s)
		}
		parts[i] = strings.ToLower(typ) + "[" + hclString(strings.TrimSuffix(title, "]")) + "]"
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func hclValue(v any) string {
	switch v := v.(type) {
	case string:
		return hclString(v)
	case bool:
		return strconv.FormatBool(v)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case []any:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = hclValue(x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	panic(fmt.Sprintf("coreTwin: no HCL for %T", v))
}

// hclString is s as an HCL string literal: escapes, and no interpolation.
func hclString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`, "\t", `\t`, "${", "$${", "%{", "%%{")
	return `"` + r.Replace(s) + `"`
}
