package gencache

import "testing"

// A cache of capacity 4 under the policy: what each miss does (remember,
// reset) from the state the steps before left, for a generation that is
// hit often enough (a new one starts) and one that is not (a cold spell of
// ColdMisses misses, then a new generation).
func TestAdmission(t *testing.T) {
	type step struct {
		hit            bool // a hit, else a miss
		remember, rset bool // the miss's answer
	}
	miss := func(remember, reset bool) step { return step{remember: remember, rset: reset} }
	hit := step{hit: true}
	tests := []struct {
		name  string
		steps []step
	}{
		{"hit often: a new generation when full", []step{
			miss(true, false), hit, miss(true, false), miss(true, false), miss(true, false), // full: 4 entries, 1 hit
			miss(true, true), // 1*4 >= 4: reset, remember
		}},
		{"seldom hit: a cold spell of 3 misses, then a new generation", []step{
			miss(true, false), miss(true, false), miss(true, false), miss(true, false),
			miss(false, false), // full, 0 hits: the spell starts, this generation kept
			hit,                // lookups still hit the kept generation
			miss(false, false), miss(false, false),
			miss(true, true), // the spell's last miss starts a new generation
			miss(true, false),
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := Admission{ColdMisses: 3}
			entries := 0
			for i, s := range tc.steps {
				if s.hit {
					a.Hit()
					continue
				}
				remember, reset := a.Miss(entries >= 4)
				if remember != s.remember || reset != s.rset {
					t.Fatalf("step %d: remember %v reset %v, want %v %v (cold %d)", i, remember, reset, s.remember, s.rset, a.Cold())
				}
				if reset {
					entries = 0
				}
				if remember {
					entries++
				}
			}
		})
	}
}

// The zero Admission (ColdMisses 0) still ends its cold spells: one miss
// long, then a new generation.
func TestAdmissionZero(t *testing.T) {
	var a Admission
	entries, renewed := 0, 0
	for range 100 {
		remember, reset := a.Miss(entries >= 4)
		if reset {
			entries = 0
			renewed++
		}
		if remember {
			entries++
		}
	}
	if renewed == 0 || entries > 4 {
		t.Fatalf("100 misses: %d new generations, %d entries", renewed, entries)
	}
}
