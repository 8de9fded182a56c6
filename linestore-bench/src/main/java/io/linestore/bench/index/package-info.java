/**
 * The encodings a dense line index could use, compared on size and lookup time: the 8-byte offsets
 * of format version 1, the Elias–Fano blocks linestore stores, and Lucene-style monotone blocks.
 */
package io.linestore.bench.index;
