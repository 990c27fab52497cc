package knobs

import (
	"testing"

	"gygy/engine/bot"
	"gygy/engine/search"
)

// Knowledge reads the SPOKE/GYRE letters and refuses anything else.
func TestKnowledge(t *testing.T) {
	k, err := Knowledge("pr/l")
	if want := [2]bot.Knowledge{{Priors: true, Replies: true}, {Learned: true}}; err != nil || k != want {
		t.Errorf("Knowledge(pr/l) = %+v, %v; want %+v", k, err, want)
	}
	if k, err := Knowledge("-/-"); err != nil || k != [2]bot.Knowledge{} {
		t.Errorf("Knowledge(-/-) = %+v, %v; want none", k, err)
	}
	for _, bad := range []string{"", "pr", "p/r/l", "px/-", "P/-"} {
		if _, err := Knowledge(bad); err == nil {
			t.Errorf("Knowledge(%q): no error", bad)
		}
	}
}

// Priors reads four numbers and refuses anything else.
func TestPriors(t *testing.T) {
	p, err := Priors("0.2, 0.2,0.1,0.3")
	if want := [2]bot.PriorTerms{{Own: 0.2, Cut: 0.2}, {Own: 0.1, Cut: 0.3}}; err != nil || p != want {
		t.Errorf("Priors = %+v, %v; want %+v", p, err, want)
	}
	for _, bad := range []string{"", "1,2,3", "1,2,3,4,5", "1,x,3,4", "1,NaN,3,4"} {
		if _, err := Priors(bad); err == nil {
			t.Errorf("Priors(%q): no error", bad)
		}
	}
}

// Search applies each named change and refuses an unknown one.
func TestSearch(t *testing.T) {
	cfg := search.ABConfig{Reduce: true, NullMove: true, NullReduce: 4, Aspiration: 500}
	if err := Search(&cfg, "noreduce,null3,asp200"); err != nil {
		t.Fatal(err)
	}
	if want := (search.ABConfig{NullMove: true, NullReduce: 3, Aspiration: 200}); cfg.Reduce || cfg.NullReduce != want.NullReduce || cfg.Aspiration != want.Aspiration {
		t.Errorf("Search(noreduce,null3,asp200) = %+v", cfg)
	}
	if err := Search(&cfg, ""); err != nil {
		t.Errorf("Search(\"\") = %v, want no change", err)
	}
	if err := Search(&cfg, "noreduce,fast"); err == nil {
		t.Error("Search(noreduce,fast): no error")
	}
}
