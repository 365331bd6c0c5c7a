//go:build unix

package main

import (
	"os"
	"syscall"
	"testing"
	"time"
)

// An armed interrupt context is cancelled by SIGINT; stop cancels it
// too, may be called twice, and arm after stop does nothing. (Only armed
// cases send the signal: unarmed, it would end the test process.)
func TestInterruptContext(t *testing.T) {
	for _, c := range []struct {
		name  string
		delay bool // armed by arm, not at once
	}{{"armed at once", false}, {"armed by arm", true}} {
		delay := 0
		if c.delay {
			delay = 1 << 40 // never by the timer here
		}
		ctx, arm, stop := interruptContext(time.Duration(delay))
		arm()
		arm() // twice: one handler
		if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
			t.Fatal(err)
		}
		<-ctx.Done() // the test times out if SIGINT is not seen
		stop()
		stop()
		arm()
	}
	ctx, arm, stop := interruptContext(time.Duration(1 << 40))
	stop()
	arm()
	if ctx.Err() == nil {
		t.Error("stop did not cancel")
	}
	for range 200 { // stop racing the timer
		_, arm, stop := interruptContext(1)
		stop()
		arm()
	}
}
