package source

import (
	"os"
	"path/filepath"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/hiera"
)

// Hiera opens the Hiera data of the site among paths: the first
// directory that holds a hiera.yaml (nil when none does).
func Hiera(paths []string) (*hiera.Data, hcl.Diagnostics) {
	for _, p := range paths {
		if st, err := os.Stat(filepath.Join(p, hiera.ConfigName)); err != nil || st.IsDir() {
			continue
		}
		return hiera.Open(p)
	}
	return nil, nil
}
