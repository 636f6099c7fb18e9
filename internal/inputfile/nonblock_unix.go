//go:build unix

package inputfile

import "syscall"

// nonBlock makes opening a named pipe return at once instead of waiting
// for a writer.
const nonBlock = syscall.O_NONBLOCK

// noFollow makes opening a symbolic link fail instead of following it.
const noFollow = syscall.O_NOFOLLOW
