package htmlpage_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

func TestZZProbe(t *testing.T) {
	html := pageBytes(t, genCatalog(t), false)
	for range 2 {
		tb := open(t, browser(t), html, "")
		var x any
		tb.run(t, chromedp.Evaluate(`[JSON.stringify(window.T), JSON.stringify(performance.getEntriesByType("paint").map(e=>[e.name,e.startTime]))]`, &x))
		fmt.Println(x)
	}
}
