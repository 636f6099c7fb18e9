// Command loadtime loads catalogs and prints how long it took, for
// measuring peak memory with /usr/bin/time -v:
//
//	go run ./internal/gen/cmd -n 100000 -o /tmp/c100k
//	go build -o /tmp/loadtime ./internal/compiler/internal/loadtime
//	/usr/bin/time -v /tmp/loadtime /tmp/c100k
package main
