// Package importer turns existing Puppet types into catc HCL: Ruby files
// that call Puppet::ResourceApi.register_type (read by package
// importer/ruby) become `type` blocks, one formatted file per type.
//
// It keeps everything the definition says that the Resource API reads,
// names every construct it cannot read as a literal (with the Ruby
// file:line:col) and says what it dropped, warns about keys the Resource
// API ignores, and checks each imported type with catc's own registration
// checks, reporting their findings at the Ruby location. It does not
// write files (cmd/catc does) or evaluate Ruby.
//
// A file without register_type may define `Puppet::Type.newtype` types
// (newtype.go): their parameters and properties are imported unchecked
// (Optional[Data]) with their namevars, refreshable when the Ruby
// defines refresh, and the auto rule blocks of the shapes package ruby
// translates (self[:attr] with its literal default, interpolated
// strings, Pathname#parent, File.dirname, an absolute? guard, arrays);
// any other block is a warning, to be written by hand, or, for a type
// catc ships (catalog.ModuleType), kept from the shipped rule.
package importer
