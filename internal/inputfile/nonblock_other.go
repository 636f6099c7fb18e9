//go:build !unix

package inputfile

// nonBlock: other systems have no named pipes in the file system that an
// open would wait on.
const nonBlock = 0
