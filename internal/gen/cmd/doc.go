// Command gen writes a synthetic catalog for benchmarks:
//
//	go run ./internal/gen/cmd -n 10000 [-files 1] -o DIR
//	go run ./internal/gen/cmd -core -n 100000 -o DIR   (Puppet's core types only, no type block)
//	go run ./internal/gen/cmd -core -root /tmp/catc-core-export -n 400 -o DIR   (every managed path under -root)
//	go run ./internal/gen/cmd -puppet -n 100000 -o DIR   (DIR/catalog.json, a Puppet catalog of node_res: load fixtures/oracle/types.hcl beside it)
//	go run ./internal/gen/cmd -nodes 1000 -n 1000 -o DIR   (a fleet: DIR/site-old, DIR/site-new, DIR/facts)
//	go run ./internal/gen/cmd -nodes 100000 -n 1000 -dependent 33 -distinct 1000 -o DIR   (a third of the resources read the node; about 1,000 distinct inputs)
//	go run ./internal/gen/cmd -nodes 300 -n 1000 -dependent 33 -unique -o DIR   (every node's catalog its own)
//	go run ./internal/gen/cmd -classes -seed 7 -n 100000 -class-count 2000 -instances 20000 -o DIR
//	    (a site of classes and defines: DIR/site.pp, its twin DIR/main.hcl, DIR/facts.json; -cycle adds a cycle)
package main
