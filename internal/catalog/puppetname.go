package catalog

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"

	"github.com/catc-dev/catc/internal/words"
)

// The names of the language of classes, as Puppet 7.23 reads them: a
// class or define block's label, a class a declaration names, the title
// of a Class reference, the type of a resource or of a reference, and a
// node block's label. CheckName is the one judge of them: the compiler,
// the site index and the language server ask it. Puppet's own words come
// from its lexer (pops/parser/lexer2.rb), validator
// (pops/validation/checker4_0.rb, pops/patterns.rb) and evaluator
// (pops/evaluator/access_operator.rb, parser/scope.rb); the oracle corpus
// fixtures/oracle/classes/err_name_* records what Puppet said of each.

// NameKind is where a name stands.
type NameKind int

const (
	NameClass    NameKind = iota // a class block's label
	NameDefine                   // a define block's label
	NameDeclared                 // the class an include, contain or require block names
	NameClassRef                 // the title of Class[…] or class["…"]
	NameTypeRef                  // the type of a resource block or of a reference
	NameNode                     // a node block's label (a regex /…/ and "default" are always good)
)

// BadName says why Puppet refuses a name.
type BadName struct {
	// Puppet is Puppet's message, without its place; for NameDeclared,
	// the compiler adds the node (" for NODE") as Puppet does.
	Puppet string
	// Why is the reason in plain words.
	Why string
	// Fix is a valid name close to the one given, or "".
	Fix string
	// At, when not 0, is where in Puppet the definition's own place goes
	// (Puppet names it there: "is already defined (file: …)");
	// BadNameDiag puts catc's there.
	At int
}

// NameRule says what a good name of kind looks like, for advice.
func NameRule(kind NameKind) string {
	switch kind {
	case NameNode:
		return "A node name has only letters, digits, '_', '-' and '.' (web-01.example.com); write a regular expression between slashes to match several."
	case NameTypeRef:
		return "A type name is segments joined by \"::\", each starting with a letter, then letters, digits or underscores (file, nginx::vhost)."
	}
	return "A class or define name is segments joined by \"::\", each starting with a lower-case letter, then letters, digits or underscores (profile::web_01)."
}

// puppetKeywords are the words Puppet's lexer reads as keywords: a
// definition cannot be named by one ("class foo::class" is fine). Arrays,
// not maps: nothing is built at start-up.
var puppetKeywords = [...]string{
	"and", "attr", "case", "class", "default", "define", "else", "elsif", "false", "function",
	"if", "in", "inherits", "node", "or", "private", "true", "type", "undef", "unless",
}

// puppetTypeNames are the data types a class or define cannot be named
// after (checker4_0.rb's RESERVED_TYPE_NAMES).
var puppetTypeNames = [...]string{
	"any", "array", "boolean", "collection", "enum", "float", "hash", "init", "integer", "numeric",
	"object", "optional", "pattern", "regexp", "runtime", "scalar", "semver", "semverrange", "sensitive",
	"string", "struct", "timespan", "timestamp", "tuple", "type", "typeset", "unit", "variant",
}

// CheckName is Puppet's verdict on name standing as kind: nil when
// Puppet accepts it.
func CheckName(kind NameKind, name string) *BadName {
	switch kind {
	case NameClass, NameDefine:
		return checkDefinition(kind, name)
	case NameDeclared:
		return checkDeclared(name)
	case NameClassRef:
		return checkClassRef(name)
	case NameTypeRef:
		return checkTypeRef(name)
	case NameNode:
		return checkNode(name)
	}
	return nil
}

// isWordByte is Ruby's \w (ASCII).
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }
func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// segmentsMatch reports whether name is segments joined by "::", each
// a byte first accepts followed by \w bytes: the shape of Puppet's
// CLASSREF_DECL (first isLower) and of its segments. It allocates
// nothing: references are checked on every load.
func segmentsMatch(name string, first func(byte) bool) bool {
	start := true
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case start:
			if !first(c) {
				return false
			}
			start = false
		case c == ':':
			if i+1 >= len(name) || name[i+1] != ':' {
				return false
			}
			i++
			start = true
		case !isWordByte(c):
			return false
		}
	}
	return !start
}

// definitionLabel is how Puppet's messages name a definition.
func definitionLabel(kind NameKind) string {
	if kind == NameDefine {
		return "a 'define' expression"
	}
	return "a Host Class Definition"
}

// checkDefinition is Puppet's verdict on a class or define block's
// label: its lexer's when the name cannot be written as one word of
// Puppet code, else its validator's (CLASSREF_DECL, the reserved type
// names).
func checkDefinition(kind NameKind, name string) *BadName {
	if segmentsMatch(name, isLower) {
		switch {
		case name == "class":
			return &BadName{Puppet: "'class' keyword not allowed at this location", Why: `"class" is a keyword of Puppet's language`}
		case slices.Contains(puppetKeywords[:], name):
			return &BadName{Puppet: fmt.Sprintf("Syntax error at '%s'", name), Why: fmt.Sprintf("%q is a keyword of Puppet's language", name)}
		case slices.Contains(puppetTypeNames[:], name):
			return &BadName{Puppet: fmt.Sprintf("The name: '%s' is already defined by Puppet and can not be used as the name of %s.", name, definitionLabel(kind)),
				Why: fmt.Sprintf("%q is the name of one of Puppet's data types", name)}
		case kind == NameDefine && name == settingsClass:
			// Puppet's compiler makes the class settings on every node
			// (compiler.rb, create_settings_type), which a define of the
			// name forbids
			const defined = "Definition 'settings' is already defined"
			return &BadName{Puppet: defined + "; cannot be redefined as a class", At: len(defined),
				Why: "Puppet's compiler declares a class named settings (Class[Settings]) on every node", Fix: "site::settings"}
		}
		return nil
	}
	unacceptable := fmt.Sprintf("Unacceptable name. The name '%s' is unacceptable as the name of %s", name, definitionLabel(kind))
	bad := &BadName{Puppet: unacceptable, Why: definitionWhy(name), Fix: repairName(name)}
	if lex := lexerWords(name); lex != "" {
		bad.Puppet = lex // Puppet's parser stops before its validator
	}
	return bad
}

// Detail is the diagnostic's text: Puppet's words (puppet, when the
// caller completes them, else b.Puppet), why, what a good name of kind
// looks like, and suggest (" Did you mean …?", or "").
func (b *BadName) Detail(puppet string, kind NameKind, suggest string) string {
	if puppet == "" {
		puppet = b.Puppet
	}
	return puppet + " (Puppet's verdict: " + b.Why + "). " + NameRule(kind) + suggest
}

// definitionWhy says in plain words what is wrong with a definition's
// label that fails CLASSREF_DECL.
func definitionWhy(name string) string {
	if name == "" {
		return "the name is empty"
	}
	if strings.HasPrefix(name, "::") {
		return `a definition's name has no leading "::" (a declaration or a reference may have one)`
	}
	segs := strings.Split(name, "::")
	for _, seg := range segs {
		if seg == "" {
			return `it has an empty segment ("::" doubled or at the end)`
		}
		if !isLower(seg[0]) {
			_, n := utf8.DecodeRuneInString(seg)
			if len(segs) == 1 {
				return fmt.Sprintf("it starts with %q, not a lower-case letter", seg[:n])
			}
			return fmt.Sprintf("the segment %q starts with %q, not a lower-case letter", seg, seg[:n])
		}
		for i := 1; i < len(seg); i++ {
			if !isWordByte(seg[i]) {
				_, n := utf8.DecodeRuneInString(seg[i:])
				return fmt.Sprintf("%q is not a letter, digit or underscore", seg[i:i+n])
			}
		}
	}
	return "it does not follow Puppet's naming rule"
}

// lexerWords is what Puppet's lexer or parser says of `class NAME {`
// when NAME cannot be read as one word (the validator never sees it), or
// "" when it can: a number, "::" not followed by a lower-case word, a
// byte that ends the word.
func lexerWords(name string) string {
	if name == "" {
		return ""
	}
	rest := strings.TrimPrefix(name, "::")
	if rest != "" && isDigit(rest[0]) && len(rest) == len(name) {
		run := wordRun(rest)
		if strings.Trim(run, "0123456789") == "" {
			return fmt.Sprintf("Syntax error at '%s'", run)
		}
		return fmt.Sprintf("Illegal number '%s'", run)
	}
	if rest != "" && isUpper(rest[0]) {
		// a reference word, ((::)?[A-Z]\w*)+
		end := classRefRun(name)
		if end == len(name) {
			return ""
		}
		return syntaxErrorAt(name[end:])
	}
	end := bareWordRun(name)
	if end == len(name) {
		return ""
	}
	after := name[end:]
	if strings.HasPrefix(after, "::") {
		if len(after) > 2 && isUpper(after[2]) {
			return fmt.Sprintf("Syntax error at '%s'", after[:classRefRun(after)])
		}
		return "Illegal fully qualified name"
	}
	return syntaxErrorAt(after)
}

// syntaxErrorAt is the parser's message for the token that starts s.
func syntaxErrorAt(s string) string {
	s = strings.TrimLeft(s, " \t")
	if s == "" {
		return "Syntax error at end of input"
	}
	if run := wordRun(s); run != "" {
		return fmt.Sprintf("Syntax error at '%s'", run)
	}
	_, n := utf8.DecodeRuneInString(s)
	return fmt.Sprintf("Syntax error at '%s'", s[:n])
}

// wordRun is the \w bytes that start s.
func wordRun(s string) string {
	i := 0
	for i < len(s) && isWordByte(s[i]) {
		i++
	}
	return s[:i]
}

// bareWordRun is the length of the bare word at the start of s, as the
// lexer's PATTERN_BARE_WORD ((::)?[a-z_]([\w-]*\w)?)+ reads it.
func bareWordRun(s string) int {
	return qualifiedRun(s, func(c byte) bool { return isLower(c) || c == '_' }, true)
}

// classRefRun is the length of the reference word at the start of s,
// ((::)?[A-Z]\w*)+.
func classRefRun(s string) int { return qualifiedRun(s, isUpper, false) }

// qualifiedRun is the length of the run of segments at the start of s,
// each an optional "::", a byte first accepts, then \w bytes (and "-"
// inside when hyphens).
func qualifiedRun(s string, first func(byte) bool, hyphens bool) int {
	end := 0
	for i := 0; ; {
		j := i
		if strings.HasPrefix(s[j:], "::") {
			j += 2
		}
		if j >= len(s) || !first(s[j]) {
			return end
		}
		k, last := j+1, j+1
		for k < len(s) && (isWordByte(s[k]) || hyphens && s[k] == '-') {
			k++
			if isWordByte(s[k-1]) {
				last = k
			}
		}
		i, end = last, last
	}
}

// repairName is a valid name close to name: lower case, "-", "." and
// spaces as "_", no empty segment, a segment that starts with neither a
// letter nor "_" prefixed; "" when nothing valid is left.
func repairName(name string) string {
	var segs []string
	for _, seg := range strings.Split(strings.ToLower(name), "::") {
		var b strings.Builder
		for i := 0; i < len(seg); i++ {
			switch c := seg[i]; {
			case isWordByte(c):
				b.WriteByte(c)
			case c == '-' || c == '.' || c == ' ':
				b.WriteByte('_')
			}
		}
		s := strings.Trim(b.String(), "_")
		if s == "" {
			continue
		}
		if !isLower(s[0]) {
			continue
		}
		segs = append(segs, s)
	}
	fix := strings.Join(segs, "::")
	if fix == "" || fix == name || checkDefinition(NameClass, fix) != nil {
		return ""
	}
	return fix
}

// checkDeclared is Puppet's verdict on the class an include, contain or
// require names: any name is looked up (in lower case, without a leading
// "::"), so one that no class block can have is never found.
func checkDeclared(name string) *BadName {
	if name == "" {
		return &BadName{Puppet: "Cannot use empty string as a class name", Why: "the name is empty"}
	}
	lower := strings.ToLower(strings.TrimPrefix(name, "::"))
	bad := checkDefinition(NameClass, lower)
	if bad == nil {
		return nil
	}
	return &BadName{Puppet: "Could not find class ::" + lower, Why: "no class can be named so: " + bad.Why, Fix: bad.Fix}
}

// checkClassRef is Puppet's verdict on the title of a Class reference:
// in lower case, without one leading "::", it must match Puppet's NAME
// (which allows one more).
func checkClassRef(title string) *BadName {
	t := strings.TrimPrefix(strings.TrimPrefix(title, "::"), "::")
	if segmentsMatch(t, IsLetter) {
		return nil
	}
	name := strings.TrimPrefix(strings.ToLower(title), "::")
	why := definitionWhy(name)
	if name == "" {
		why = "the class name is empty"
	}
	return &BadName{
		Puppet: fmt.Sprintf("Illegal name. The given name '%s' does not conform to the naming rule /^((::)?[a-z_]\\w*)(::[a-z]\\w*)*$/", title),
		Why:    why, Fix: repairName(name),
	}
}

// checkTypeRef is Puppet's verdict on a resource type written in a
// resource block or a reference: capitalised segment by segment (unless
// it starts with a capital), it must match Puppet's CLASSREF_EXT.
func checkTypeRef(name string) *BadName {
	if typeRefValid(name) {
		return nil
	}
	c := capitalizeSegments(name)
	why := "it is empty"
	if name != "" {
		why = definitionWhy(strings.TrimPrefix(strings.ToLower(name), "::"))
	}
	return &BadName{
		Puppet: fmt.Sprintf("Illegal type reference. The given name '%s' does not conform to the naming rule", c),
		Why:    why, Fix: repairName(name),
	}
}

// typeRefValid is checkTypeRef's test without building the capitalised
// name: a name starting with a capital as it is; another without its
// trailing "::" (Ruby's split drops them) and one leading "::", each
// segment starting with a letter.
func typeRefValid(name string) bool {
	if name != "" && isUpper(name[0]) {
		return classRefRun(name) == len(name)
	}
	for strings.HasSuffix(name, "::") {
		name = name[:len(name)-2]
	}
	return segmentsMatch(strings.TrimPrefix(name, "::"), IsLetter)
}

// capitalizeSegments is Puppet's TypeFormatter#capitalize_segments: a
// name that starts with a capital is kept; otherwise each segment is
// capitalised (Ruby's split drops trailing empty segments).
func capitalizeSegments(name string) string {
	if name != "" && isUpper(name[0]) {
		return name
	}
	segs := strings.Split(name, "::")
	for len(segs) > 1 && segs[len(segs)-1] == "" {
		segs = segs[:len(segs)-1]
	}
	for i, s := range segs {
		if s != "" {
			segs[i] = strings.ToUpper(s[:1]) + strings.ToLower(s[1:])
		}
	}
	return strings.Join(segs, "::")
}

// checkNode is Puppet's verdict on a node block's label: a name (not a
// regular expression, not default) has only \w, "-" and "."; the empty
// name is the top scope's class.
func checkNode(name string) *BadName {
	if name == "default" || len(name) >= 2 && name[0] == '/' && name[len(name)-1] == '/' {
		return nil
	}
	if name == "" {
		return &BadName{Puppet: "Class '' is already defined; cannot be redefined as a node", Why: "the name is empty"}
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; !isWordByte(c) && c != '-' && c != '.' {
			_, n := utf8.DecodeRuneInString(name[i:])
			return &BadName{
				Puppet: fmt.Sprintf("The hostname '%s' contains illegal characters (only letters, digits, '_', '-', and '.' are allowed)", name),
				Why:    fmt.Sprintf("%q is not allowed in a node name", name[i:i+n]),
			}
		}
	}
	return nil
}

// BadNameDiag is the error on name, standing as kind at rng (in decl),
// when Puppet refuses it; nil when Puppet accepts it. puppet, when not
// "", is Puppet's words as the caller knows them (the node of a
// declaration), "%s" standing for CheckName's. candidates gives the
// site's names of that kind (nil: none), called only for a name Puppet
// refuses, since a site's names are many and most names are good:
// " Did you mean …?" names the closest, else the valid spelling closest
// to name.
func BadNameDiag(kind NameKind, name, puppet string, candidates func() []string, rng hcl.Range, decl *hcl.Range) *hcl.Diagnostic {
	bad := CheckName(kind, name)
	if bad == nil {
		return nil
	}
	if puppet != "" {
		puppet = strings.Replace(puppet, "%s", bad.Puppet, 1)
	} else if bad.At > 0 && decl != nil {
		puppet = bad.Puppet[:bad.At] + " at " + decl.String() + bad.Puppet[bad.At:]
	}
	var names []string
	if candidates != nil {
		names = candidates()
	}
	suggest := words.DidYouMean(strings.ToLower(strings.TrimPrefix(name, "::")), names)
	if suggest == "" && bad.Fix != "" {
		suggest = fmt.Sprintf(" Did you mean %q?", bad.Fix)
	}
	return ErrorAt(SummaryInvalidName, bad.Detail(puppet, kind, suggest), rng, decl)
}

// settingsClass is the class Puppet's compiler declares on every node
// before the top level (Class[Settings]): a define may not take its
// name.
const settingsClass = "settings"

// FutureReservedDiag is Puppet's warning on a class or define named by a
// word Puppet 7.23 reserves for later (checker4_0.rb's
// FUTURE_RESERVED_WORDS: plan), at rng; nil for any other name. Puppet
// compiles the site.
func FutureReservedDiag(kind NameKind, name string, rng hcl.Range) *hcl.Diagnostic {
	if name != "plan" {
		return nil
	}
	what := "class"
	if kind == NameDefine {
		what = "define"
	}
	return warningAt(SummaryReservedWord,
		fmt.Sprintf("Use of future reserved word: '%s' (Puppet 7.23 compiles the %s, with this warning: %q is a keyword of Puppet's language where tasks are enabled). Give the %s a module's namespace (site::%s).", name, what, name, what, name),
		rng)
}

// puppetOwnTypes are the types Puppet 7.23 ships in its own code
// (lib/puppet/type/*.rb, the bookkeeping ones left out): a define of one
// of these names is refused as soon as a resource of the type loads it.
var puppetOwnTypes = [...]string{"exec", "file", "filebucket", "group", "notify", "package", "resources", "schedule", "service", "tidy", "user"}

// RedefinesPuppetType is Puppet's words when a define named name is
// used as a resource's type and Puppet's own type of that name is loaded
// ("" when name is no type of Puppet's own): the define is refused.
func RedefinesPuppetType(name string) string {
	if !slices.Contains(puppetOwnTypes[:], name) {
		return ""
	}
	return fmt.Sprintf("Could not autoload puppet/type/%s: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/%s'.", name, name)
}
