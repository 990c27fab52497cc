package pair_test

import (
	"fmt"
	"net/netip"

	"gygy/app/pair"
)

// An offer becomes text for a QR code or to read out, and the other
// device reads it back; an answer is checked against the offer it answers.
func Example() {
	offer := pair.Code{
		Kind:        pair.Offer,
		Ufrag:       "Xq7b",
		Pwd:         "a1B2c3D4e5F6g7H8i9J0kLmN",
		Fingerprint: [32]byte{0xde, 0xad, 0xbe, 0xef},
		Candidates: []pair.Candidate{
			{Name: "7f3c2a1e-9b4d-4c8e-a2f1-0d6b5e4c3a29.local", Port: 51234},
			{Addr: netip.MustParseAddr("192.168.1.20"), Port: 51235},
		},
	}
	text := offer.String()
	fmt.Println(len(text), "characters")
	fmt.Println(pair.Group(text, 5)[:23], "…")

	got, err := pair.ParseOffer(text)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(got.Candidates[0], got.Candidates[1])

	answer := pair.Code{Kind: pair.Answer, Ufrag: "Yy9z", Pwd: "0123456789abcdefABCDEF++",
		OfferTag: got.Tag(), Candidates: []pair.Candidate{{Addr: netip.MustParseAddr("192.168.1.21"), Port: 40000}}}
	_, err = pair.ParseAnswer(answer.String(), got)
	fmt.Println("answer fits the offer:", err == nil)
	_, err = pair.ParseAnswer(offer.String(), got)
	fmt.Println(err)
	// Output:
	// 138 characters
	// AEBAE XVO3N VVA5T TOD4H …
	// 7f3c2a1e-9b4d-4c8e-a2f1-0d6b5e4c3a29.local:51234 192.168.1.20:51235
	// answer fits the offer: true
	// pair: the wrong kind of code: this is an offer, and the answer from the other device is needed here
}
