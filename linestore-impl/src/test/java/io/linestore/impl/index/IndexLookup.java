package io.linestore.impl.index;

/** A built index of line starts: what it costs and how a line's start is found. */
interface IndexLookup {

    /**
     * The start of a line.
     *
     * @param line the line, {@code [0, lines]}; {@code lines} gives the end of the last line
     * @return its byte offset
     */
    long start(long line);

    /**
     * The index's size on disk.
     *
     * @return bytes
     */
    long bytes();
}
