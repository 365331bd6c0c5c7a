module github.com/idlint/idlint

go 1.26.0

require (
	github.com/leodido/go-urn v1.5.0
	github.com/mattn/go-colorable v0.1.14 // indirect
	github.com/mattn/go-isatty v0.0.20 // indirect
	github.com/rs/zerolog v1.35.1 // indirect
	golang.org/x/sys v0.29.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
