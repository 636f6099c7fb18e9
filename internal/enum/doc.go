// Package enum names the values of catc's small integer enums from one
// table of names per enum, and reads the names back: each enum's String
// and Parse use the same table, so the two cannot drift apart. A value
// outside the table is named "unknown".
//
// It is a generic helper rather than generated code (stringer): stringer
// names an out-of-range value "Type(5)", not "unknown", writes no
// parser, and a generated file per enum would repeat what one table says.
// It knows no enum of catc and imports nothing of catc.
package enum
