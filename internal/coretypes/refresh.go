package coretypes

// Refreshing are the types, built-in (Names) or shipped module types
// (ModuleNames), whose Ruby type defines a refresh method. Puppet's agent
// refreshes a resource on an event only when it has one, and the
// resource then passes a "restarted" event on; any other resource stops
// the event. Of the core types: exec, mount, package and service. Of the
// module types: stdlib's anchor (an empty refresh, so that events pass
// through it), inifile's ini_setting (applies a refreshonly value) and
// postgresql's postgresql_psql (runs a refreshonly command); the other
// module types shipped define none.
var Refreshing = []string{"exec", "mount", "package", "service", "anchor", "ini_setting", "postgresql_psql"}
