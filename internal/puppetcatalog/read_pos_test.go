package puppetcatalog

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestPositions: line and column (in characters) of any character, asked in
// any order, as counted from the start of the file: over many marks, on
// short lines and on a long one of multi-byte and invalid bytes.
func TestPositions(t *testing.T) {
	data := []byte(strings.Repeat("{\"é\": [1, \"日本\"],\n", 500) + strings.Repeat("x日\xe2\x82\x80\x80é", 3000) + "\n" + strings.Repeat("x", 300))
	p := positions{data: string(data)}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		off := rng.IntN(len(data) + 1)
		if off < len(data) && !utf8.RuneStart(data[off]) {
			continue // the reader's offsets start a token
		}
		got := p.pos(off)
		before := data[:off]
		line := strings.Count(string(before), "\n") + 1
		col := utf8.RuneCount(before[strings.LastIndexByte(string(before), '\n')+1:]) + 1
		if got.Line != line || got.Column != col || got.Byte != off {
			t.Fatalf("offset %d: %d:%d, want %d:%d", off, got.Line, got.Column, line, col)
		}
	}
}

// TestPositionsLongLine: a catalog on one line of 100,000 resources gets
// the positions of all its parameters in linear time (the model asks for
// each).
func TestPositionsLongLine(t *testing.T) {
	data := []byte(strings.Repeat(`{"type":"Notify","title":"x"},`, 100000))
	p := positions{data: string(data)}
	for off := 0; off < len(data); off += 7 {
		p.pos(off) // quadratic, this would take minutes
	}
	if got := p.pos(len(data)); got.Column != len(data)+1 {
		t.Errorf("last column %d, want %d", got.Column, len(data)+1)
	}
}

// TestRangeEnds: a range covers its one character, a multi-byte one or
// the end of a line included, as positions counted afresh say.
func TestRangeEnds(t *testing.T) {
	data := strings.Repeat("{\"é\": [1, \"日本\"],\n", 20)
	p := positions{data: data}
	for off := 0; off < len(data); off++ {
		if !utf8.RuneStart(data[off]) {
			continue
		}
		_, n := utf8.DecodeRuneInString(data[off:])
		fresh := positions{data: data}
		rng := p.rangeAt("c.json", off)
		if want := fresh.pos(off + n); rng.End != want || rng.Start != fresh.pos(off) {
			t.Fatalf("offset %d: %v-%v, want end %v", off, rng.Start, rng.End, want)
		}
	}
}
