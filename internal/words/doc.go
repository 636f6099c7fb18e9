// Package words holds the small helpers that phrase catc's messages and
// make untrusted text safe to print, so that every output words a
// count, a list, a suggestion or a title the same way:
//
//   - Escape and EscapeText write untrusted text (titles, values, source
//     lines) so that it cannot drive a terminal or a CI log: control
//     characters are written as visible escapes, so a title cannot move
//     the cursor, ring the bell, clear the screen or reorder what the
//     reader sees. Unsafe is the set they escape, for writers of other
//     formats.
//   - Noun, Pick, GroupDigits, ListMore and AndMore word counts:
//     "1,200 nodes", "1 node", "a, b and 3 more".
//   - And and Or join names: "a, b and c", "a or b".
//   - Closest and DidYouMean pick the likely intended word for a
//     misspelt one, for the "Did you mean …?" of diagnostics.
//
// What Escape escapes: the C0 controls (U+0000–U+001F), DEL (U+007F), the
// C1 controls (U+0080–U+009F, which some terminals obey like ESC
// sequences), the bidirectional formatting characters (U+061C, U+200E,
// U+200F, U+202A–U+202E, U+2066–U+2069: "Trojan Source" reorders text
// with them), the line and paragraph separators U+2028 and U+2029 (which
// editors, browsers and JavaScript take for line breaks) and bytes that
// are not UTF-8. Newline, tab and carriage return become \n, \t and \r,
// another control below U+0080 \xNN, one above \uNNNN, an invalid byte
// \xNN. Backslashes are left as they are, so a title that spells `\x1b`
// prints the same as one holding ESC: the escapes are for the eye, and
// nothing parses them back.
//
// It knows no catc type and imports nothing of catc.
package words
