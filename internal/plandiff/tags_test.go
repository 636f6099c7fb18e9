package plandiff

import (
	"fmt"
	"testing"

	"github.com/catc-dev/catc/internal/types"
)

// TestCompareTags checks the tags a Puppet resource gains and loses:
// Puppet's order of tags is no change, a tag the resource's own `tag`
// parameter brings (in any case: Puppet's tags are lower case) is left
// to the `tag` change, and a side without Puppet's tags (an HCL catalog)
// compares nothing.
func TestCompareTags(t *testing.T) {
	t.Parallel()
	res := func(param []string, tags ...string) *SnapResource {
		return &SnapResource{Tags: param, PuppetTags: tags}
	}
	tests := []struct {
		name     string
		old, new *SnapResource
		want     string
	}{
		{"reordered", res(nil, "file", "class", "web"), res(nil, "web", "file", "class", "web"), "[]"},
		{"inherited from the class", res(nil, "file", "class", "web"), res(nil, "file", "class", "web", "frontend"),
			"[+[frontend]]"},
		{"moved to another class", res(nil, "exec", "class", "db"), res(nil, "exec", "class", "web", "frontend"),
			"[+[frontend web] -[db]]"},
		{"own tag parameter", res(nil, "notify", "class"), res([]string{"release"}, "release", "notify", "class"), "[]"},
		{"own tag parameter in capitals", res(nil, "notify"), res([]string{"Release"}, "release", "notify"), "[]"},
		{"own tag parameter and an inherited one", res([]string{"old"}, "old", "notify"), res(nil, "notify", "web"),
			"[+[web]]"},
		{"an HCL side", res(nil), res(nil, "notify"), "[]"},
	}
	for _, tt := range tests {
		var got []string
		for _, c := range compareTags(nil, tt.old, tt.new) {
			if c.Attr != TagsAttr || c.Behaviour != MetaparameterAttr || c.HadOld == c.HasNew {
				t.Errorf("%s: %+v is not one side of the tags", tt.name, c)
			}
			if c.HasNew {
				got = append(got, fmt.Sprint("+", c.New))
			} else {
				got = append(got, fmt.Sprint("-", c.Old))
			}
		}
		if fmt.Sprint(got) != tt.want {
			t.Errorf("%s: %v, want %s", tt.name, got, tt.want)
		}
	}
}

// TestTagParameterIsASet: the tag metaparameter is a set to Puppet (and
// PuppetDB sorts it): a new order is no change, a new tag is.
func TestTagParameterIsASet(t *testing.T) {
	t.Parallel()
	res := func(tags ...string) *SnapResource {
		return &SnapResource{Attributes: &types.Hash{}, Tags: tags}
	}
	if got := compareAttributes(res("web", "frontend"), res("frontend", "web")); len(got) != 0 {
		t.Errorf("reordered tag parameter: %+v, want no change", got)
	}
	got := compareAttributes(res("web"), res("frontend", "web"))
	if len(got) != 1 || got[0].Attr != "tag" {
		t.Errorf("a tag added: %+v, want one change of tag", got)
	}
}
