// Command textgen writes one of internal/textgen's texts to a file, for
// benchmark inputs too large to hold in memory (issue 25: 2 GB of prose).
//
//	go run ./internal/textgen/cmd/textgen -kind english -size 2048 -o english-2GB.txt
package main

import (
	"flag"
	"log"
	"os"

	"github.com/idlint/idlint/internal/textgen"
)

func main() {
	kind := flag.String("kind", "english", "text kind (internal/textgen Kinds)")
	sizeMB := flag.Int("size", 200, "size in `MiB` (at least; the text ends after a whole word)")
	seed := flag.Int64("seed", 1, "generator seed")
	out := flag.String("o", "", "output `FILE` (required)")
	flag.Parse()
	if *out == "" {
		log.Fatal("textgen: -o FILE is required")
	}
	f, err := os.Create(*out)
	if err != nil {
		log.Fatal(err)
	}
	if err := textgen.Write(f, *kind, *sizeMB<<20, *seed); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}
