package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/catalog"
	"github.com/catc-dev/catc/render"
)

func docCommand() *cli.Command {
	return &cli.Command{
		Name:      "doc",
		Usage:     "write a Markdown reference of the types, from their desc texts",
		ArgsUsage: "PATH...",
		Flags: append(loadFlags(),
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write TYPE.md for each type and an index README.md into `DIR` instead of all types to standard output", TakesFile: true},
		),
		Action: func(c *cli.Context) error {
			cat, err := loadCatalog(c, c.Args().Slice(), false)
			if err != nil {
				return err
			}
			if dir := c.String("output"); dir != "" && dir != "-" {
				return writeDocDir(dir, cat.Types)
			}
			return writeOutput(c, func(w io.Writer) error { return render.TypeDocs(w, cat.Types) })
		},
	}
}

// docFile is one file of the documentation directory, rendered.
type docFile struct {
	name string
	data []byte
}

// writeDocDir writes every page or none: it renders them all, writes each
// into a temporary file beside its target, and only when all are written
// renames them into place, the index README.md last, so that it never
// links to a page that is not there. Files of types that no longer exist
// are left alone: dir may hold other documents.
func writeDocDir(dir string, defs []*catalog.TypeDef) error {
	files, err := renderDocFiles(defs)
	if err != nil {
		return &exitError{code: exitErrors, msg: err.Error()}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return &exitError{code: exitErrors, msg: fmt.Sprintf("cannot create %s: %v", dir, pathErrorCause(err))}
	}
	// Pages first, the index (files[0]) last.
	return writeStaged(dir, append(files[1:], files[0]))
}

// writeStaged writes every file into dir or none: each into a temporary
// file beside its target first, then, when all are written, renamed into
// place in order.
func writeStaged(dir string, files []docFile) error {
	staged := make([]stagedFile, 0, len(files))
	defer func() {
		for _, s := range staged {
			tempFiles.remove(s.tmp) // a no-op once renamed
		}
	}()
	for _, f := range files {
		s, err := stageFile(filepath.Join(dir, f.name), f.data)
		if err != nil {
			return err
		}
		staged = append(staged, s)
	}
	for _, s := range staged {
		if err := tempFiles.commit(s.tmp, s.target); err != nil {
			return outputError(s.path, err)
		}
	}
	return nil
}

// stagedFile is a page written to tmp, to be renamed to target (path, or
// the file its symbolic link points to).
type stagedFile struct{ path, target, tmp string }

// stageFile writes data into a temporary file beside path's target, with
// the target's permissions when it exists.
func stageFile(path string, data []byte) (stagedFile, error) {
	target, err := resolveLinks(path)
	if err != nil {
		return stagedFile{}, outputError(path, err)
	}
	perm := newFilePerm
	if st, err := os.Stat(target); err == nil {
		if !st.Mode().IsRegular() {
			return stagedFile{}, outputError(path, errors.New("not a regular file"))
		}
		perm = st.Mode().Perm()
	}
	tmp, err := createTemp(target)
	if err != nil {
		return stagedFile{}, outputError(path, err)
	}
	s := stagedFile{path: path, target: target, tmp: tmp.Name()}
	if err := writeTemp(tmp, perm, bytesWriter(data)); err != nil {
		tempFiles.remove(s.tmp)
		return stagedFile{}, outputError(path, err)
	}
	return s, nil
}

// renderDocFiles is README.md (the index) and TYPE.md for each type, in
// declaration order. Type names are [a-z][a-z0-9_]*, safe as file names.
func renderDocFiles(defs []*catalog.TypeDef) ([]docFile, error) {
	var index bytes.Buffer
	if err := render.TypeIndex(&index, defs); err != nil {
		return nil, err
	}
	files := []docFile{{name: "README.md", data: index.Bytes()}}
	for _, t := range defs {
		var b bytes.Buffer
		if err := render.TypeDoc(&b, t); err != nil {
			return nil, err
		}
		files = append(files, docFile{name: t.Name + ".md", data: b.Bytes()})
	}
	return files, nil
}
