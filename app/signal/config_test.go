//go:build !js

package signal

import (
	"net/http/httptest"
	"testing"
)

func TestFromHeader(t *testing.T) {
	name := FromHeader("X-Forwarded-For")
	for _, tt := range []struct {
		header []string
		want   string
	}{
		{nil, "192.0.2.9"},
		{[]string{"203.0.113.5"}, "203.0.113.5"},
		{[]string{"198.51.100.1, 203.0.113.5"}, "203.0.113.5"}, // the client may forge the first
		{[]string{"198.51.100.1", "203.0.113.6"}, "203.0.113.6"},
		{[]string{" , "}, "192.0.2.9"},
	} {
		r := httptest.NewRequest("GET", "/signal", nil)
		r.RemoteAddr = "192.0.2.9:4321"
		for _, v := range tt.header {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := name(r); got != tt.want {
			t.Errorf("header %q: %q, want %q", tt.header, got, tt.want)
		}
	}
}
