package types_test

import (
	"fmt"

	"github.com/catc-dev/catc/internal/types"
)

// ExampleCheck validates an attribute value the way the catalog compiler
// does, with the attribute's path as the subject.
func ExampleCheck() {
	t, err := types.Parse("Enum[present, absent]")
	if err != nil {
		panic(err)
	}
	if msg, ok := types.Check("software.ensure", t, "installed"); !ok {
		fmt.Println(msg)
	}
	// Output: software.ensure expects a match for Enum['absent', 'present'], got 'installed'
}

// ExampleCheck_nested shows the path to a nested mismatch.
func ExampleCheck_nested() {
	t, err := types.Parse("Hash[String, Array[Integer[0, 65535]]]")
	if err != nil {
		panic(err)
	}
	v, err := types.DecodeJSON([]byte(`{"http": [80, 70000]}`))
	if err != nil {
		panic(err)
	}
	msg, ok := types.Check("server.ports", t, v)
	fmt.Println(ok)
	fmt.Println(msg)
	// Output:
	// false
	// server.ports entry 'http' index 1 expects an Integer[0, 65535] value, got Integer[70000, 70000]
}

// ExampleIsInstance shows that integers and floats never mix.
func ExampleIsInstance() {
	t, err := types.Parse("Integer[0, 65535]")
	if err != nil {
		panic(err)
	}
	port, _ := types.DecodeJSON([]byte(`8080`))
	float, _ := types.DecodeJSON([]byte(`8080.0`))
	fmt.Println(types.IsInstance(t, port), types.IsInstance(t, float))
	// Output: true false
}

// ExampleDecodeJSON keeps key order and the integer/float distinction.
func ExampleDecodeJSON() {
	v, err := types.DecodeJSON([]byte(`{"b": 1, "a": 1.0}`))
	if err != nil {
		panic(err)
	}
	fmt.Println(types.FormatValue(v))
	fmt.Println(string(types.EncodeJSON(v)))
	// Output:
	// {'b' => 1, 'a' => 1.0}
	// {"b":1,"a":1.0}
}
