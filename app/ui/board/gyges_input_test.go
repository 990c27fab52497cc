package board

import (
	"fmt"
	"strings"
	"testing"

	"gygy/engine/game"
	"gygy/engine/gyges"
)

// inputRig drives a gygesInput as the board does, by a script of steps in
// the board's terms, and records the actions it emits. The steps:
//
//	down X, move X, up X   a pointer pressed, moved to, released over X
//	tap X                  down X then up X
//	drag X Y               down X, move halfway and to Y, up Y
//	focus X                the keyboard focus lands on X
//	key K                  key K (Enter, Space, ArrowUp, g, Escape, 3…)
//
// where X is a square ("c1"), a goal ("goal-n", "goal-s"), a tray slot
// ("tray-0" … "tray-5") or "off" (beside the board).
type inputRig struct {
	t       *testing.T
	o       gygesOffer
	geo     gygesGeometry
	in      gygesInput
	focus   gyges.Square
	actions []string
}

func newRig(t *testing.T, pos string, setting, flip bool) *inputRig {
	t.Helper()
	p, err := gyges.ParsePosition(pos)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", pos, err)
	}
	o := gygesOffer{live: true, setting: setting, side: p.Side(), pos: p}
	if !setting {
		o.dests = p.Dests()
	}
	r := &inputRig{t: t, o: o, geo: gygesGeometry{flip: flip, setting: setting}, in: newGygesInput(), focus: gyges.NoSquare}
	r.in.syncDraft(p.Side().String() + p.String())
	return r
}

// at returns the point of a script's place name.
func (r *inputRig) at(name string) point {
	r.t.Helper()
	switch {
	case name == "off":
		return point{-60, 300}
	case name == "goal-n", name == "goal-s":
		sd := gyges.North
		if name == "goal-s" {
			sd = gyges.South
		}
		return point{3 * sq, r.geo.goalY(sd) + goalDepth/2}
	case strings.HasPrefix(name, "tray-"):
		return traySlot(int(name[len(name)-1] - '0'))
	}
	s, err := gyges.ParseSquare(name)
	if err != nil {
		r.t.Fatalf("script: %v", err)
	}
	return r.geo.at(s)
}

func (r *inputRig) emit(action game.Action) {
	if action != nil {
		r.actions = append(r.actions, fmt.Sprint(action))
	}
}

// run plays a script: steps separated by ";".
func (r *inputRig) run(script string) {
	r.t.Helper()
	for _, step := range strings.Split(script, ";") {
		f := strings.Fields(step)
		if len(f) < 2 {
			r.t.Fatalf("script step %q", step)
		}
		switch f[0] {
		case "down":
			p := r.at(f[1])
			r.in.press(r.o, r.geo.hitAt(p), p)
		case "move":
			r.in.travel(r.at(f[1]))
		case "up":
			r.emit(r.in.release(r.o, r.geo.hitAt(r.at(f[1]))))
		case "tap":
			r.run("down " + f[1] + "; up " + f[1])
		case "drag":
			a, b := r.at(f[1]), r.at(f[2])
			r.in.press(r.o, r.geo.hitAt(a), a)
			r.in.travel(point{(a.x + b.x) / 2, (a.y + b.y) / 2})
			r.in.travel(b)
			r.emit(r.in.release(r.o, r.geo.hitAt(b)))
		case "focus":
			s, err := gyges.ParseSquare(f[1])
			if err != nil {
				r.t.Fatalf("script: %v", err)
			}
			r.focus = s
			r.in.cursor = int(s) + 1
		case "key":
			k := f[1]
			if k == "Space" {
				k = " "
			}
			res := r.in.key(r.o, r.geo, r.focus, k)
			r.emit(res.action)
			if res.focus != gyges.NoSquare {
				r.focus = res.focus
			}
		default:
			r.t.Fatalf("script step %q", step)
		}
	}
}

// start is the position after the setups 321123 and 231132, South to
// move: every piece of row 1 may move; a1 may end on c2, b3 or a4 and
// replace b1; c1 and d1 may replace their neighbours.
const start = "321123/....../....../....../....../231132 S"

func TestGygesInputMoves(t *testing.T) {
	tests := []struct {
		name        string
		pos         string
		flip        bool
		script      string
		wantActions string // the actions emitted, space-separated
		wantSel     string // the picked piece, "" for none
		wantReplace string // the square a replace waits on, "" for none
		wantReason  string // a part of the refusal shown, "" for none
	}{
		{"a tap picks a piece", start, false, "tap c1", "", "c1", "", ""},
		{"a second tap puts it down", start, false, "tap c1; tap c1", "", "", "", ""},
		{"a tap on an empty square says to pick a piece", start, false, "tap c3", "", "", "", "c3 is empty: pick a piece in row 1"},
		{"a tap on a piece outside the active row says why", "3.1123/.2..../....../....../....../231132 S", false, "tap b2", "", "", "", "only a piece in row 1"},
		{"a tap then a target moves", start, false, "tap a1; tap a4", "a1-a4", "", "", ""},
		{"a drag onto a target moves", start, false, "drag a1 a4", "a1-a4", "", "", ""},
		{"flipped, the same drag", start, true, "drag a1 a4", "a1-a4", "", "", ""},
		{"a drag back home keeps it picked", start, false, "down a1; move a4; move a1; up a1", "", "a1", "", ""},
		{"a drag onto a square it cannot end on goes to the session", start, false, "drag a1 a3", "a1-a3", "", "", ""},
		{"a tap on such a square is refused, the piece held", start, false, "tap a1; tap a5", "", "a1", "", "The 3 on a1 cannot end on a5"},
		{"Enter on such a square is refused too", start, false, "focus a1; key Enter; key ArrowUp; key ArrowUp; key ArrowUp; key ArrowUp; key Enter", "", "a1", "", "cannot end on a5"},
		{"a drag off the board puts it back", start, false, "drag a1 off", "", "", "", ""},
		{"a drag into its own side's goal puts it back", start, false, "drag a1 goal-s", "", "", "", ""},
		{"a drag into the opponent's goal goes to the session", start, false, "drag a1 goal-n", "a1-G", "", "", ""},
		{"flipped, the opponent's goal is drawn at the bottom", start, true, "drag a1 goal-n", "a1-G", "", "", ""},
		{"a drag onto a piece it may replace waits for the drop", start, false, "drag a1 b1", "", "a1", "b1", ""},
		{"then a tap on a drop square replaces", start, false, "drag a1 b1; tap c3", "a1-b1:c3", "", "", ""},
		{"a tap on a square that cannot take the piece is refused", start, false, "drag a1 b1; tap a6", "", "a1", "b1", "cannot go on a6"},
		{"a tap beside the board does nothing then", start, false, "drag a1 b1; tap off", "", "a1", "b1", ""},
		{"Escape cancels the replace", start, false, "drag a1 b1; key Escape", "", "", "", ""},
		{"a press alone decides nothing", start, false, "tap c1; down d1", "", "c1", "", ""},
		{"a pointer's tap on a piece it may replace replaces it", start, false, "tap c1; tap d1", "", "c1", "d1", ""},
		{"then a tap on a drop square completes it", start, false, "tap c1; tap d1; tap d3", "c1-d1:d3", "", "", ""},
		{"a tap on a1 then on b1, which it may replace, waits for the drop", start, false, "tap a1; tap b1; tap c3", "a1-b1:c3", "", "", ""},
		{"to pick the other piece, put the first down", start, false, "tap c1; tap c1; tap d1", "", "d1", "", ""},
		{"a drag from another piece carries that piece", start, false, "tap c1; drag d1 d2", "d1-d2", "", "", ""},
		{"a drag from a piece it could replace carries that piece", start, false, "tap c1; drag d1 f2", "d1-f2", "", "", ""},
		{"a drag onto a piece it may replace in its row replaces", start, false, "drag c1 d1; tap d3", "c1-d1:d3", "", "", ""},
		{"Enter picks and puts down", start, false, "focus a1; key Enter; key ArrowUp; key ArrowUp; key ArrowUp; key Enter", "a1-a4", "", "", ""},
		{"Space is Enter", start, false, "focus a1; key Space; key ArrowRight; key ArrowUp; key ArrowUp; key Space", "a1-b3", "", "", ""},
		{"flipped, the arrows go as the board is seen", start, true, "focus a1; key Enter; key ArrowDown; key ArrowDown; key ArrowDown; key Enter", "a1-a4", "", "", ""},
		{"an arrow off the edge stays", start, false, "focus a1; key ArrowLeft; key ArrowDown; key Enter", "", "a1", "", ""},
		{"Enter on the picked piece puts it down", start, false, "focus c1; key Enter; key Enter", "", "", "", ""},
		{"Enter on a piece it could replace replaces it", start, false, "focus c1; key Enter; key ArrowRight; key Enter", "", "c1", "d1", ""},
		{"then Enter on a drop square", start, false, "focus c1; key Enter; key ArrowRight; key Enter; key ArrowUp; key ArrowUp; key Enter", "c1-d1:d3", "", "", ""},
		{"Enter on a square that cannot take the piece is refused", start, false, "focus a1; key Enter; key ArrowRight; key Enter; key ArrowUp; key ArrowUp; key ArrowUp; key ArrowUp; key ArrowUp; key Enter", "", "a1", "b1", "cannot go on b6"},
		{"G enters the opponent's goal", start, false, "tap a1; key g", "a1-G", "", "", ""},
		{"G with nothing picked does nothing", start, false, "focus a1; key G", "", "", "", ""},
		{"Escape puts the picked piece back", start, false, "tap a1; key Escape", "", "", "", ""},
		{"a digit outside a setup does nothing", start, false, "tap a1; key 3", "", "a1", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRig(t, tt.pos, false, tt.flip)
			r.run(tt.script)
			if got := strings.Join(r.actions, " "); got != tt.wantActions {
				t.Errorf("actions = %q, want %q", got, tt.wantActions)
			}
			if got := squareName(r.in.sel); got != tt.wantSel {
				t.Errorf("picked = %q, want %q", got, tt.wantSel)
			}
			if got := squareName(r.in.replaceTo); got != tt.wantReplace {
				t.Errorf("replace waits on %q, want %q", got, tt.wantReplace)
			}
			if got := r.in.refusal(); tt.wantReason == "" && got != "" || !strings.Contains(got, tt.wantReason) {
				t.Errorf("refusal = %q, want %q", got, tt.wantReason)
			}
			if held := strings.Contains(tt.script, "down") && !strings.Contains(tt.script, "up"); held != r.in.down || held != (r.in.grab != gyges.NoSquare) {
				t.Errorf("after the script a pointer is still held: down %v, grab %v", r.in.down, r.in.grab)
			}
		})
	}
}

func squareName(s gyges.Square) string {
	if s == gyges.NoSquare {
		return ""
	}
	return s.String()
}

// While a pointer is down on a piece, that piece is drawn picked, but the
// press decides nothing: the release does.
func TestGygesInputPressShowsWhatItHolds(t *testing.T) {
	r := newRig(t, start, false, false)
	r.run("tap c1; down d1")
	if got := r.in.picked(); got.String() != "d1" {
		t.Errorf("while pressed on d1, drawn picked = %v, want d1", got)
	}
	if r.in.sel.String() != "c1" {
		t.Errorf("while pressed on d1, picked = %v, want still c1", r.in.sel)
	}
	r.run("move d2")
	if r.in.sel.String() != "d1" {
		t.Errorf("once dragged, picked = %v, want d1", r.in.sel)
	}
	r.in.cancel(r.o)
	if r.in.down || r.in.sel.String() != "d1" {
		t.Errorf("after a cancelled drag: down %v, picked %v, want up and d1", r.in.down, r.in.sel)
	}
}

// A press that travels less than dragMin is a tap.
func TestGygesInputSmallMoveIsATap(t *testing.T) {
	r := newRig(t, start, false, false)
	p := r.geo.at(gyges.SquareAt(0, 0))
	r.in.press(r.o, r.geo.hitAt(p), p)
	if _, _, dragging, _ := r.in.travel(point{p.x + dragMin/2, p.y}); dragging {
		t.Errorf("a move of %v counts as a drag", dragMin/2)
	}
	r.emit(r.in.release(r.o, r.geo.hitAt(p)))
	if r.in.sel != gyges.SquareAt(0, 0) || len(r.actions) > 0 {
		t.Errorf("after a small move: picked %v, actions %q; want a1 picked, none", r.in.sel, r.actions)
	}
}

// The board offers only what the props allow: nothing when no person may
// act, and the move that stays where it stands only where Dests has it.
func TestGygesInputOffersOnlyTheProps(t *testing.T) {
	r := newRig(t, start, false, false)
	r.o.live = false
	r.run("tap a1; drag b1 b3; focus a1; key Enter")
	if len(r.actions) > 0 || r.in.sel != gyges.NoSquare {
		t.Errorf("not live: actions %q, picked %v; want none", r.actions, r.in.sel)
	}

	a1, a2 := gyges.SquareAt(0, 0), gyges.SquareAt(0, 1)
	r = newRig(t, start, false, false)
	r.o.dests = gyges.Dests{Row: 0, Pieces: []gyges.PieceDests{
		{PieceTargets: gyges.PieceTargets{From: a1, Targets: gyges.Targets{Empty: 1<<a1 | 1<<a2}}},
	}}
	r.run("tap b1")
	if r.in.sel != gyges.NoSquare {
		t.Errorf("b1 is not in Dests but was picked")
	}
	r.run("tap a1")
	if !r.in.canStay(r.o) {
		t.Errorf("a1 may end on a1 but the stay is not offered")
	}
	r.emit(r.in.stay(r.o))
	if got := strings.Join(r.actions, " "); got != "a1-a1" {
		t.Errorf("stay = %q, want a1-a1", got)
	}
	r.run("tap a1; down a1")
	if r.in.canStay(r.o) {
		t.Errorf("the stay is offered while a pointer is down: the board would change size under the hand")
	}
}

func TestGygesInputSetup(t *testing.T) {
	const empty = "....../....../....../....../....../...... S"
	const north = "321123/....../....../....../....../...... N"
	tests := []struct {
		name      string
		pos       string
		flip      bool
		script    string
		wantDraft string // the draft as a layout, 0 for an empty column
		wantTray  string // the sizes left in the tray
	}{
		{"a tray piece dragged onto the home row", empty, false, "drag tray-0 a1", "100000", "12233"},
		{"the tray is listed smallest first", empty, false, "drag tray-5 f1", "000003", "11223"},
		{"a tray piece tapped, then a square", empty, false, "tap tray-3; tap c1", "002000", "11233"},
		{"a tray piece dropped elsewhere goes back", empty, false, "drag tray-0 c3", "000000", "112233"},
		{"a tray piece dropped onto a placed piece takes its place", empty, false, "drag tray-5 a1; drag tray-0 a1", "100000", "12233"},
		{"a placed piece tapped goes back", empty, false, "drag tray-0 a1; tap a1", "000000", "112233"},
		{"a placed piece dragged onto another swaps", empty, false, "drag tray-0 a1; drag tray-4 b1; drag a1 b1", "310000", "1223"},
		{"a placed piece dragged onto an empty home square moves", empty, false, "drag tray-0 a1; drag a1 e1", "000010", "12233"},
		{"a placed piece dragged off the board goes back", empty, false, "drag tray-0 a1; drag a1 off", "000000", "112233"},
		{"a placed piece dragged to the tray goes back", empty, false, "drag tray-0 a1; drag a1 tray-2", "000000", "112233"},
		{"digits place pieces", empty, false, "focus a1; key 3; key ArrowRight; key 2; key ArrowRight; key 1", "321000", "123"},
		{"a digit with none left in the tray places nothing", empty, false, "focus a1; key 3; key ArrowRight; key 3; key ArrowRight; key 3", "330000", "1122"},
		{"a digit may take the piece it replaces", empty, false, "focus a1; key 3; key ArrowRight; key 3; key 3", "330000", "1122"},
		{"0 and Delete take back", empty, false, "focus a1; key 3; key ArrowRight; key 2; key 0; key ArrowLeft; key Delete", "000000", "112233"},
		{"digits off the home row do nothing", empty, false, "focus a2; key 3", "000000", "112233"},
		{"North sets up row 6", north, true, "drag tray-0 a6; focus b6; key 3", "130000", "1223"},
		{"North, digits on row 1 do nothing", north, true, "focus a1; key 3", "000000", "112233"},
		{"flipped, the arrows go as the board is seen", north, true, "focus f6; key 1; key ArrowRight; key 2", "000021", "1233"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRig(t, tt.pos, true, tt.flip)
			r.run(tt.script)
			if got := draftString(r.in.draft); got != tt.wantDraft {
				t.Errorf("draft = %s, want %s", got, tt.wantDraft)
			}
			var tray strings.Builder
			for _, size := range r.in.reserveLeft() {
				tray.WriteByte('0' + byte(size))
			}
			if got := tray.String(); got != tt.wantTray {
				t.Errorf("tray = %q, want %q", got, tt.wantTray)
			}
			if len(r.actions) > 0 {
				t.Errorf("a setup step emitted %q", r.actions)
			}
		})
	}
}

func draftString(l gyges.Layout) string {
	b := make([]byte, len(l))
	for i, size := range l {
		b[i] = '0' + byte(size)
	}
	return string(b)
}

// The setup is confirmed only once the tray is empty, and a new setup
// starts from an empty draft.
func TestGygesInputSetupConfirm(t *testing.T) {
	r := newRig(t, "....../....../....../....../....../...... S", true, false)
	r.run("focus a1; key 3; key ArrowRight; key 2; key ArrowRight; key 1; key ArrowRight; key 1; key ArrowRight; key 2")
	if got := r.in.confirm(); got != nil {
		t.Errorf("confirm with a piece in the tray = %q, want nothing", got)
	}
	r.run("key ArrowRight; key 3")
	if got := fmt.Sprint(r.in.confirm()); got != "321123" {
		t.Errorf("confirm = %q, want 321123", got)
	}
	l, _ := gyges.ParseLayout("231132")
	r.in.useLayout(l)
	if got := fmt.Sprint(r.in.confirm()); got != "231132" {
		t.Errorf("confirm after a ready layout = %q, want 231132", got)
	}
	r.in.clearDraft()
	if got := r.in.confirm(); got != nil {
		t.Errorf("confirm after Clear = %q, want nothing", got)
	}
	r.in.useLayout(l)
	r.in.syncDraft("North" + "231132/....../....../....../....../...... N")
	if r.in.draft != (gyges.Layout{}) {
		t.Errorf("a new setup starts from the draft %v, want an empty one", r.in.draft)
	}
}
