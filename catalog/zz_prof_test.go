package catalog

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestZZToset(t *testing.T) {
	var b strings.Builder
	b.WriteString("locals {\n  s = toset([")
	for i := 0; i < 8192; i++ {
		fmt.Fprintf(&b, "\"s%d\", ", i)
	}
	b.WriteString("])\n}\n")
	st := time.Now()
	_, diags := LoadFiles([]string{"a.hcl"}, [][]byte{[]byte(b.String())}, LoadOptions{})
	t.Log(time.Since(st), diags.HasErrors())
}
