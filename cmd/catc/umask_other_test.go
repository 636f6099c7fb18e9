//go:build !unix

package main

// setChildUmask: only Unix has a umask.
func setChildUmask() {}
