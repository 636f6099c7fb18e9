package catalog

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/catc-dev/catc/internal/enum"
	"github.com/catc-dev/catc/internal/types"
)

// rawResource is a resource block read without its type: labels, ranges
// and every argument already evaluated, so the syntax tree can be dropped
// before types are known.
type RawResource struct {
	TypeName, Title                  string
	DeclRange, TypeRange, TitleRange hcl.Range
	Args                             []*RawArg // source order
	// external is what a resource read from a Puppet catalog keeps of it
	// (nil for HCL), set before the checks so that they see it.
	external *ExternalInfo
	// res is where to build the resource (FromExternal's room for it, its
	// attrRanges ready), nil for a new one; room is the rest of
	// FromExternal's room.
	res  *Resource
	room *externalRoom
	// refs is room for the resource's references (FromExternal's).
	refs []PendingRef
}

// rawArg is one `name = value` of a resource block.
type RawArg struct {
	Name                      string
	Rng, NameRange, ExprRange hcl.Range
	Value                     types.Value
	Valid                     bool // false: evaluation failed, already diagnosed
	// refLike is set, instead of a value, for a resource reference
	// (package.nginx) given to an argument that is no relationship
	// metaparameter: the name is checked first (a mistyped requires),
	// then the value is refused (see built.refLikeArg).
	RefLike    string      // its source text
	Refs       []RawRef    // relationship metaparameters only
	ElemRanges []hcl.Range // per list element (alias, tag); else one range
}

// rawRef is one reference of a relationship metaparameter.
type RawRef struct {
	TypeName, Title string
	Rng             hcl.Range
}

// text is the reference in Puppet's form, `Type[title]`.
func (r RawRef) Text() string { return r.textIn(nil) }

// textIn is text cut from s (FromExternal's room; nil: a new string).
func (r RawRef) textIn(s *stringRoom) string {
	return s.join(CapitalizeType(r.TypeName), "[", r.Title, "]")
}

// relationKinds maps the relationship metaparameters.
var RelationKinds = enum.Index[RelationKind](relationKindNames[:])

func LabelsRange(b *hclsyntax.Block) hcl.Range {
	if len(b.LabelRanges) == 0 {
		return b.TypeRange
	}
	return hcl.RangeBetween(b.LabelRanges[0], b.LabelRanges[len(b.LabelRanges)-1])
}

// ParseRef reads a reference in Puppet's form `Type[title]`,
// `Type['title']` or `Type["title"]`, as a manifest or a user writes it;
// the type is a name with optional `::` segments, returned as written
// (Lookup is case-insensitive in it).
func ParseRef(s string) (typ, title string, ok bool) {
	typ, title, ok = SplitRef(s)
	if !ok || !validRefType(typ) {
		return "", "", false
	}
	title = UnquoteRefTitle(title)
	if title == "" {
		return "", "", false
	}
	return typ, title, true
}

// UnquoteRefTitle is a reference's title without the quotes around it
// (Type['title'], Type["title"]), as written when it has none.
func UnquoteRefTitle(title string) string {
	if n := len(title); n >= 2 && (title[0] == '\'' || title[0] == '"') && title[n-1] == title[0] {
		return title[1 : n-1]
	}
	return title
}

func validRefType(s string) bool {
	if s == "" || !IsLetter(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isWordByte(c) && c != ':' {
			return false
		}
	}
	return true
}

func IsLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
