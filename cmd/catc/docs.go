package main

import (
	"bytes"
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

// writeDocDir renders every file first, so that a rendering error writes
// nothing, then writes each one atomically into dir (created if needed).
// Files of types that no longer exist are left alone: dir may hold other
// documents.
func writeDocDir(dir string, defs []*catalog.TypeDef) error {
	files, err := renderDocFiles(defs)
	if err != nil {
		return &exitError{code: exitErrors, msg: err.Error()}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return &exitError{code: exitErrors, msg: fmt.Sprintf("cannot create %s: %v", dir, pathErrorCause(err))}
	}
	for _, f := range files {
		path := filepath.Join(dir, f.name)
		if err := replaceFile(path, 0o644, bytesWriter(f.data)); err != nil {
			return &exitError{code: exitErrors, msg: fmt.Sprintf("cannot write %s: %v", path, pathErrorCause(err))}
		}
	}
	return nil
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
