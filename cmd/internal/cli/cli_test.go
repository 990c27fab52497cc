package cli

import (
	"errors"
	"flag"
	"io"
	"slices"
	"testing"
	"time"

	"gygy/engine/bot"
)

func TestParseAnywhere(t *testing.T) {
	for _, tc := range []struct {
		args, want []string
		n          int
	}{
		{[]string{"a", "--n", "3", "b"}, []string{"a", "b"}, 3},
		{[]string{"--n=2", "a", "--", "--n", "5"}, []string{"a", "--n", "5"}, 2},
		{nil, nil, 0},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		n := fs.Int("n", 0, "")
		got, err := ParseAnywhere(fs, tc.args)
		if err != nil || !slices.Equal(got, tc.want) || *n != tc.n {
			t.Errorf("ParseAnywhere(%q) = %q, n %d, %v; want %q, n %d", tc.args, got, *n, err, tc.want, tc.n)
		}
	}
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if _, err := ParseAnywhere(fs, []string{"--nope"}); !errors.Is(err, ErrUsage) {
		t.Errorf("an unknown flag gives %v, want ErrUsage", err)
	}
}

func TestBotFlagsTiming(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	var f BotFlags
	f.Register(fs)
	if err := fs.Parse([]string{"--movetime", "200ms", "--scale", "0.5", "--size", "5x10"}); err != nil {
		t.Fatal(err)
	}
	if got := f.Timing(bot.Hard, 0).MoveTime; got != 100*time.Millisecond {
		t.Errorf("200ms scaled by 0.5 = %v", got)
	}
	if got := f.Timing(bot.Hard, time.Second).MoveTime; got != 500*time.Millisecond {
		t.Errorf("a bot's own 1s scaled by 0.5 = %v", got)
	}
	if f.Size.Size.String() != "5x10" {
		t.Errorf("--size 5x10 read as %v", f.Size.Size)
	}
}
