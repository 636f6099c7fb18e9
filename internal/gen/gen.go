package gen

import (
	"fmt"
	"strings"
)

// Options say what to generate.
type Options struct {
	// Resources is the number of resource declarations.
	Resources int
	// Files is the number of resource files (at least 1); resources are
	// spread evenly, in order.
	Files int
	// Core makes a catalog of Puppet's core types only (file, exec, user,
	// group, package, service): resource blocks and no type block, for
	// catc's built-in types (see coreModule).
	Core bool
	// Root, with Core, is put before every path the resources manage
	// (a directory that does not exist, such as /tmp/catc-core-export), so
	// that the catalog can be applied with `puppet apply --noop` and name
	// nothing on the machine; the programs the execs run keep their paths.
	Root string
}

// File is one generated file.
type File struct {
	Name string
	Src  []byte
}

// Generate returns types.hcl followed by the resource files (with Core,
// the resource files only), named so that bytewise path order is
// generation order. The output depends only on opts.
func Generate(opts Options) []File {
	if opts.Core {
		return generateCore(opts)
	}
	files := max(opts.Files, 1)
	out := []File{{Name: "00-types.hcl", Src: []byte(Types)}}
	per := (opts.Resources + files - 1) / files
	for f := 0; f < files; f++ {
		var b strings.Builder
		for i := f * per; i < min((f+1)*per, opts.Resources); i++ {
			writeResource(&b, i)
		}
		out = append(out, File{Name: fmt.Sprintf("res-%05d.hcl", f), Src: []byte(b.String())})
	}
	return out
}

// writeResource writes resource i; resources come in groups of five that
// refer to one another, so every reference resolves.
func writeResource(b *strings.Builder, i int) {
	g := i / 5
	switch i % 5 {
	case 0:
		fmt.Fprintf(b, "resource \"package\" \"pkg-%d\" {\n  ensure = \"1.%d.0\"\n  tag    = [\"group%d\"]\n}\n\n", g, g%97, g%13)
	case 1:
		fmt.Fprintf(b, "resource \"file\" \"/srv/app/%d/config\" {\n  ensure  = \"present\"\n  content = \"port=%d\\n\"\n  mode    = \"0644\"\n  require = [package[\"pkg-%d\"]]\n}\n\n", g, 1000+g%60000, g)
	case 2:
		fmt.Fprintf(b, "resource \"service\" \"svc-%d\" {\n  ensure    = \"running\"\n  enable    = true\n  subscribe = [\"File[/srv/app/%d/config]\"]\n}\n\n", g, g)
	case 3:
		fmt.Fprintf(b, "resource \"software\" \"lib%d-yum\" {\n  ensure = \"present\"\n  notify = service.svc-%d\n}\n\n", g, g)
	case 4:
		fmt.Fprintf(b, "resource \"apt_key\" \"%08X\" {\n  ensure = \"present\"\n  source = \"https://keys.example.com/%d.gpg\"\n  before = [software.lib%d-yum, \"Package[pkg-%d]\"]\n}\n\n", g, g, g, g)
	}
}

// Types are the type definitions generated catalogs use besides the
// built-in package, file and service: the Resource API's apt_key and
// software examples, which are not core types.
const Types = `type "apt_key" {
  desc = "Manages GPG keys needed by apt to perform package validation."
  attribute "ensure" {
    type = "Enum[present, absent]"
    desc = "Whether this apt key should be present or absent on the target system."
  }
  attribute "id" {
    type      = <<-T
      Variant[Pattern[/\A(0x)?[0-9a-fA-F]{8}\Z/], Pattern[/\A(0x)?[0-9a-fA-F]{16}\Z/], Pattern[/\A(0x)?[0-9a-fA-F]{40}\Z/]]
    T
    behaviour = "namevar"
    desc      = "The ID of the key you want to manage."
  }
  attribute "source" {
    type = "String"
    desc = "Where to retrieve the key from, can be a HTTP(s) URL, or a local file."
  }
  autorequire {
    file    = "$source"
    package = "apt"
  }
}

type "software" {
  desc = "Manages software packages from several package managers."
  title_pattern {
    pattern = "^(?<package>.*[^-])-(?<manager>.*)$"
    desc    = "Where the package and the manager are provided with a hyphen separator"
  }
  title_pattern {
    pattern = "^(?<package>.*)$"
    desc    = "Where only the package is provided"
  }
  attribute "ensure" {
    type    = "Enum[present, absent]"
    desc    = "Whether the software is installed."
    default = "present"
  }
  attribute "package" {
    type      = "String"
    desc      = "The package name."
    behaviour = "namevar"
  }
  attribute "manager" {
    type      = "String"
    desc      = "The package manager."
    behaviour = "namevar"
  }
}
`
