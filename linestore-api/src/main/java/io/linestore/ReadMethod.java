package io.linestore;

/**
 * How a store reads the byte range of its lines from disk. Every method returns the same lines;
 * they differ in cost, which the benchmarks in {@code linestore-bench} measure.
 */
public enum ReadMethod {

    /**
     * A {@link java.io.BufferedReader} over a stream positioned at the range's first byte, split on
     * {@code \n} (not {@code readLine()}, which also splits on a lone {@code \r}). Byte reads use
     * the buffered stream under it. The classic way; pays for decoding through a reader.
     */
    BUFFERED_READER,

    /**
     * {@link java.io.RandomAccessFile#seek} and {@code readFully} of the whole range, never
     * {@code readLine()} (one system call per byte). A file's seek position is shared state, so
     * reads of one file through this method take turns.
     */
    RANDOM_ACCESS_FILE,

    /**
     * {@link java.nio.channels.FileChannel#read(java.nio.ByteBuffer, long)}: positional,
     * lock-free, one call per range up to the read buffer size. Best for large ranges.
     */
    FILE_CHANNEL,

    /**
     * A read-only memory mapping ({@code java.lang.foreign.MemorySegment}) of each file, unmapped
     * when the store closes. No copy for byte reads, no system call per read: best for small
     * ranges.
     */
    MMAP,

    /**
     * Chooses per read: {@link #MMAP} for ranges smaller than the threshold in
     * {@link ReadOptions#autoThresholdBytes()}, {@link #FILE_CHANNEL} for larger ones.
     */
    AUTO
}
