#include "textflag.h"

// func lines3(p unsafe.Pointer)
TEXT ·lines3(SB), NOSPLIT|NOFRAME, $0-8
	MOVQ p+0(FP), AX
	PREFETCHT0 (AX)
	PREFETCHT0 64(AX)
	PREFETCHT0 128(AX)
	RET

// func ends(p unsafe.Pointer, n uintptr)
TEXT ·ends(SB), NOSPLIT|NOFRAME, $0-16
	MOVQ p+0(FP), AX
	MOVQ n+8(FP), BX
	PREFETCHT0 (AX)
	PREFETCHT0 -1(AX)(BX*1)
	RET
