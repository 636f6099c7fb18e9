package memguard

import (
	"fmt"
	"strconv"
	"strings"
)

// units are the suffixes Parse accepts, as GOMEMLIMIT's.
var units = []struct {
	suffix string
	shift  uint
}{{"TiB", 40}, {"GiB", 30}, {"MiB", 20}, {"KiB", 10}, {"B", 0}}

// Parse reads a cap written as GOMEMLIMIT is: a whole number of bytes
// with an optional B, KiB, MiB, GiB or TiB suffix ("4GiB"). It returns
// 0 for "off", and DefaultCap for "".
func Parse(s string) (uint64, error) {
	switch s = strings.TrimSpace(s); s {
	case "":
		return DefaultCap, nil
	case "off":
		return 0, nil
	}
	num, shift := s, uint(0)
	for _, u := range units {
		if strings.HasSuffix(s, u.suffix) {
			num, shift = strings.TrimSuffix(s, u.suffix), u.shift
			break
		}
	}
	n, err := strconv.ParseUint(num, 10, 64)
	if err != nil || n == 0 || n > (1<<63-1)>>shift {
		return 0, fmt.Errorf("%s=%q: want a size such as 4GiB or 512MiB (B, KiB, MiB, GiB or TiB), or off", EnvVar, s)
	}
	return n << shift, nil
}

// Format writes n bytes in the largest unit that divides it into at
// least one, with one decimal: "4.0 GiB", "200.0 MiB".
func Format(n uint64) string {
	for _, u := range units[:4] {
		if n >= 1<<u.shift {
			return fmt.Sprintf("%.1f %s", float64(n)/float64(uint64(1)<<u.shift), u.suffix)
		}
	}
	return fmt.Sprintf("%d B", n)
}
