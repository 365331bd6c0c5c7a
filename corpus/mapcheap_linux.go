package corpus

import (
	"time"

	"golang.org/x/sys/unix"
)

// probeClock is the calling thread's CPU time: a probe preempted by
// other work (a loaded machine) is not charged for it.
func probeClock() time.Duration {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ts.Nano())
}
