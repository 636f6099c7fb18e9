//go:build !unix

package inputfile

// nonBlock: other systems have no named pipes in the file system that an
// open would wait on.
const nonBlock = 0

// noFollow: other systems' opens are not told to refuse a link; the
// caller's check of the path is all.
const noFollow = 0
