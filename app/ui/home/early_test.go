package home

import (
	"reflect"
	"testing"
)

// What the page's script kept is read as it was pressed; anything else
// (an old or damaged entry, another program's) is nothing pressed.
func TestParseEarly(t *testing.T) {
	for _, tc := range []struct {
		text string
		want early
	}{
		{`{"choices":[["mode","computer"],["size","5x10"]],"start":true}`, early{Choices: [][2]string{{"mode", "computer"}, {"size", "5x10"}}, Start: true}},
		{`{"choices":[],"start":false}`, early{Choices: [][2]string{}}},
		{``, early{}},
		{`not json`, early{}},
		{`{"choices":"mode"}`, early{}},
		{`{"choices":[["mode"]],"start":1}`, early{}},
	} {
		if got := parseEarly(tc.text); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("parseEarly(%q) = %+v, want %+v", tc.text, got, tc.want)
		}
	}
}
