package importer

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/catalog"
)

// noTypeDefinition is the warning on a Ruby file without a register_type
// call. Such a file is usually a `Puppet::Type.newtype` type, whose
// attributes and auto relationships are Ruby code that catc does not
// run; the warning says where its definition can come from instead: the
// module type catc ships under the file's name (lib/puppet/type/NAME.rb
// defines NAME), or a type block written by hand.
func noTypeDefinition(file string) *hcl.Diagnostic {
	detail := "This file has no Puppet::ResourceApi.register_type call, so nothing is imported from it (a type written with Puppet::Type.newtype is not a Resource API type)."
	name := strings.TrimSuffix(filepath.Base(file), ".rb")
	if td := catalog.ModuleType(name); td != nil {
		detail += fmt.Sprintf(" catc ships its own definition of %s for Puppet catalogs, with the module's auto relationships (catc doc --module-types); nothing needs importing for it.", td.Name)
	} else {
		detail += " For a Puppet catalog that uses it, write its type block by hand, with its namevars and auto rules (catc's docs/puppet.md, Module types), and load it beside the catalog."
	}
	return &hcl.Diagnostic{Severity: hcl.DiagWarning, Summary: "No type definition", Detail: detail,
		Subject: &hcl.Range{Filename: file, Start: hcl.InitialPos, End: hcl.InitialPos}}
}
