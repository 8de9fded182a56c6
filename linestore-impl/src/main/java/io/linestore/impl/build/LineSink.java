package io.linestore.impl.build;

import io.linestore.impl.io.ScannedChunk;
import java.io.IOException;

/** Receives input split into lines by {@link LineFeeder}, a block of lines at a time. */
interface LineSink {

    /**
     * Takes the next bytes of the input, {@code [from, to)} of a chunk, and the lines that end in
     * them: the chunk's line ends {@code [firstEnd, firstEnd + endCount)}, each in
     * {@code (from, to]}. The bytes continue the line the previous call left open, if any; a line
     * starts right after each end below {@code to}. The chunk is valid only during the call.
     *
     * @param chunk the bytes and their line ends
     * @param from the first byte
     * @param to the end, exclusive, {@code > from}
     * @param firstEnd the first line end in the range
     * @param endCount how many lines end in the range
     * @throws IOException if writing fails
     */
    void write(ScannedChunk chunk, int from, int to, int firstEnd, int endCount) throws IOException;
}
