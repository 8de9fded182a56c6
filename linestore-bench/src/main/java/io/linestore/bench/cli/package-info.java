/** The picocli commands {@code bench} and {@code recommend}, mounted by the linestore command line. */
package io.linestore.bench.cli;
