#include "textflag.h"

// func ends(p unsafe.Pointer, n uintptr)
TEXT ·ends(SB), NOSPLIT|NOFRAME, $0-16
	MOVQ p+0(FP), AX
	MOVQ n+8(FP), BX
	PREFETCHT0 (AX)
	PREFETCHT0 -1(AX)(BX*1)
	RET
