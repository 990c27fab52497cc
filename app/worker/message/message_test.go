package message

import (
	"reflect"
	"testing"
	"time"
)

// A message read back from its object is the message sent.
func TestRoundTrip(t *testing.T) {
	requests := []Request{
		{ID: 1, Record: "GYRE 7x14\n1. a1", Level: "hard", Seed: 1 << 52, Long: true},
		{ID: 2, Record: "GYGES", Level: "medium", Seed: 1, Budget: 1500 * time.Millisecond, Judge: true, Played: "b1-b3"},
		{ID: 3, Cancel: true},
	}
	for _, r := range requests {
		if got := ReadRequest(Map(r.Object())); !reflect.DeepEqual(got, r) {
			t.Errorf("request %+v read back as %+v", r, got)
		}
	}
	replies := []Reply{
		{ID: 1, Started: true, Budget: 2 * time.Second},
		{ID: 2, Move: "c3"},
		{ID: 3, Error: "no"},
		{ID: 4, Text: "a QR code"},
		{ID: 5, Move: "d4", Judged: true, Value: 0.6, Known: true},
		{ID: 6, Move: "e5", Judged: true, Value: 1, Known: true, Proved: true, Winning: []string{"e5", "f6"}},
		{ID: 7, Judged: true, Known: true, Proved: true},
		{ID: 8, Move: "a1-a3", Judged: true, Value: 0.4, Known: true, Played: 0.25, HasPlayed: true},
	}
	for _, r := range replies {
		if got := ReadReply(Map(r.Object())); !reflect.DeepEqual(got, r) {
			t.Errorf("reply %+v read back as %+v", r, got)
		}
	}
	if got := ReadReply(Map{"fatal": "no wasm"}); got.Fatal != "no wasm" {
		t.Errorf("fatal read as %+v", got)
	}
}

// The objects keep the shape the two sides sent before the types.
func TestObjects(t *testing.T) {
	got := Request{ID: 4, Record: "r", Level: "easy", Seed: 9}.Object()
	want := map[string]any{"id": 4, "record": "r", "level": "easy", "seed": 9.0}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("think request = %v, want %v", got, want)
	}
	got = Reply{ID: 2, Move: "d4", Judged: true, Value: 1, Known: true, Proved: true, Winning: []string{"d4", "e5"}}.Object()
	want = map[string]any{"id": 2, "move": "d4", "value": 1.0, "known": true, "proved": true, "winning": "d4 e5"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("proof = %v, want %v", got, want)
	}
}
