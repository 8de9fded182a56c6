/** Whole-file sequential writes and reads, the ways the sequential I/O benchmarks compare. */
package io.linestore.bench.seqio;
