// Package plural words numbers for people: "1,200 nodes", "1 node", "a, b
// and 3 more". It is shared by the packages that phrase counts (render,
// and fleet for the summary its JSON carries), so that every output says
// a count the same way. It knows no catc type.
package plural
