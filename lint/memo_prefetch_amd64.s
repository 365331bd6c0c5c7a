#include "textflag.h"

// func prefetch3(p unsafe.Pointer)
TEXT ·prefetch3(SB), NOSPLIT|NOFRAME, $0-8
	MOVQ p+0(FP), AX
	PREFETCHT0 (AX)
	PREFETCHT0 64(AX)
	PREFETCHT0 128(AX)
	RET
