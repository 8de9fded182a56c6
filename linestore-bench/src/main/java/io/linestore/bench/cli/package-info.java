/**
 * The picocli commands {@code bench} and {@code recommend}, run by the {@code ./linestore} launcher
 * from the benchmarks jar through {@link io.linestore.bench.cli.BenchMain}.
 */
package io.linestore.bench.cli;
