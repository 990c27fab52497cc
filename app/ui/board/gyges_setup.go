package board

import (
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gygy/app/ui/lang"
	"gygy/engine/game"
	"gygy/engine/gyges"
)

// A setup: the person arranges the engine's piece set (gyges.PieceSet) on
// their home row (gyges.Side.HomeRow) by dragging pieces from the tray,
// by tapping a tray piece and then a square, by digits, or with a ready
// layout; the board emits the layout once the tray is empty. The engine
// checks it.

// syncDraft starts the draft when a new setup begins: the one kept for it
// before a reload (gyges_draft.go), else an empty one; key names the
// setup (the side and the position so far).
func (in *gygesInput) syncDraft(key string) {
	if key != in.draftKey {
		in.draftKey, in.draft, in.reserve, in.slot = key, gyges.Layout{}, 0, -1
		if l, ok := loadDraft(key); ok && in.validDraft(l) {
			in.draft = l
		}
	}
}

// validDraft reports whether l could be a draft: pieces of the set only.
func (in *gygesInput) validDraft(l gyges.Layout) bool {
	set := gyges.PieceSet()
	for _, size := range l {
		if size == 0 {
			continue
		}
		i := slices.Index(set[:], size)
		if i < 0 {
			return false
		}
		set[i] = 0
	}
	return true
}

// keepDraft keeps the draft across a reload.
func (in *gygesInput) keepDraft() { saveDraft(in.draftKey, in.draft) }

// reserveLeft lists the sizes of the piece set not yet on the draft,
// smallest first: the tray.
func (in *gygesInput) reserveLeft() []int {
	placed := in.draft
	var left []int
	for _, size := range gyges.PieceSet() {
		if i := slices.Index(placed[:], size); i >= 0 {
			placed[i] = 0
			continue
		}
		left = append(left, int(size))
	}
	return left
}

// place puts a piece of the given size on column col of the home row, if
// the tray still holds one once the piece there is back in it; size 0
// takes the piece there back.
func (in *gygesInput) place(col, size int) {
	in.draft[col] = 0
	if size > 0 && slices.Contains(in.reserveLeft(), size) {
		in.draft[col] = int8(size)
	}
}

// setupPress starts a press in a setup: on a tray piece, which it picks,
// or on a placed piece while no tray piece is picked. It reports whether
// the press holds a piece.
func (in *gygesInput) setupPress(o gygesOffer, h hit) bool {
	switch {
	case h.tray > 0:
		left := in.reserveLeft()
		if h.tray <= len(left) {
			in.reserve, in.slot = left[h.tray-1], -1
			return true
		}
	case h.square != gyges.NoSquare && h.square.Row() == o.home() && in.draft[h.square.Col()] > 0 && in.reserve == 0:
		in.slot = h.square.Col()
		return true
	}
	return false
}

// setupRelease ends a press in a setup on h: a tray piece goes onto the
// home square under it (the piece there goes back to the tray); a placed
// piece moves to another home square (swapping), or back to the tray when
// dropped off the board or tapped.
func (in *gygesInput) setupRelease(o gygesOffer, h hit) {
	dragged := in.down && in.moved
	in.down, in.moved = false, false
	onHome := h.square != gyges.NoSquare && h.square.Row() == o.home()
	switch {
	case in.slot >= 0:
		from := in.slot
		in.slot = -1
		switch {
		case !dragged:
			in.draft[from] = 0
		case onHome:
			to := h.square.Col()
			in.draft[from], in.draft[to] = in.draft[to], in.draft[from]
		case h.tray > 0 || h.square == gyges.NoSquare:
			in.draft[from] = 0
		}
	case in.reserve > 0 && onHome:
		// A tray piece dragged there, or picked and then a square tapped.
		in.place(h.square.Col(), in.reserve)
		in.reserve = 0
	case in.reserve > 0 && dragged:
		in.reserve = 0 // dropped elsewhere: back to the tray
	}
}

// useLayout takes a ready layout as the draft.
func (in *gygesInput) useLayout(l gyges.Layout) { in.draft, in.reserve = l, 0 }

// clearDraft puts every piece back in the tray.
func (in *gygesInput) clearDraft() { in.draft, in.reserve = gyges.Layout{}, 0 }

// confirm is the setup's action once the tray is empty, else nil.
func (in *gygesInput) confirm() game.Action {
	if len(in.reserveLeft()) > 0 {
		return nil
	}
	return in.draft
}

// tray draws the reserve during a setup: the pieces not yet on the home
// row, to drag or tap onto it.
func (b *GygesBoard) tray() app.UI {
	if !b.Setting || !b.Live {
		return SVG("g").Class("tray-none")
	}
	left := b.in.reserveLeft()
	body := []app.UI{SVG("rect").Class("tray-bg").Attr("x", "0").Attr("y", f3(trayTop)).
		Attr("width", f3(6*sq)).Attr("height", f3(sq)).Attr("rx", "18")}
	for i, size := range left {
		class := []string{"piece", "reserve"}
		if b.in.reserve == size && (i == 0 || left[i-1] != size) {
			class = append(class, "lifted")
		}
		body = append(body, piece(size, traySlot(i), "tray-"+strconv.Itoa(i), class...))
	}
	return SVG("g").ID("tray").Class("tray").Body(body...)
}

// setupTools draws what goes under the board in a setup: the help, the
// ready layouts and the confirm button.
func (b *GygesBoard) setupTools() []app.UI {
	full := len(b.in.reserveLeft()) == 0
	buttons := []app.UI{app.Span().Class("legend").Text(lang.T("board.setup.ready"))}
	for _, l := range gyges.BeginnerLayouts() {
		buttons = append(buttons, app.Button().ID("layout-"+l.String()).Class("layout").Text(l.String()).
			Aria("label", lang.T("board.setup.use_layout", "layout", l.String())).
			OnClick(func(ctx app.Context, e app.Event) { b.in.useLayout(l); b.in.keepDraft() }, app.EventScope(l.String())))
	}
	return []app.UI{
		app.P().ID("setup-help").Class("help").Text(lang.T("board.setup.help", "row", b.Side.HomeRow()+1)),
		app.Div().Class("layouts").Body(buttons...),
		app.Div().Class("setup-actions").Body(
			app.Button().ID("setup-clear").Text(lang.T("board.setup.clear")).Disabled(b.in.draft == gyges.Layout{}).
				OnClick(func(ctx app.Context, e app.Event) { b.in.clearDraft(); b.in.keepDraft() }),
			app.Button().ID("setup-confirm").Class("primary").Text(lang.T("board.setup.confirm")).Disabled(!full).
				OnClick(func(ctx app.Context, e app.Event) {
					if action := b.in.confirm(); action != nil {
						saveDraft(b.in.draftKey, gyges.Layout{}) // confirmed: nothing to keep
						b.emit(ctx, action)
					}
				}),
		),
	}
}
