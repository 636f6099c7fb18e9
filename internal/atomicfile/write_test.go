package atomicfile

import (
	"bytes"
	"testing"
)

// TestBuffer: what a Buffer is given in pieces of every size comes out
// whole and in order.
func TestBuffer(t *testing.T) {
	t.Parallel()
	var b Buffer
	var want bytes.Buffer
	for i := range 5000 {
		p := bytes.Repeat([]byte{byte('a' + i%26)}, i%700)
		b.Write(p)
		want.Write(p)
	}
	var got bytes.Buffer
	if err := b.CopyTo(&got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Fatalf("Buffer gave %d bytes, want %d", got.Len(), want.Len())
	}
}
