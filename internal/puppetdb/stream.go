package puppetdb

import (
	"encoding/json"
	"fmt"
	"io"
)

// budget is a reader that gives at most left more bytes: renewed before
// each row, it bounds what one row may take, whatever the answer's size.
type budget struct {
	r    io.Reader
	left int64
}

func (b *budget) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, errTooLarge
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.Read(p)
	b.left -= int64(n)
	return n, err
}

// rows reads a JSON array row by row, each at most maxRow bytes, and
// calls each with the decoder positioned at the row (each decodes it).
// Numbers decode as json.Number.
func rows(r io.Reader, maxRow int64, each func(*json.Decoder) error) error {
	b := &budget{r: r, left: maxRow}
	dec := json.NewDecoder(b)
	dec.UseNumber()
	if err := expectDelim(dec, '['); err != nil {
		return err
	}
	for dec.More() {
		b.left = maxRow
		if err := each(dec); err != nil {
			return err
		}
	}
	if err := expectDelim(dec, ']'); err != nil {
		return err
	}
	return end(dec)
}

// expectDelim reads the next token, which must be d.
func expectDelim(dec *json.Decoder, d json.Delim) error {
	tok, err := dec.Token()
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	if err != nil {
		return err
	}
	if tok != d {
		return &notPuppetDB{why: fmt.Sprintf("its answer is not a JSON array of rows (found %v)", tok)}
	}
	return nil
}

// end checks that nothing but white space follows the JSON value.
func end(dec *json.Decoder) error {
	if _, err := dec.Token(); err != io.EOF {
		if err == nil {
			return errTrailing
		}
		return err
	}
	return nil
}

// certnameRow is a row's certname, nil when it has none.
type certnameRow struct {
	Certname *string `json:"certname"`
}
