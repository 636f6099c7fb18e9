package importer

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/importer/ruby"
	"github.com/catc-dev/catc/internal/inputfile"
)

// Source is one input file: a Ruby type file (lib/puppet/type/*.rb) or a
// Puppet file of type aliases (types/*.pp).
type Source struct {
	Name string
	Src  []byte
}

// Output is one written HCL file: Name is "<type>.hcl".
type Output struct {
	Name string
	Type string
	Src  []byte
	// From is the Ruby register_type call (or the Puppet alias) it was
	// made from.
	From hcl.Range
	// Failed marks a type with an error: what was written is not a type
	// catc accepts, and cmd/catc does not write it.
	Failed bool
}

// Options tune ImportWith.
type Options struct {
	// Aliases are type aliases imported before (catc import --aliases: the
	// HCL an earlier import wrote for stdlib's types/*.pp), which the
	// imported types may use. They are not written again; an alias the
	// sources define anew is the sources'.
	Aliases []*catalog.TypeAlias
}

// ImportWith converts every register_type call of the sources, in order,
// and checks the types together with catc's registration checks. Outputs
// are returned even when there are errors: each holds what could be read.
// shown are the sources as diagnostics may show them (in snippets): the
// defaults of sensitive attributes masked, as they are in the messages.
func ImportWith(sources []Source, opts Options) (outs []Output, diags hcl.Diagnostics, shown []Source) {
	var maps []origins
	var defaults []secretDefault
	quoted := map[*hcl.Diagnostic]string{}
	for _, s := range sources {
		if strings.HasSuffix(s.Name, ".pp") {
			o, m, d := importAliases(s)
			outs, maps, diags = append(outs, o...), append(maps, m...), append(diags, d...)
			continue
		}
		file, d := ruby.Parse(s.Name, s.Src)
		diags = append(diags, d...)
		if len(file.Calls) == 0 && !d.HasErrors() {
			specs, nd := newtypesOf(s.Name, file.Newtypes)
			diags = append(diags, nd...)
			for _, spec := range specs {
				src, o := emit(spec)
				src = withHeader(src, spec.call)
				outs = append(outs, Output{Name: spec.name + ".hcl", Type: spec.name, Src: src, From: spec.call})
				maps = append(maps, o)
			}
		}
		for _, call := range file.Calls {
			c := &converter{}
			spec := c.convert(call)
			diags = append(diags, c.diags...)
			for d, alt := range c.quoted {
				quoted[d] = alt
			}
			if spec == nil {
				continue
			}
			defaults = append(defaults, defaultsOf(spec)...)
			src, o := emit(spec)
			src = withHeader(src, call.Rng)
			outs = append(outs, Output{Name: spec.name + ".hcl", Type: spec.name, Src: src, From: call.Rng, Failed: c.diags.HasErrors()})
			maps = append(maps, o)
		}
	}
	cat, checked := check(outs, maps, opts.Aliases)
	diags = append(diags, checked...)
	diags = append(diags, sameFile(outs)...)
	return outs, diags, hideSecrets(diags, quoted, secretNodes(defaults, cat), sources)
}

// sameFile reports an output whose file name an earlier one (not failed)
// already has, such as type `port` and type alias `Port`: both would be
// written to port.hcl. The later one is marked Failed.
func sameFile(outs []Output) hcl.Diagnostics {
	var diags hcl.Diagnostics
	seen := map[string]int{}
	for i := range outs {
		o := &outs[i]
		if o.Failed {
			continue
		}
		j, dup := seen[o.Name]
		if !dup {
			seen[o.Name] = i
			continue
		}
		o.Failed = true
		prev := outs[j]
		diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Two definitions for one file",
			Detail: fmt.Sprintf("Two definitions would be written to %s: %s (from %s:%d) and %s. Only the first is written; rename one of them, or import them separately.",
				o.Name, prev.Type, filepath.ToSlash(prev.From.Filename), prev.From.Start.Line, o.Type),
			Subject: o.From.Ptr()})
	}
	return diags
}

// FindSources expands the paths: a file is read as it is, a directory is
// a module (or a folder of modules) whose lib/puppet/type/**/*.rb and
// types/**/*.pp files are read, or a types/ folder (its .pp files), in
// bytewise path order.
func FindSources(paths []string) ([]Source, error) {
	type found struct {
		name  string
		roots []string // nil: named, read as inputfile.Read reads
	}
	var names []found
	for _, p := range paths {
		if err := inputfile.CheckNamed(p); err != nil {
			return nil, err
		}
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			names = append(names, found{name: p})
			continue
		}
		files, err := typeFiles(p)
		if err != nil {
			return nil, err
		}
		if len(files) == 0 {
			return nil, &fs.PathError{Op: "import", Path: p, Err: errNoTypes}
		}
		// A file of the module may be a link only within the module.
		roots := []string{inputfile.RealDir(p)}
		for _, f := range files {
			names = append(names, found{name: f, roots: roots})
		}
	}
	out := make([]Source, 0, len(names))
	for _, n := range names {
		var b []byte
		var err error
		if n.roots == nil {
			b, err = inputfile.Read(n.name)
		} else {
			b, err = inputfile.ReadIn(n.name, n.roots)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, Source{Name: n.name, Src: b})
	}
	return out, nil
}

type importError string

func (e importError) Error() string { return string(e) }

const errNoTypes = importError("no lib/puppet/type/**/*.rb or types/**/*.pp file below it: give a module directory, Ruby type files or Puppet alias files")

// isTypesDir reports a path inside a module's types/ folder.
func isTypesDir(rel string) bool {
	return strings.HasPrefix(rel, "types/") || strings.Contains(rel, "/types/")
}

// typeFiles finds the Ruby type files and alias files of the modules
// below dir. A dir that is itself a types/ folder (or inside one) holds
// alias files too: `catc import mod/types` reads what `catc import mod`
// reads from there.
func typeFiles(dir string) ([]string, error) {
	var out []string
	dir = filepath.Clean(dir)
	inTypes := isTypesDir(filepath.ToSlash(dir) + "/")
	// A vendored module is often a symbolic link: walk what it points
	// to, naming the files below the link as given.
	root := dir
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		root = real
	}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if rel, err := filepath.Rel(root, path); err == nil {
			path = filepath.Join(dir, rel)
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "spec" || d.Name() == "vendor") && path != dir {
			return filepath.SkipDir
		}
		slash := filepath.ToSlash(path)
		if !d.IsDir() && (strings.HasSuffix(slash, ".rb") && strings.Contains(slash, "lib/puppet/type/") ||
			strings.HasSuffix(slash, ".pp") && (inTypes || isTypesDir(strings.TrimPrefix(slash, filepath.ToSlash(dir))))) {
			out = append(out, path)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// importAliases converts the type aliases of a Puppet file.
func importAliases(s Source) ([]Output, []origins, hcl.Diagnostics) {
	specs, diags := readAliases(s.Name, s.Src)
	if len(specs) == 0 && !diags.HasErrors() {
		diags = append(diags, &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: "No type alias",
			Detail:  "This file has no `type Name = Type` alias, so nothing is imported from it.",
			Subject: &hcl.Range{Filename: s.Name, Start: hcl.InitialPos, End: hcl.InitialPos}})
	}
	var outs []Output
	var maps []origins
	for _, a := range specs {
		src, o := emitAlias(a)
		src = withHeader(src, a.rng)
		outs = append(outs, Output{Name: aliasFileName(a.name), Type: a.name, Src: src, From: a.rng})
		maps = append(maps, o)
	}
	return outs, maps, diags
}

// withHeader starts a written file with where it came from. The header is
// a comment line, so the positions of the HCL below move by one line,
// which check accounts for by parsing the file as written.
func withHeader(src []byte, from hcl.Range) []byte {
	return append([]byte(fmt.Sprintf("# Imported by catc import from %s:%d.\n", filepath.ToSlash(from.Filename), from.Start.Line)), src...)
}
