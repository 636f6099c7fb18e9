package lsp

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/catc-dev/catc/internal/inputfile"
)

// ProjectFile is the name of the settings file the server reads at the
// root of each workspace folder (the first folder that has one wins).
const ProjectFile = ".catc.json"

// Settings are what `catc validate` takes as flags: variables, var files
// and a facts file. They come from the project file, then the client's
// initializationOptions, which override it key by key. Relative paths
// are relative to the project file's folder (for initializationOptions,
// the first workspace folder).
type Settings struct {
	// Vars maps a variable to its value as --var NAME=VALUE takes it.
	Vars map[string]string `json:"vars,omitempty"`
	// VarFiles are --var-file paths, in order.
	VarFiles []string `json:"var_files,omitempty"`
	// Facts is the --facts path (Facter JSON of one node).
	Facts string `json:"facts,omitempty"`
}

// readSettings decodes raw (a project file's content or the
// initializationOptions) and makes its paths absolute against dir.
func readSettings(raw []byte, dir string) (Settings, error) {
	var s Settings
	// Lua clients encode an empty table as [] (Neovim's init_options = {}).
	if t := strings.TrimSpace(string(raw)); t == "" || t == "null" || t == "[]" {
		return s, nil
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return s, err
	}
	for i, f := range s.VarFiles {
		s.VarFiles[i] = absUnder(dir, f)
	}
	if s.Facts != "" {
		s.Facts = absUnder(dir, s.Facts)
	}
	return s, nil
}

// inside is nil when every file s names lies in the folder dir, also
// through symbolic links: a project file is the checkout's, and must not
// make the server read (and quote in diagnostics) files elsewhere. The
// editor's own settings (initializationOptions) may name any file.
func (s Settings) inside(dir string) error {
	root := inputfile.RealDir(dir)
	for _, f := range append(append([]string(nil), s.VarFiles...), s.Facts) {
		if f == "" {
			continue
		}
		if rel, err := filepath.Rel(dir, f); err != nil || !filepath.IsLocal(rel) {
			return fmt.Errorf("it names %s, outside the folder %s: a project file may name only files in its folder (name others in the editor's settings for the server)", f, dir)
		}
		if root != "" {
			if err := inputfile.Within(f, []string{root}); err != nil {
				return err
			}
		}
	}
	return nil
}

func absUnder(dir, p string) string {
	if filepath.IsAbs(p) || dir == "" {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

// merge lays over on s: each key given in over replaces s's.
func (s Settings) merge(over Settings) Settings {
	if over.Vars != nil {
		s.Vars = over.Vars
	}
	if over.VarFiles != nil {
		s.VarFiles = over.VarFiles
	}
	if over.Facts != "" {
		s.Facts = over.Facts
	}
	return s
}

// varFlags are the Vars as compiler.LoadOptions takes them, NAME=VALUE,
// sorted by name so loads are deterministic.
func (s Settings) varFlags() []string {
	names := make([]string, 0, len(s.Vars))
	for n := range s.Vars {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n + "=" + s.Vars[n]
	}
	return out
}

// projectSettings reads the first folder's project file; a missing file
// is no settings, a broken one an error naming it.
func projectSettings(folders []string) (Settings, error) {
	for _, dir := range folders {
		p := filepath.Join(dir, ProjectFile)
		raw, err := inputfile.Read(p)
		if os.IsNotExist(err) {
			continue
		}
		if pe, ok := err.(*fs.PathError); ok {
			err = pe.Err // it names p, which the message does
		}
		if err != nil {
			return Settings{}, fmt.Errorf("%s: %w", p, err)
		}
		s, err := readSettings(raw, dir)
		if err != nil {
			return Settings{}, fmt.Errorf("%s: %w (it holds {\"vars\": {NAME: VALUE}, \"var_files\": [PATH], \"facts\": PATH})", p, err)
		}
		if err := s.inside(dir); err != nil {
			return Settings{}, fmt.Errorf("%s: %w", p, err)
		}
		return s, nil
	}
	return Settings{}, nil
}
