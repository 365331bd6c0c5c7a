package corpus

import "syscall"

// capAddressSpace limits the process to 3 GiB of address space, as the
// issue 24 §1 report did: a claim honoured by mistake then ends the test
// child with "out of memory" instead of taking the machine's memory.
func capAddressSpace() {
	syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: 3 << 30, Max: 3 << 30})
}
