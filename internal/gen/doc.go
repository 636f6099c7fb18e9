// Package gen writes synthetic catalogs for benchmarks: a types file and
// resource files of five interlinked kinds (package, file, service,
// software, apt_key) with references in both forms and auto rules, so
// loading exercises every stage.
package gen
