package compiler_test

import (
	"fmt"

	"github.com/catc-dev/catc/internal/compiler"
	"github.com/catc-dev/catc/internal/testutil"
)

func ExampleLoad() {
	c, diags := compiler.Load([]string{testutil.Fixture("seed")}, compiler.LoadOptions{})
	if diags.HasErrors() {
		fmt.Println(diags.Error())
		return
	}
	for _, r := range c.Resources {
		fmt.Println(r.Index, r.Ref(), r.UniquenessKey)
		for _, rel := range r.Relations {
			fmt.Println("  ", rel.Kind, rel.Target.Ref())
		}
	}
	fmt.Println(c.Lookup("software", "php-gem").Ref())
	// Output:
	// 0 Apt_key[6F6B15509CF8E59E6E469F327F438280EF8D349F] [6F6B15509CF8E59E6E469F327F438280EF8D349F]
	// 1 Software[php-yum] [yum php]
	//    require Apt_key[6F6B15509CF8E59E6E469F327F438280EF8D349F]
	// 2 Software[php] [gem php]
	//    before Apt_key[6F6B15509CF8E59E6E469F327F438280EF8D349F]
	// 3 Package[apt] [<nil> apt <nil>]
	// Software[php]
}
