package game

import (
	"fmt"
	"strings"

	"gygy/engine/gyges"
	"gygy/engine/gyre"
)

// Kind says which of the two games is played.
type Kind int8

// The games.
const (
	GYRE Kind = iota
	Gyges
)

// String returns the game's name on the wire: "gyre" or "gyges".
func (k Kind) String() string {
	if k == Gyges {
		return "gyges"
	}
	return "gyre"
}

// Title returns the game's name for people: "GYRE" or "Gygès".
func (k Kind) Title() string {
	if k == Gyges {
		return "Gygès"
	}
	return "GYRE"
}

// ParseKind reads a name written by Kind.String.
func ParseKind(s string) (Kind, error) {
	switch s {
	case "gyre":
		return GYRE, nil
	case "gyges":
		return Gyges, nil
	}
	return GYRE, fmt.Errorf("game: unknown game %.20q (want gyre or gyges)", s)
}

// MarshalText writes the kind as Kind.String does, for JSON.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads what MarshalText wrote.
func (k *Kind) UnmarshalText(b []byte) error {
	v, err := ParseKind(string(b))
	if err != nil {
		return err
	}
	*k = v
	return nil
}

// Spec is a game before its first action: which game, and for GYRE the
// board size and the swap rule (the plain one, none, or `opening K`), for
// Gygès whether pieces may be replaced. Its text form is the first line of
// the game's record: "GYRE 7x14", "GYRE 5x10 noswap", "GYRE 7x14 opening3",
// "GYGES", "GYGES nodisplace".
type Spec struct {
	Kind  Kind
	Size  gyre.Size     // GYRE only
	Gyre  gyre.Variant  // GYRE only
	Gyges gyges.Variant // Gygès only
}

// Standard is the standard board of each game: GYRE 7 × 14, with the swap;
// Gygès with replacing.
func Standard(k Kind) Spec {
	if k == Gyges {
		return Spec{Kind: Gyges}
	}
	return Spec{Kind: GYRE, Size: gyre.Size{Rings: 7, Cols: 14}}
}

// String writes the spec as the header line of the game's record.
func (s Spec) String() string {
	if s.Kind == Gyges {
		if s.Gyges != gyges.Standard {
			return "GYGES " + s.Gyges.String()
		}
		return "GYGES"
	}
	text := "GYRE " + s.Size.String()
	if s.Gyre != gyre.Classic {
		text += " " + s.Gyre.String()
	}
	return text
}

// ParseSpec reads a spec written by Spec.String (fields may be separated
// by any white space) and checks it.
func ParseSpec(text string) (Spec, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return Spec{}, fmt.Errorf("game: empty game header, want e.g. \"GYRE 7x14\" or \"GYGES\"")
	}
	var s Spec
	switch {
	case f[0] == "GYRE" && (len(f) == 2 || len(f) == 3 || len(f) == 4 && f[2] == "opening"):
		size, err := gyre.ParseSize(f[1])
		if err != nil {
			return Spec{}, fmt.Errorf("game: header %.40q: %w", text, err)
		}
		s = Spec{Kind: GYRE, Size: size}
		if len(f) > 2 {
			v, err := gyre.ParseVariant(strings.Join(f[2:], ""))
			if err != nil {
				return Spec{}, fmt.Errorf("game: header %.40q: unknown GYRE variant %.20q (want noswap, gyrefirst or openingK such as opening3)", text, strings.Join(f[2:], " "))
			}
			s.Gyre = v
		}
	case f[0] == "GYGES" && len(f) <= 2:
		s = Spec{Kind: Gyges}
		if len(f) == 2 {
			v, err := gyges.ParseVariant(f[1])
			if err != nil || v == gyges.Standard {
				return Spec{}, fmt.Errorf("game: header %.40q: unknown Gygès variant %.20q", text, f[1])
			}
			s.Gyges = v
		}
	default:
		return Spec{}, fmt.Errorf("game: header %.40q, want e.g. \"GYRE 7x14\", \"GYRE 5x10 noswap\", \"GYGES\" or \"GYGES nodisplace\"", text)
	}
	return s, s.Valid()
}

// SpecOf builds a spec from its three fields as an online game's hello
// carries them: the kind ("gyre" or "gyges"), the GYRE size ("7x14") and
// the variant ("", "noswap", "gyrefirst" or "openingK" such as "opening3" for GYRE;
// "", "standard" or "nodisplace" for Gygès).
func SpecOf(kind, size, variant string) (Spec, error) {
	k, err := ParseKind(kind)
	if err != nil {
		return Spec{}, err
	}
	var s Spec
	if k == Gyges {
		if size != "" {
			return Spec{}, fmt.Errorf("game: Gygès has one size, not %.20q", size)
		}
		v, err := gyges.ParseVariant(variant)
		if err != nil {
			return Spec{}, err
		}
		s = Spec{Kind: Gyges, Gyges: v}
	} else {
		sz, err := gyre.ParseSize(size)
		if err != nil {
			return Spec{}, err
		}
		v, err := gyre.ParseVariant(variant)
		if err != nil {
			return Spec{}, fmt.Errorf("game: %w", err)
		}
		s = Spec{Kind: GYRE, Size: sz, Gyre: v}
	}
	return s, s.Valid()
}

// SizeText is the GYRE size as SpecOf reads it ("7x14"), "" for Gygès.
func (s Spec) SizeText() string {
	if s.Kind == Gyges {
		return ""
	}
	return s.Size.String()
}

// Variant is the rule variant as SpecOf reads it: "", "noswap", "gyrefirst" or
// "opening3" for GYRE, "standard" or "nodisplace" for Gygès.
func (s Spec) Variant() string {
	if s.Kind == Gyges {
		return s.Gyges.String()
	}
	return s.Gyre.String()
}

// Valid checks the spec: a known game, and for GYRE a board size the
// rules allow and a variant that fits it (an opening's K below the
// column count).
func (s Spec) Valid() error {
	switch s.Kind {
	case GYRE:
		if err := s.Size.Valid(); err != nil {
			return fmt.Errorf("game: %w", err)
		}
		if err := s.Gyre.Fits(s.Size); err != nil {
			return fmt.Errorf("game: %w", err)
		}
	case Gyges:
		if s.Gyges != gyges.Standard && s.Gyges != gyges.NoDisplace {
			return fmt.Errorf("game: unknown Gygès variant %d", s.Gyges)
		}
	default:
		return fmt.Errorf("game: unknown game %d", s.Kind)
	}
	return nil
}

// New starts a game of this spec.
func (s Spec) New() (Game, error) {
	if err := s.Valid(); err != nil {
		return nil, err
	}
	if s.Kind == Gyges {
		return FromGyges(gyges.NewGame(s.Gyges)), nil
	}
	g, err := gyre.NewGame(s.Size, s.Gyre)
	if err != nil {
		return nil, err
	}
	return FromGyre(g), nil
}
