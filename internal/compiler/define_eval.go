package compiler

import (
	"github.com/zclconf/go-cty/cty"
)

// evalInstance evaluates a defined-type instance: its parameters (the
// declaration's, else the default: a define's are not looked up in the
// data, as in Puppet), self.title and self.name, its locals, its body.
func (k *compiler) evalInstance(i int) {
	it := k.items[i]
	d := it.instance
	self := cty.ObjectVal(map[string]cty.Value{"title": cty.StringVal(it.ext.Title), "name": cty.StringVal(d.name)})
	vars, params, origins, ok := k.resolveParams(d.def, d.args, d.place, self, &declOrigin{via: "resource", in: d.in})
	it.ext.Params = append(params, it.ext.Params...)
	it.ext.Origins = origins
	k.changedItem(i) // its defaults are now parameters a collector may search
	if !ok {
		return
	}
	k.body(scope{item: i, ctx: k.childContext(d.def, vars, self), dflt: newDefaults(d.dflt)}, d.def.block, d.def.src)
}
