package main

import (
	"bytes"
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/urfave/cli/v2"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/importer"
)

func importCommand() *cli.Command {
	return &cli.Command{
		Name:      "import",
		Usage:     "turn Ruby types (register_type or Puppet::Type.newtype files) and Puppet type aliases into catc HCL",
		ArgsUsage: "PATH...",
		Description: "PATH is a Ruby type file (lib/puppet/type/*.rb: Puppet::ResourceApi.register_type\n" +
			"or Puppet::Type.newtype), a Puppet file of type aliases\n" +
			"(types/*.pp), a module directory (or a folder of modules), whose\n" +
			"lib/puppet/type/**/*.rb and types/**/*.pp files are read, or a module's types/\n" +
			"folder (its *.pp files).",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write one TYPE.hcl per type and one NAME.hcl per alias into `DIR` instead of all to standard output", TakesFile: true},
			overwriteFlag(),
			&cli.BoolFlag{Name: "strict", Usage: "exit 1 on warnings too (a dropped value, an ignored key)"},
			&cli.StringFlag{Name: "diagnostics", Value: "text", Usage: "print diagnostics as `FORMAT`: text, json or github"},
			aliasesFlag(),
		},
		Action: withRun(runImport),
	}
}

func runImport(c *cmdRun) error {
	f := c.checkFlags
	paths := c.common.args
	if len(paths) == 0 {
		return fail("import needs at least one PATH (a Ruby type file, a .pp alias file or a module directory)")
	}
	sources, err := importer.FindSources(paths)
	if err != nil {
		return fail(err.Error())
	}
	var opts importer.Options
	if len(f.aliases) > 0 {
		given, diags := compiler.LoadAliases(f.aliases)
		if err := printOrFail(c, diags, given.Files()); err != nil {
			return err
		}
		opts.Aliases = given.Aliases
	}
	outs, diags, shown := importer.ImportWith(sources, opts)
	if err := printDiagnostics(c, diags, sourceFiles(shown)); err != nil {
		return err
	}
	written := outs[:0:0]
	for _, o := range outs {
		if !o.Failed {
			written = append(written, o)
		}
	}
	if err := writeImported(c, written); err != nil {
		return err
	}
	if skipped := len(outs) - len(written); skipped > 0 {
		fmt.Fprintf(c.stderr, "catc: %d of %d imported definitions have errors and were not written; fix them in the Ruby or write them by hand.\n", skipped, len(outs))
	}
	if diags.HasErrors() || f.strict && len(diags) > 0 {
		return failed()
	}
	return nil
}

// sourceFiles gives the diagnostics writer the Ruby and Puppet sources
// for its snippets.
func sourceFiles(sources []importer.Source) map[string]*hcl.File {
	files := make(map[string]*hcl.File, len(sources))
	for _, s := range sources {
		files[s.Name] = &hcl.File{Body: hcl.EmptyBody(), Bytes: s.Src}
	}
	return files
}

// writeImported prints the files one after the other, or writes them into
// the -o directory all or none (as doc -o does).
func writeImported(c *cmdRun, outs []importer.Output) error {
	dir := c.common.output
	if c.common.toStdout() {
		var b bytes.Buffer
		for i, o := range outs {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.Write(o.Src)
		}
		_, err := c.stdout.Write(b.Bytes())
		return err
	}
	files := make([]docFile, len(outs))
	for i, o := range outs {
		files[i] = docFile{name: o.Name, data: o.Src} // one each: importer fails a second for a name
	}
	return writeStaged(c, dir, files)
}
