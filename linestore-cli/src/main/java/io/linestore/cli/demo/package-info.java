/**
 * {@code linestore demo}: generates data, builds a single-file and a sharded store, and times reads
 * at their start, middle and end with every reader, against reading the text file from its start.
 */
package io.linestore.cli.demo;
