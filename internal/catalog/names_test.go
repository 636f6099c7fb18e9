package catalog

import "testing"

func TestValidTag(t *testing.T) {
	t.Parallel()
	for tag, want := range map[string]bool{
		"web": true, "web_01": true, "a::b": true, "v1.2-rc": true, "_x": true, "é": true, "٣x": true,
		"": false, "-x": false, ".x": false, ":x": false, "a b": false, "a/b": false, "a\n": false,
	} {
		if got := ValidTag(tag); got != want {
			t.Errorf("ValidTag(%q) = %v, want %v", tag, got, want)
		}
	}
}

func TestValidTypeName(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]bool{
		"apt_key": true, "a": true, "node_res2": true,
		"": false, "Apt_key": false, "1pkg": false, "_x": false, "a-b": false, "a::b": false, "é": false,
	} {
		if got := validTypeName(name); got != want {
			t.Errorf("validTypeName(%q) = %v, want %v", name, got, want)
		}
	}
}
