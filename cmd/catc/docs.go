package main

import (
	"bytes"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/atomicfile"
	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/render"
	"github.com/catc-dev/catc/internal/source"
)

func docCommand() *cli.Command {
	return &cli.Command{
		Name:      "doc",
		Usage:     "write a Markdown reference of the types, classes and defined types, from their desc texts and comments",
		ArgsUsage: "PATH... | --builtin | --module-types",
		Flags: append(loadFlags(),
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write TYPE.md for each type, class-NAME.md and define-NAME.md for each class and defined type, and an index README.md into `DIR` instead of all to standard output", TakesFile: true},
			&cli.BoolFlag{Name: "builtin", Usage: "document catc's built-in types (Puppet's core types) instead of a catalog's; takes no PATH"},
			&cli.BoolFlag{Name: "module-types", Usage: "document the module types catc ships for Puppet catalogs (stdlib's file_line, inifile's ini_setting, …) instead of a catalog's; takes no PATH"},
			overwriteFlag(),
		),
		Action: withRun(func(c *cmdRun) error {
			defs, classes, err := docTypes(c)
			if err != nil {
				return err
			}
			if dir := c.common.output; !c.common.toStdout() {
				return writeDocDir(c, dir, defs, classes)
			}
			return writeOutput(c, func(w io.Writer) error { return render.SiteDocs(w, defs, classes) })
		}),
	}
}

// docTypes are the types, classes and defined types to document: the
// built-in types with --builtin, the shipped module types with
// --module-types (neither takes a PATH), else those of the site the paths
// load (its own types and the built-in ones its resources use, its
// classes and defines).
func docTypes(c *cmdRun) ([]*catalog.TypeDef, []compiler.DefDoc, error) {
	builtin, moduleTypes := c.docFlags.builtin, c.docFlags.moduleTypes
	if builtin && moduleTypes {
		return nil, nil, failf("catc doc takes --builtin or --module-types, not both: run it once for each")
	}
	if !builtin && !moduleTypes {
		return docSite(c, c.common.args)
	}
	defs, err := shippedTypes(c, builtin)
	return defs, nil, err
}

// docSite documents the site the paths load. A site with classes is
// documented as written, not compiled: its classes are the same for
// every node, and no --facts is needed. A flat site (or a Puppet
// catalog) is loaded and checked whole, as before classes.
func docSite(c *cmdRun, paths []string) ([]*catalog.TypeDef, []compiler.DefDoc, error) {
	if err := checkLoadArgs(c, paths); err != nil {
		return nil, nil, err
	}
	ins := c.paths.Classify(paths)
	if puppet, hclPaths, err := source.Split(ins); err == nil && puppet == nil {
		site, diags := compiler.LoadDocs(hclPaths, compiler.LoadOptions{VarFiles: c.common.varFiles})
		if site.Structured {
			if err := printDiagnostics(c, diags, site.Files); err != nil {
				return nil, nil, err
			}
			if diags.HasErrors() {
				return nil, nil, failed()
			}
			return site.Types, site.Defs, nil
		}
	}
	cat, _, err := loadInputs(c, ins, false, false)
	if err != nil {
		return nil, nil, err
	}
	return cat.Types, nil, nil
}

// shippedTypes are the built-in types (builtin) or the shipped module
// types, for a run without PATH.
func shippedTypes(c *cmdRun, builtin bool) ([]*catalog.TypeDef, error) {
	moduleTypes := !builtin
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
func writeDocDir(c *cmdRun, dir string, defs []*catalog.TypeDef, classes []compiler.DefDoc) error {
	files, err := renderDocFiles(defs, classes)
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

// renderDocFiles is README.md (the index), TYPE.md for each type in
// declaration order, then a page for each class and define by name
// (render.DefDocFile). Type names are [a-z][a-z0-9_]*, safe as file
// names.
func renderDocFiles(defs []*catalog.TypeDef, classes []compiler.DefDoc) ([]docFile, error) {
	var index bytes.Buffer
	if err := render.SiteIndex(&index, defs, classes); err != nil {
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
	for _, d := range classes {
		var b bytes.Buffer
		if err := render.DefDoc(&b, d); err != nil {
			return nil, err
		}
		files = append(files, docFile{name: render.DefDocFile(d), data: b.Bytes()})
	}
	return files, nil
}
