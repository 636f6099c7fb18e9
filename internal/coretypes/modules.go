package coretypes

import "embed"

//go:embed modules/*.hcl
var moduleFiles embed.FS

// ModuleNames are the popular module types catc ships (Ruby
// `Puppet::Type.newtype` types of public modules, modules/*.hcl): a
// Puppet catalog that uses one gets its auto relationships without a
// `type` block. They are no core type: an HCL load does not declare them.
var ModuleNames = []string{"anchor", "file_line", "ini_setting", "ini_subsetting", "concat_file",
	"concat_fragment", "postgresql_psql", "postgresql_conf", "postgresql_conn_validator",
	"postgresql_replication_slot", "mysql_user", "mysql_database", "mysql_grant", "mysql_datadir",
	"mysql_plugin", "apt_key"}

// ModulePrefix starts the file name of every shipped module type's
// source (`<builtin>/modules/file_line.hcl`).
const ModulePrefix = Prefix + "modules/"

// ModuleSourceOf returns the source of the shipped module type called
// name (lower case).
func ModuleSourceOf(name string) (Source, bool) {
	src, err := moduleFiles.ReadFile("modules/" + name + ".hcl")
	if err != nil {
		return Source{}, false
	}
	return Source{Name: ModulePrefix + name + ".hcl", Src: src}, true
}
