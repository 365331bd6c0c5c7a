package pipeline

import (
	"context"
	"math/rand"
	"testing"
)

// A slot delivers items in order while its producer runs ahead or waits
// for room, and its array stays bounded (taken items are reused).
func TestSlotQueueOrder(t *testing.T) {
	t.Parallel()
	for seed := int64(0); seed < 50; seed++ {
		s := newSlot()
		const n = 5000
		go func() {
			r := rand.New(rand.NewSource(seed))
			for i := 1; i <= n; i++ {
				if r.Intn(3) == 0 {
					s.waitRoom(context.Background(), headPending)
				}
				s.put(item{ended: i})
			}
			s.close()
		}()
		for i := 1; ; i++ {
			it, ok := s.take(context.Background())
			if !ok {
				if i != n+1 {
					t.Fatalf("closed after %d", i-1)
				}
				break
			}
			if it.ended != i {
				t.Fatalf("seed %d: item %d, want %d", seed, it.ended, i)
			}
		}
		if cap(s.items) > 4*n {
			t.Errorf("cap %d", cap(s.items))
		}
	}
}

// The emitter waiting on a slot whose worker is stuck (a read no
// interrupt ends) is woken by the run's cancellation: take gives the
// items queued, then returns, though the slot is never closed (issue 24 §4).
func TestSlotTakeEndsOnCancel(t *testing.T) {
	t.Parallel()
	r := &run{}
	ctx, cancel := context.WithCancel(context.Background())
	s := newSlot()
	r.all = []*task{{slot: s}}
	stop := context.AfterFunc(ctx, r.broadcast)
	defer stop()
	s.put(item{ended: 1})
	done := make(chan []int)
	go func() {
		var got []int
		for {
			it, ok := s.take(ctx)
			if !ok {
				done <- got
				return
			}
			got = append(got, it.ended)
		}
	}()
	cancel()
	if got := <-done; len(got) != 1 || got[0] != 1 {
		t.Errorf("took %v, want the one item queued", got)
	}
}
