/** The naive ways of reading lines by number, kept as baselines for the benchmarks. */
package io.linestore.bench.naive;
