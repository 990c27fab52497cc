package board

import (
	"fmt"
	"strings"

	"gygy/engine/gyges"
)

// stepTime is how long the animation spends on one step of a path.
const stepTime = 170

// keyframes writes the CSS animation of the last move, named "gy-"+name:
// the piece travels the witness path step by step from its start to where
// it now stands, swelling a little where it bounces; a displaced piece
// then slides to its drop. The stylesheet turns both off for a person who
// asks for reduced motion.
func keyframes(geo gygesGeometry, name string, last gyges.Move, path gyges.Path, mover gyges.Side) string {
	if len(path) < 2 {
		return ""
	}
	pts := pathPoints(geo, path, mover)
	end := pts[len(pts)-1]
	n := len(pts) - 1
	var sb strings.Builder
	name = "gy-" + name
	fmt.Fprintf(&sb, "@keyframes %s {", name)
	for i, p := range pts {
		scale := 1.12
		if path[i].Bounce {
			scale = 1.28
		}
		if i == n {
			scale = 1
		}
		fmt.Fprintf(&sb, " %.1f%% { transform: translate(%spx, %spx) scale(%.2f); }", 100*float64(i)/float64(n), f3(p.x-end.x), f3(p.y-end.y), scale)
	}
	sb.WriteString(" }\n")
	moveMS := stepTime * n
	fmt.Fprintf(&sb, ".gyges-board .anim-move { animation: %s %dms ease-in-out; transform-box: fill-box; transform-origin: center; }\n", name, moveMS)
	if last.IsReplace() {
		from, to := geo.at(last.To), geo.at(last.Drop)
		fmt.Fprintf(&sb, "@keyframes %s-d { 0%% { transform: translate(%spx, %spx) scale(1.15); } 100%% { transform: none; } }\n",
			name, f3(from.x-to.x), f3(from.y-to.y))
		fmt.Fprintf(&sb, ".gyges-board .anim-drop { animation: %s-d 380ms ease-out %dms backwards; transform-box: fill-box; transform-origin: center; }\n", name, moveMS)
	}
	return sb.String()
}
