package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"gygy/app/printable"
	"gygy/engine/gyre"
)

// sizeList is a repeatable --size flag.
type sizeList []gyre.Size

func (l *sizeList) String() string { return fmt.Sprint(*l) }
func (l *sizeList) Set(s string) error {
	size, err := gyre.ParseSize(s)
	if err == nil {
		*l = append(*l, size)
	}
	return err
}

func runBoards(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gygy boards", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "boards", "folder to write the SVG files into")
	paper := fs.String("paper", "both", "a4, letter or both")
	var sizes sizeList
	fs.Var(&sizes, "size", "a GYRE board size RxC to draw besides 7x14 and 5x10 (repeatable)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gygy boards: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	var papers []printable.Paper
	for _, p := range printable.Papers {
		if *paper == "both" || *paper == p.Name {
			papers = append(papers, p)
		}
	}
	if len(papers) == 0 {
		fmt.Fprintf(stderr, "gygy boards: unknown paper %q (want a4, letter or both)\n", *paper)
		return 2
	}
	files, err := printable.Sheets(append([]gyre.Size{gyre.Standard, gyre.Small}, sizes...), papers)
	if err != nil {
		fmt.Fprintf(stderr, "gygy boards: %v\n", err)
		return 1
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintf(stderr, "gygy boards: %v\n", err)
		return 1
	}
	var names []string
	for _, f := range files {
		path := filepath.Join(*out, f.Name)
		if err := os.WriteFile(path, []byte(f.SVG), 0o644); err != nil {
			fmt.Fprintf(stderr, "gygy boards: %v\n", err)
			return 1
		}
		names = append(names, path)
	}
	fmt.Fprintln(stdout, strings.Join(names, "\n"))
	return 0
}
