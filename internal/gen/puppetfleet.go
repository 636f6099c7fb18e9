package gen

import (
	"encoding/json"
	"fmt"
)

// PuppetFleetOptions say what fleet of Puppet catalogs to generate.
type PuppetFleetOptions struct {
	// Nodes is the number of nodes (one catalog per side each).
	Nodes int
	// Classes is the number of classes of each catalog; each holds a
	// package, a config file and a service (4 resources with the class).
	Classes int
}

// PuppetFleet is a generated fleet of Puppet catalogs: NODE.json before
// and after a change. Node i has role roles[i%4]; the change is by role:
// web nodes get a new config line in every class, db nodes a new class,
// cache nodes a file moved to another class, mq nodes nothing.
type PuppetFleet struct {
	Old, New []File
}

// puppetResource and puppetCatalog are the parts of Puppet's catalog
// format 2 the generator writes.
type puppetResource struct {
	Type       string         `json:"type"`
	Title      string         `json:"title"`
	Tags       []string       `json:"tags"`
	File       string         `json:"file,omitempty"`
	Line       int            `json:"line,omitempty"`
	Exported   bool           `json:"exported"`
	Kind       string         `json:"kind"`
	Parameters map[string]any `json:"parameters,omitempty"`
}

type puppetEdge struct {
	Source string `json:"source"`
	Target string `json:"target"`
}

type puppetCatalog struct {
	Tags          []string         `json:"tags"`
	Name          string           `json:"name"`
	Version       int              `json:"version"`
	CodeID        *string          `json:"code_id"`
	CatalogUUID   string           `json:"catalog_uuid,omitempty"`
	CatalogFormat int              `json:"catalog_format"`
	Environment   string           `json:"environment"`
	Resources     []puppetResource `json:"resources"`
	Edges         []puppetEdge     `json:"edges"`
	Classes       []string         `json:"classes"`
}

// GeneratePuppetFleet generates the fleet.
func GeneratePuppetFleet(o PuppetFleetOptions) PuppetFleet {
	var f PuppetFleet
	for i := 0; i < o.Nodes; i++ {
		name := fmt.Sprintf("%s-%04d.example.com", roles[i%4], i)
		f.Old = append(f.Old, File{Name: name + ".json", Src: puppetNode(name, roles[i%4], o.Classes, false)})
		f.New = append(f.New, File{Name: name + ".json", Src: puppetNode(name, roles[i%4], o.Classes, true)})
	}
	return f
}

// puppetNode is one node's catalog, after the change when changed.
func puppetNode(name, role string, classes int, changed bool) []byte {
	c := &puppetCatalog{Tags: []string{"settings"}, Name: name, CatalogFormat: 2, Environment: "production", Classes: []string{}}
	add := func(parent string, r puppetResource) {
		c.Resources = append(c.Resources, r)
		if parent != "" {
			c.Edges = append(c.Edges, puppetEdge{parent, r.Type + "[" + r.Title + "]"})
		}
	}
	add("", puppetResource{Type: "Stage", Title: "main", Tags: []string{"stage"}, Kind: "compilable_type", Parameters: map[string]any{"name": "main"}})
	add("Stage[main]", puppetResource{Type: "Class", Title: "main", Tags: []string{"class"}, Kind: "unknown", Parameters: map[string]any{"name": "main"}})
	if changed && role == "db" {
		classes++
	}
	for k := 0; k < classes; k++ {
		class := fmt.Sprintf("App%d", k)
		ref := "Class[" + class + "]"
		manifest := fmt.Sprintf("app%d/manifests/init.pp", k)
		add("Stage[main]", puppetResource{Type: "Class", Title: class, Tags: []string{"class", "app"}, File: "site.pp", Line: 1 + k, Kind: "class"})
		content := fmt.Sprintf("# %s\nname = %s\nworkers = 4\n", role, name)
		if changed && role == "web" {
			content += "keepalive = 60\n"
		}
		pkg, conf, svc := fmt.Sprintf("app%d", k), fmt.Sprintf("/etc/app%d/app.conf", k), fmt.Sprintf("app%d", k)
		holder := ref
		if changed && role == "cache" && k == 1 {
			holder = "Class[App0]" // the file moves to another class
		}
		add(ref, puppetResource{Type: "Package", Title: pkg, Tags: []string{"package", "app"}, File: manifest, Line: 2, Kind: "compilable_type",
			Parameters: map[string]any{"ensure": "installed"}})
		add(holder, puppetResource{Type: "File", Title: conf, Tags: []string{"file", "app"}, File: manifest, Line: 3, Kind: "compilable_type",
			Parameters: map[string]any{"ensure": "file", "content": content, "mode": "0644", "require": "Package[" + pkg + "]"}})
		add(ref, puppetResource{Type: "Service", Title: svc, Tags: []string{"service", "app"}, File: manifest, Line: 4, Kind: "compilable_type",
			Parameters: map[string]any{"ensure": "running", "subscribe": "File[" + conf + "]"}})
	}
	out, err := json.MarshalIndent(c, "", " ")
	if err != nil {
		panic(err) // plain maps and strings always marshal
	}
	return out
}
