package catalog

import "testing"

// TestRubyParentDirname: parent() and dirname() give what Ruby 3.1 gives
// for Pathname.new(p).parent.to_s and File.dirname(p) (each row printed
// by `ruby -rpathname`).
func TestRubyParentDirname(t *testing.T) {
	t.Parallel()
	for _, tt := range [][3]string{
		{"/etc/x.ini", "/etc", "/etc"}, {"/", "/", "/"}, {"x.ini", ".", "."}, {"/etc/", "/", "/"},
		{"//etc//x", "//etc", "/etc"}, {"a/..", "a/../..", "a"}, {"/a/..", "/a/../..", "/a"},
		{"..", "../..", "."}, {"../x", "..", ".."}, {"/etc/./x", "/etc", "/etc/."}, {"", "..", "."},
		{"/etc/x/..", "/etc/x/../..", "/etc/x"}, {"//", "//", "/"}, {"///x", "///", "/"},
		{"a//b", "a", "a"}, {"a/b/", "a", "a"}, {"./x", ".", "."}, {"/./", "/", "/"}, {"x/./", ".", "x"},
		{"/etc/../x", "/etc/..", "/etc/.."}, {"a/b/c/.", "a/b", "a/b/c"}, {".", "..", "."}, {"/x/", "/", "/"},
	} {
		if got := rubyParent(tt[0]); got != tt[1] {
			t.Errorf("parent(%q) = %q, Ruby %q", tt[0], got, tt[1])
		}
		if got := rubyDirname(tt[0]); got != tt[2] {
			t.Errorf("dirname(%q) = %q, Ruby %q", tt[0], got, tt[2])
		}
	}
}
