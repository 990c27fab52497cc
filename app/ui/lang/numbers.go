package lang

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// Int writes n as the current language does: "12,345" in English,
// "12 345" in French (a narrow no-break space, U+202F).
func Int(n int) string {
	return group(strconv.Itoa(n), cur().getMeta().Group)
}

// Dec writes x with digits decimals: "0.75" in English, "0,75" in French.
func Dec(x float64, digits int) string {
	s := strconv.FormatFloat(x, 'f', digits, 64)
	whole, frac, _ := strings.Cut(s, ".")
	m := *cur().getMeta()
	s = group(whole, m.Group)
	if frac != "" {
		s += decimal(m) + frac
	}
	return s
}

// Percent writes a share x (0.45) as a whole percentage: "45%" in
// English, "45 %" in French.
func Percent(x float64) string {
	n := Int(int(math.Round(100 * x)))
	if p := cur().getMeta().Percent; strings.Contains(p, "{n}") {
		return strings.Replace(p, "{n}", n, 1)
	}
	return n + "%"
}

// Clock writes a time left as a clock shows it: h:mm:ss, m:ss, and
// seconds with tenths under ten seconds ("9.4", "9,4" in French).
func Clock(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	switch {
	case d >= time.Hour:
		return strconv.Itoa(int(d.Hours())) + ":" + two(int(d.Minutes())%60) + ":" + two(int(d.Seconds())%60)
	case d >= 10*time.Second:
		return strconv.Itoa(int(d.Minutes())) + ":" + two(int(d.Seconds())%60)
	}
	tenths := int(d / (100 * time.Millisecond))
	return strconv.Itoa(tenths/10) + decimal(*cur().getMeta()) + strconv.Itoa(tenths%10)
}

func two(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func decimal(m meta) string {
	if m.Decimal == "" {
		return "."
	}
	return m.Decimal
}

// group puts sep between each group of three digits of a whole number.
func group(digits, sep string) string {
	sign := ""
	if strings.HasPrefix(digits, "-") {
		sign, digits = "-", digits[1:]
	}
	if sep == "" || len(digits) <= 3 {
		return sign + digits
	}
	var b strings.Builder
	b.WriteString(sign)
	head := len(digits) % 3
	if head > 0 {
		b.WriteString(digits[:head])
	}
	for i := head; i < len(digits); i += 3 {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(digits[i : i+3])
	}
	return b.String()
}
