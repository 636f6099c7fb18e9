package hiera

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"gopkg.in/yaml.v3"

	"github.com/catc-dev/catc/internal/types"
)

// ConfigName is the name of the file that makes a directory a Hiera site.
const ConfigName = "hiera.yaml"

// Backends are the data functions catc reads: Puppet's yaml_data and
// json_data (data_hash) and hiera-eyaml's eyaml_lookup_key (lookup_key),
// whose encrypted values stay secrets.
var backends = map[string]string{"yaml_data": "data_hash", "json_data": "data_hash", "eyaml_lookup_key": "lookup_key"}

// The keys of a hierarchy level, as Puppet's HieraConfigV5 has them.
var (
	functionKeys = []string{"data_hash", "lookup_key", "data_dig", "hiera3_backend"}
	locationKeys = []string{"path", "paths", "glob", "globs", "uri", "uris", "mapped_paths"}
	levelKeys    = append(append([]string{"name", "options", "datadir", "v4_data_hash"}, functionKeys...), locationKeys...)
	defaultsKeys = []string{"data_hash", "lookup_key", "data_dig", "datadir", "options"}
	topKeys      = []string{"version", "defaults", "hierarchy", "plan_hierarchy", "default_hierarchy"}
	optionName   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z](:?[0-9A-Za-z_-]*[0-9A-Za-z])?$`) })
)

// Config is a site's hiera.yaml (version 5), read once.
type Config struct {
	// Path is the file, as given (site directory joined with hiera.yaml).
	Path string
	// Levels are the hierarchy's levels in priority order.
	Levels []*Level
}

// Level is one hierarchy level.
type Level struct {
	Name string
	// Function is the data function: yaml_data, json_data or
	// eyaml_lookup_key.
	Function string
	// Datadir is the data directory as written (relative to the site;
	// it may hold interpolations).
	Datadir string
	// LocationKey is path, paths, glob, globs or mapped_paths ("" when
	// the level names no location).
	LocationKey string
	// Locations are the path templates (for mapped_paths: the variable,
	// the key and the template).
	Locations []string
	// Options are the level's options (or the defaults'), passed to the
	// function as written: catc reads none but eyaml's are kept.
	Options *types.Hash
	// Line is where the level starts in hiera.yaml.
	Line int
}

// errorAt is a Puppet error about hiera.yaml at a line.
func (c *Config) errorAt(line int, detail string) *hcl.Diagnostic {
	d := &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "Invalid hiera.yaml", Detail: detail}
	if line > 0 {
		d.Subject = &hcl.Range{Filename: c.Path, Start: hcl.Pos{Line: line, Column: 1}, End: hcl.Pos{Line: line, Column: 1}}
	}
	return d
}

// upgradeHint closes the refusal of a version 3 or 4 hiera.yaml.
const upgradeHint = " Convert it to version 5: `version: 5`, a `defaults` with `datadir` and `data_hash: yaml_data`, and a `hierarchy` of levels each with a `name` and a `path` (or `paths`, `glob`, `globs`, `mapped_paths`); %{::x} becomes %{facts.x} or %{::x}."

// parseConfig reads hiera.yaml's text.
func parseConfig(path string, src []byte) (*Config, hcl.Diagnostics) {
	c := &Config{Path: path}
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		e := yamlSyntaxError(err).(*yamlError)
		return nil, hcl.Diagnostics{yamlDiag(path, e, "Invalid hiera.yaml", fmt.Sprintf("(%s): %s.", path, e.msg))}
	}
	var root *yaml.Node
	if len(doc.Content) > 0 {
		root = resolveAlias(doc.Content[0])
	}
	if root == nil || root.Kind != yaml.MappingNode {
		return nil, hcl.Diagnostics{c.errorAt(0, fmt.Sprintf("%s: File exists but does not contain a valid YAML hash. Puppet falls back to a version 3 default there, which an environment ignores; give it a version 5 hash.", path))}
	}
	r := &yamlReader{budget: maxAliasValues, sizes: map[*yaml.Node]int{}, vals: map[*yaml.Node]types.Value{}}
	top, err := r.value(root, 0)
	if err != nil {
		e := err.(*yamlError)
		return nil, hcl.Diagnostics{yamlDiag(path, e, "Invalid hiera.yaml", fmt.Sprintf("Unable to parse %s: %s.", path, e.msg))}
	}
	h := top.(*types.Hash)
	if d := c.checkVersion(h, root); d != nil {
		return nil, hcl.Diagnostics{d}
	}
	if d := c.checkKeys(h, root); d != nil {
		return nil, hcl.Diagnostics{d}
	}
	defaults, diags := c.readDefaults(h, root)
	if diags.HasErrors() {
		return nil, diags
	}
	hier, _ := h.Get("hierarchy")
	if hier == nil {
		hier = []types.Value{mustHash("name", "Common", "path", "common.yaml")}
	}
	list, ok := hier.([]types.Value)
	if !ok {
		return nil, hcl.Diagnostics{c.errorAt(keyLine(root, "hierarchy"), c.wrongType("hierarchy", "expects an Array value, got "+typeName(hier)))}
	}
	levelNodes := childNodes(root, "hierarchy")
	names := map[string]int{}
	for i, e := range list {
		line := 0
		if i < len(levelNodes) {
			line = levelNodes[i].Line
		}
		var node *yaml.Node
		if i < len(levelNodes) {
			node = levelNodes[i]
		}
		lv, d := c.readLevel(e, i, line, defaults, node)
		if d != nil {
			return nil, hcl.Diagnostics{d}
		}
		if first, dup := names[lv.Name]; dup {
			return nil, hcl.Diagnostics{c.errorAt(line, fmt.Sprintf("Hierarchy name '%s' defined more than once. First defined at (line: %d)", lv.Name, first))}
		}
		names[lv.Name] = line
		c.Levels = append(c.Levels, lv)
	}
	return c, nil
}

func mustHash(kv ...string) *types.Hash {
	h := &types.Hash{}
	for i := 0; i+1 < len(kv); i += 2 {
		h.Append(kv[i], kv[i+1])
	}
	return h
}

// checkVersion refuses every version but 5, in Puppet's words.
func (c *Config) checkVersion(h *types.Hash, root *yaml.Node) *hcl.Diagnostic {
	v, _ := h.Get("version")
	line := keyLine(root, "version")
	version := int64(3)
	switch x := v.(type) {
	case int64:
		version = x
	case string:
		n, _ := strconv.ParseInt(leadingInt(x), 10, 64)
		version = n
	case float64:
		version = int64(x)
	case nil:
	default:
		version = 0
	}
	switch version {
	case 5:
		return nil
	case 3:
		return c.errorAt(line, "hiera.yaml version 3 cannot be used in an environment."+upgradeHint)
	case 4:
		return c.errorAt(line, fmt.Sprintf("%s: Use of 'hiera.yaml' version 4 is deprecated. It should be converted to version 5.", c.Path)+upgradeHint)
	}
	return c.errorAt(line, fmt.Sprintf("This runtime does not support hiera.yaml version %d", version))
}

// leadingInt is the digits Ruby's String#to_i reads.
func leadingInt(s string) string {
	s = strings.TrimSpace(s)
	end := 0
	for end < len(s) && (s[end] >= '0' && s[end] <= '9' || end == 0 && (s[end] == '-' || s[end] == '+')) {
		end++
	}
	if end == 0 {
		return "0"
	}
	return s[:end]
}

func (c *Config) wrongType(entry, what string) string {
	return fmt.Sprintf("The Lookup Configuration at '%s' has wrong type, entry '%s' %s", c.Path, entry, what)
}

// checkKeys refuses keys Puppet's schema does not know.
func (c *Config) checkKeys(h *types.Hash, root *yaml.Node) *hcl.Diagnostic {
	for _, k := range h.Keys {
		if !contains(topKeys, k) {
			return c.errorAt(keyLine(root, k), fmt.Sprintf("The Lookup Configuration at '%s' has wrong type, unrecognized key '%s'", c.Path, k))
		}
	}
	if _, ok := h.Get("default_hierarchy"); ok {
		return c.errorAt(keyLine(root, "default_hierarchy"), "'default_hierarchy' is only allowed in the module layer")
	}
	return nil
}

// levelDefaults are the defaults block's values.
type levelDefaults struct {
	function, kind, datadir string
	options                 *types.Hash
}

func (c *Config) readDefaults(h *types.Hash, root *yaml.Node) (levelDefaults, hcl.Diagnostics) {
	d := levelDefaults{datadir: "data"}
	v, ok := h.Get("defaults")
	if !ok {
		// Puppet's default defaults
		d.function, d.kind = "yaml_data", "data_hash"
		return d, nil
	}
	line := keyLine(root, "defaults")
	dh, ok := v.(*types.Hash)
	if !ok {
		return d, hcl.Diagnostics{c.errorAt(line, c.wrongType("defaults", "expects a Struct value, got "+typeName(v)))}
	}
	for _, k := range dh.Keys {
		if !contains(defaultsKeys, k) {
			return d, hcl.Diagnostics{c.errorAt(line, c.wrongType("defaults", fmt.Sprintf("unrecognized key '%s'", k)))}
		}
	}
	var fns []string
	for _, k := range functionKeys {
		if x, ok := dh.Get(k); ok {
			fns = append(fns, k)
			s, ok := x.(string)
			if !ok || s == "" {
				return d, hcl.Diagnostics{c.errorAt(line, c.wrongType("defaults", fmt.Sprintf("entry '%s' expects a String[1] value", k)))}
			}
			d.function, d.kind = s, k
		}
	}
	if len(fns) > 1 {
		return d, hcl.Diagnostics{c.errorAt(line, "Only one of data_hash, lookup_key, data_dig, or hiera3_backend can be defined in defaults")}
	}
	if x, ok := dh.Get("datadir"); ok {
		s, ok := x.(string)
		if !ok || s == "" {
			return d, hcl.Diagnostics{c.errorAt(line, c.wrongType("defaults", "entry 'datadir' expects a String[1] value"))}
		}
		d.datadir = s
	}
	if x, ok := dh.Get("options"); ok {
		o, msg := checkOptions(x)
		if msg != "" {
			return d, hcl.Diagnostics{c.errorAt(line, c.wrongType("defaults", msg))}
		}
		for _, k := range []string{"path", "uri"} {
			if _, ok := o.Get(k); ok {
				return d, hcl.Diagnostics{c.errorAt(line, fmt.Sprintf("Option key '%s' used in defaults is reserved by Puppet", k))}
			}
		}
		d.options = o
	}
	return d, nil
}

func checkOptions(x types.Value) (*types.Hash, string) {
	o, ok := x.(*types.Hash)
	if !ok {
		return nil, "entry 'options' expects a Hash value, got " + typeName(x)
	}
	for _, k := range o.Keys {
		if !optionName().MatchString(k) {
			return nil, fmt.Sprintf("entry 'options' key of entry '%s' expects a match for Pattern[/\\A[A-Za-z](:?[0-9A-Za-z_-]*[0-9A-Za-z])?\\z/], got '%s'", k, k)
		}
	}
	return o, ""
}

// readLevel reads and checks one level.
func (c *Config) readLevel(e types.Value, index, line int, d levelDefaults, node *yaml.Node) (*Level, *hcl.Diagnostic) {
	h, ok := e.(*types.Hash)
	if !ok {
		return nil, c.errorAt(line, fmt.Sprintf("The Lookup Configuration at '%s' has wrong type, entry 'hierarchy' index %d expects a Struct value, got %s", c.Path, index, typeName(e)))
	}
	lv := &Level{Line: line, Datadir: d.datadir, Options: d.options}
	name, _ := h.Get("name")
	lv.Name, _ = name.(string)
	if lv.Name == "" {
		return nil, c.errorAt(line, fmt.Sprintf("The Lookup Configuration at '%s' has wrong type, entry 'hierarchy' index %d expects a value for key 'name'", c.Path, index))
	}
	for _, k := range h.Keys {
		if !contains(levelKeys, k) {
			return nil, c.errorAt(line, fmt.Sprintf("The Lookup Configuration at '%s' has wrong type, entry 'hierarchy' index %d unrecognized key '%s'", c.Path, index, k))
		}
	}
	var fns []string
	for _, k := range append(functionKeys, "v4_data_hash") {
		if x, ok := h.Get(k); ok {
			fns = append(fns, k)
			lv.Function, _ = x.(string)
		}
	}
	switch len(fns) {
	case 0:
		if d.function == "" {
			return nil, c.errorAt(line, fmt.Sprintf("One of data_hash, lookup_key, data_dig, or hiera3_backend must be defined in hierarchy '%s'", lv.Name))
		}
		lv.Function = d.function
		fns = []string{d.kind}
	case 1:
	default:
		return nil, c.errorAt(line, fmt.Sprintf("Only one of data_hash, lookup_key, data_dig, or hiera3_backend can be defined in hierarchy '%s'", lv.Name))
	}
	var locs []string
	for _, k := range locationKeys {
		if _, ok := h.Get(k); ok {
			locs = append(locs, k)
		}
	}
	if len(locs) > 1 {
		return nil, c.errorAt(line, fmt.Sprintf("Only one of path, paths, glob, globs, uri, uris, or mapped_paths can be defined in hierarchy '%s'", lv.Name))
	}
	if o, ok := h.Get("options"); ok {
		opts, msg := checkOptions(o)
		if msg != "" {
			return nil, c.errorAt(line, fmt.Sprintf("The Lookup Configuration at '%s' has wrong type, entry 'hierarchy' index %d %s", c.Path, index, msg))
		}
		for _, k := range []string{"path", "uri"} {
			if _, ok := opts.Get(k); ok {
				return nil, c.errorAt(line, fmt.Sprintf("Option key '%s' used in hierarchy '%s' is reserved by Puppet", k, lv.Name))
			}
		}
		lv.Options = opts
	}
	if x, ok := h.Get("datadir"); ok {
		s, _ := x.(string)
		if s == "" {
			return nil, c.errorAt(line, fmt.Sprintf("The Lookup Configuration at '%s' has wrong type, entry 'hierarchy' index %d entry 'datadir' expects a String[1] value", c.Path, index))
		}
		lv.Datadir = s
	}
	if len(locs) == 1 {
		lv.LocationKey = locs[0]
		v, _ := h.Get(lv.LocationKey)
		list, msg := locationList(lv.LocationKey, v)
		if msg != "" {
			return nil, c.errorAt(line, fmt.Sprintf("The Lookup Configuration at '%s' has wrong type, entry 'hierarchy' index %d entry '%s' %s", c.Path, index, lv.LocationKey, msg))
		}
		lv.Locations = list
	}
	if fns[0] == "hiera3_backend" {
		if node != nil {
			line = keyLine(resolveAlias(node), "hiera3_backend")
		}
		return nil, c.errorAt(line, "'hiera3_backend' is only allowed in the global layer")
	}
	if kind, ok := backends[lv.Function]; !ok || kind != fns[0] {
		return nil, c.errorAt(line, fmt.Sprintf("Unable to find '%s' function named '%s'. catc reads the data functions yaml_data and json_data (data_hash) and eyaml_lookup_key (lookup_key); it cannot run another.", fns[0], lv.Function))
	}
	if lv.LocationKey == "uri" || lv.LocationKey == "uris" {
		return nil, c.errorAt(line, fmt.Sprintf("The hierarchy level '%s' uses %s, which a file-based data function cannot read. Use path, paths, glob, globs or mapped_paths.", lv.Name, lv.LocationKey))
	}
	if lv.LocationKey == "" {
		return nil, c.errorAt(line, fmt.Sprintf("'%s': one of 'path', 'paths' 'glob', 'globs' or 'mapped_paths' must be declared in hiera.yaml when using this %s function", lv.Function, fns[0]))
	}
	return lv, nil
}

// locationList checks a location key's value: a String[1], or an array
// of them (1 or more; exactly 3 for mapped_paths).
func locationList(key string, v types.Value) ([]string, string) {
	if key == "path" || key == "glob" || key == "uri" {
		s, ok := v.(string)
		if !ok || s == "" {
			return nil, "expects a String[1] value, got " + typeName(v)
		}
		return []string{s}, ""
	}
	arr, ok := v.([]types.Value)
	if !ok {
		return nil, "expects an Array value, got " + typeName(v)
	}
	if key == "mapped_paths" && len(arr) != 3 {
		return nil, fmt.Sprintf("expects size to be 3, got %d", len(arr))
	}
	if len(arr) == 0 {
		return nil, "expects size to be at least 1, got 0"
	}
	out := make([]string, len(arr))
	for i, e := range arr {
		s, ok := e.(string)
		if !ok || s == "" {
			return nil, fmt.Sprintf("index %d expects a String[1] value, got %s", i, typeName(e))
		}
		out[i] = s
	}
	return out, ""
}

// typeName is Puppet's short name of a value's type in a mismatch.
func typeName(v types.Value) string {
	switch v.(type) {
	case nil:
		return "Undef"
	case string:
		return "String"
	case bool:
		return "Boolean"
	case int64:
		return "Integer"
	case float64:
		return "Float"
	case []types.Value:
		return "Tuple"
	case *types.Hash:
		return "Struct"
	}
	return "Any"
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// keyLine is the line of key k in mapping m (0 when absent).
func keyLine(m *yaml.Node, k string) int {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == k {
			return m.Content[i].Line
		}
	}
	return m.Line
}

// childNodes are the elements of the sequence under key k of m.
func childNodes(m *yaml.Node, k string) []*yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == k {
			if s := resolveAlias(m.Content[i+1]); s.Kind == yaml.SequenceNode {
				return s.Content
			}
		}
	}
	return nil
}

// yamlDiag is the diagnostic of a YAML error in file path.
func yamlDiag(path string, e *yamlError, summary, detail string) *hcl.Diagnostic {
	d := &hcl.Diagnostic{Severity: hcl.DiagError, Summary: summary, Detail: detail}
	if e.line > 0 {
		col := max(e.column, 1)
		d.Subject = &hcl.Range{Filename: path, Start: hcl.Pos{Line: e.line, Column: col}, End: hcl.Pos{Line: e.line, Column: col + 1}}
	}
	return d
}
