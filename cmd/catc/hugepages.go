package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// largeInputBytes is the input size from which a run asks for huge
// pages (gctune.HugePages). Asking takes some 8 ms; from 300 KB of HCL
// (2,500 resources: 0.145 s → 0.124 s) the faults it saves cost more,
// while a run of the seed fixtures (31 ms) would only pay for it.
const largeInputBytes = 256 << 10

// largeInputEntries bounds the walk: a tree of more files than this is
// large whatever their sizes.
const largeInputEntries = 10000

// largeInput reports whether the files and directories args (os.Args)
// name hold largeInputBytes or more: the arguments, and flag values given
// as --flag=PATH or after a flag, all stat'ed, none read. It is an
// estimate made before the command parses its flags, so it may count a
// path the command does not read; it never follows a link inside a
// directory and stops as soon as the answer is known.
func largeInput(args []string) bool {
	var w sizeWalk
	for _, a := range args[1:] {
		if i := strings.IndexByte(a, '='); strings.HasPrefix(a, "-") && i > 0 {
			a = a[i+1:]
		}
		if a == "" || strings.HasPrefix(a, "-") {
			continue
		}
		if w.add(a) {
			return true
		}
	}
	return false
}

// sizeWalk sums the sizes of regular files until they reach
// largeInputBytes or it has seen largeInputEntries entries.
type sizeWalk struct{ bytes, entries int64 }

// add counts path (a file, or a directory walked without its hidden
// entries) and reports whether the input is large.
func (w *sizeWalk) add(path string) bool {
	info, err := os.Stat(path)
	if err != nil {
		return false
	}
	if !info.IsDir() {
		return w.count(info)
	}
	large := false
	_ = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable: the command reports it
		}
		if p != path && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() {
			if info, err := d.Info(); err == nil && w.count(info) {
				large = true
				return filepath.SkipAll
			}
		}
		if w.entries++; w.entries >= largeInputEntries {
			large = true
			return filepath.SkipAll
		}
		return nil
	})
	return large
}

func (w *sizeWalk) count(info fs.FileInfo) bool {
	if info.Mode().IsRegular() {
		w.bytes += info.Size()
	}
	return w.bytes >= largeInputBytes
}
