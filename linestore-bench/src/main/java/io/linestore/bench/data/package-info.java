/** The benchmarks' data (generated text, stores, the SQLite peer) and the checks of their results. */
package io.linestore.bench.data;
