// Command gen writes a synthetic catalog for benchmarks:
//
//	go run ./internal/gen/cmd -n 10000 [-files 1] -o DIR
//	go run ./internal/gen/cmd -core -n 100000 -o DIR   (Puppet's core types only, no type block)
//	go run ./internal/gen/cmd -nodes 1000 -n 1000 -o DIR   (a fleet: DIR/site-old, DIR/site-new, DIR/facts)
package main
