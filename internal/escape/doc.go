// Package escape makes untrusted text (titles, values, source lines) safe
// to print on a terminal or in a CI log: control characters are written as
// visible escapes, so that a title cannot move the cursor, ring the bell,
// clear the screen or reorder what the reader sees.
//
// What is escaped: the C0 controls (U+0000–U+001F), DEL (U+007F), the C1
// controls (U+0080–U+009F, which some terminals obey like ESC sequences),
// the bidirectional formatting characters (U+061C, U+200E, U+200F,
// U+202A–U+202E, U+2066–U+2069: "Trojan Source" reorders text with them),
// the line and paragraph separators U+2028 and U+2029 (which editors,
// browsers and JavaScript take for line breaks) and bytes that are not
// UTF-8. Newline, tab and carriage return become
// \n, \t and \r, another control below U+0080 \xNN, one above \uNNNN,
// an invalid byte \xNN. Backslashes are left as they
// are, so a title that spells `\x1b` prints the same as one holding ESC:
// the escapes are for the eye, and nothing parses them back.
package escape
