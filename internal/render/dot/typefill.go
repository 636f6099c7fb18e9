package dot

// TypeFill is the fill of a type's nodes in every picture (the DOT's
// palette, picked by a hash of the name), for pages that draw nodes
// themselves.
func TypeFill(name string) string { return typeFill(name) }
