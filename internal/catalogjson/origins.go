package catalogjson

import (
	"github.com/catc-dev/catc/internal/catalog"
	"github.com/catc-dev/catc/internal/jsonw"
)

// writeParamOrigins adds, for a class or defined-type instance that
// catc's compiler of classes built, "param_origins": where each of its
// parameters' values came from (catalog.ParamOrigin), in the order of its
// variable blocks:
//
//	{"param", "kind": "declaration"|"resource default"|"data"|"default",
//	 "file", "line", "column",
//	 "via" and "in" (declaration: include|contain|require|resource, and
//	 the ref of the body that declared it), "key" and "data" (data: the
//	 key looked up and every data file that gave the value, highest
//	 priority first: {"file", "path", "line", "column", "level"}, path
//	 relative to the site directory)}
//
// Other resources get no such key. No value is written: a secret's
// origin is a place only.
func writeParamOrigins(jw *jsonw.Writer, r *catalog.Resource) {
	os := r.ParamOrigins()
	if len(os) == 0 {
		return
	}
	jw.Key("param_origins")
	jw.BeginArray()
	for _, o := range os {
		jw.BeginObject()
		str := func(k, v string) {
			jw.Key(k)
			jw.String(v)
		}
		num := func(k string, n int) {
			jw.Key(k)
			jw.Int(int64(n))
		}
		str("param", o.Param)
		str("kind", o.Kind)
		str("file", o.Range.Filename)
		num("line", o.Range.Start.Line)
		num("column", o.Range.Start.Column)
		switch o.Kind {
		case catalog.OriginDeclaration, catalog.OriginResourceDefault:
			str("via", o.Via)
			str("in", o.In)
		case catalog.OriginData:
			str("key", o.Key)
			jw.Key("data")
			jw.BeginArray()
			for _, d := range o.Data {
				jw.BeginObject()
				str("file", d.File)
				str("path", d.Path)
				num("line", d.Line)
				num("column", d.Column)
				str("level", d.Level)
				jw.EndObject()
			}
			jw.EndArray()
		}
		jw.EndObject()
	}
	jw.EndArray()
}
