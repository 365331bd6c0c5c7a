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
					s.waitRoom(context.Background())
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
