//go:build !linux

package corpus

import "time"

// probeClock is wall time where a thread's CPU time is not at hand.
func probeClock() time.Duration { return time.Duration(time.Now().UnixNano()) }
