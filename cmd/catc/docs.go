package main

import (
	"bytes"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/atomicfile"
	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/render"
)

func docCommand() *cli.Command {
	return &cli.Command{
		Name:      "doc",
		Usage:     "write a Markdown reference of the types, from their desc texts",
		ArgsUsage: "PATH... | --builtin | --module-types",
		Flags: append(loadFlags(),
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write TYPE.md for each type and an index README.md into `DIR` instead of all types to standard output", TakesFile: true},
			&cli.BoolFlag{Name: "builtin", Usage: "document catc's built-in types (Puppet's core types) instead of a catalog's; takes no PATH"},
			&cli.BoolFlag{Name: "module-types", Usage: "document the module types catc ships for Puppet catalogs (stdlib's file_line, inifile's ini_setting, …) instead of a catalog's; takes no PATH"},
			overwriteFlag(),
		),
		Action: withRun(func(c *cmdRun) error {
			defs, err := docTypes(c)
			if err != nil {
				return err
			}
			if dir := c.common.output; !c.common.toStdout() {
				return writeDocDir(c, dir, defs)
			}
			return writeOutput(c, func(w io.Writer) error { return render.TypeDocs(w, defs) })
		}),
	}
}

// docTypes are the types to document: the built-in ones with --builtin,
// the shipped module types with --module-types (neither takes a PATH),
// else those of the catalog the paths load (its own types and the
// built-in ones its resources use).
func docTypes(c *cmdRun) ([]*catalog.TypeDef, error) {
	builtin, moduleTypes := c.docFlags.builtin, c.docFlags.moduleTypes
	if builtin && moduleTypes {
		return nil, failf("catc doc takes --builtin or --module-types, not both: run it once for each")
	}
	if !builtin && !moduleTypes {
		cat, err := loadCatalog(c, c.common.args, false)
		if err != nil {
			return nil, err
		}
		return cat.Types, nil
	}
	flag := "--builtin"
	if moduleTypes {
		flag = "--module-types"
	}
	if args := c.common.args; len(args) > 0 {
		return nil, failf("catc doc %s takes no PATH (got %q): run catc doc PATH... for a catalog's types", flag, args[0])
	}
	if moduleTypes {
		return catalog.ModuleTypes(), nil
	}
	return catalog.BuiltinTypes(), nil
}

// docFile is one file of the documentation directory, rendered.
type docFile struct {
	name string
	data []byte
}

// writeDocDir writes every page or none (see stageDir), the index
// README.md last, so that in place it never links to a page that is not
// there. Each page starts with atomicfile.DocMarker, by which a later run knows it
// for its own. Files of types that no longer exist go with the rest when
// the directory is catc's alone; beside other documents they are left.
func writeDocDir(c *cmdRun, dir string, defs []*catalog.TypeDef) error {
	files, err := renderDocFiles(defs)
	if err != nil {
		return fail(err.Error())
	}
	for i := range files {
		files[i].data = append([]byte(atomicfile.DocMarker), files[i].data...)
	}
	// Pages first, the index (files[0]) last.
	return writeStaged(c, dir, append(files[1:], files[0]))
}

// writeStaged writes every file into dir or none (see stageDir).
func writeStaged(c *cmdRun, dir string, files []docFile) error {
	st, err := stageDir(dir, guardOf(c))
	if err != nil {
		return err
	}
	defer st.Discard()
	for _, f := range files {
		if err := st.Add(f.name, bytesWriter(f.data)); err != nil {
			return failOn(err)
		}
	}
	return failOn(st.Commit())
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
