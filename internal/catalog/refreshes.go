package catalog

// Refreshes reports whether Puppet's agent refreshes a resource of the
// type when an event reaches it: the type is one catc ships whose Ruby
// type has a refresh method (coretypes.Refreshing). A user's type (the
// Resource API has no refresh), a container's and one catc does not know
// do not.
func (t *TypeDef) Refreshes() bool { return t.refreshes }
