package graph_test

import (
	"fmt"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/graph"
)

const exampleTypes = `
type "pkg" {
  desc = "A package."
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The package name."
  }
}
type "svc" {
  desc = "A service; it autorequires the package of the same name."
  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The service name."
  }
  autorequire {
    pkg = "$name"
  }
}
`

const exampleResources = `
resource "svc" "nginx" {}
resource "pkg" "openssl" {}
resource "pkg" "nginx" {
  require = pkg.openssl
}
`

// Build the graph of a loaded catalog, order it as Puppet would, and ask
// why one resource comes before another.
func Example() {
	c, diags := compiler.LoadFiles([]string{"types.hcl", "site.hcl"},
		[][]byte{[]byte(exampleTypes), []byte(exampleResources)}, compiler.LoadOptions{})
	if diags.HasErrors() {
		fmt.Println(diags)
		return
	}
	g := graph.Build(c)
	plan, diags := graph.Order(g, graph.Ordering{})
	if diags.HasErrors() {
		fmt.Println(diags)
		return
	}
	for i, r := range plan.Order() {
		fmt.Printf("%d. %s\n", i+1, r.Ref())
	}
	from, _ := graph.Resolve(c, "Pkg[openssl]")
	to, _ := graph.Resolve(c, "svc.nginx")
	for _, e := range plan.Why(from, to).Path {
		fmt.Println(graph.EdgeLine(e))
	}
	// Output:
	// 1. Pkg[openssl]
	// 2. Pkg[nginx]
	// 3. Svc[nginx]
	// Pkg[openssl] => Pkg[nginx]: require on Pkg[nginx] at site.hcl:5
	// Pkg[nginx] => Svc[nginx]: autorequire pkg (types.hcl:18) on Svc[nginx] at site.hcl:2
}
