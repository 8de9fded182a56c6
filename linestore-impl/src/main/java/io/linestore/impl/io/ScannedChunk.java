package io.linestore.impl.io;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;

/**
 * A chunk of input bytes together with the block of its line ends ({@link LineEnds}): every
 * {@code \n} in {@code [0, length())} is recorded, so a consumer never scans again. Not thread-safe:
 * {@link ScanPipeline} hands a chunk from the thread that fills it to the one that consumes it, and
 * neither touches it while the other owns it.
 */
public final class ScannedChunk {

    private final ByteBuffer buffer;
    private final MemorySegment segment;
    private final LineEnds ends;
    private int length;
    private long filePosition = -1;

    /**
     * Makes an empty chunk over a buffer.
     *
     * @param buffer the chunk's storage, from index 0 to its capacity
     * @param endsCapacity the most line ends it records (a chunk denser in lines is cut short)
     */
    ScannedChunk(ByteBuffer buffer, int endsCapacity) {
        this.buffer = buffer;
        this.segment = MemorySegment.ofBuffer(buffer);
        this.ends = new LineEnds(endsCapacity);
    }

    /**
     * A chunk of a few given bytes, scanned at once, with no file position: for bytes that do not
     * come from the input, such as the terminator a build adds to an unterminated last line.
     *
     * @param bytes the bytes
     * @return the chunk
     */
    public static ScannedChunk of(byte[] bytes) {
        ScannedChunk chunk = new ScannedChunk(ByteBuffer.wrap(bytes), bytes.length);
        chunk.scan(bytes.length, -1);
        return chunk;
    }

    /**
     * Takes the first {@code filled} bytes of the buffer as the chunk's and scans them; when the line
     * ends do not all fit, the chunk ends at the last one recorded.
     *
     * @param filled bytes read into the buffer
     * @param position the file position of byte 0, or -1 when the bytes do not come from a file
     * @return the chunk's length, {@code filled} or less
     */
    int scan(int filled, long position) {
        this.length = ends.scan(segment, 0, filled);
        this.filePosition = position;
        return length;
    }

    /**
     * The storage, from index 0 (position and limit mean nothing); only {@code [0, length())} is the
     * chunk's.
     *
     * @return the buffer, shared: never change its content
     */
    public ByteBuffer buffer() {
        return buffer;
    }

    /**
     * The chunk's size.
     *
     * @return how many bytes it holds, {@code >= 1} for a chunk of the input
     */
    public int length() {
        return length;
    }

    /**
     * The chunk's line ends.
     *
     * @return the block: the offset just past each {@code \n} of the chunk, in order
     */
    public LineEnds ends() {
        return ends;
    }

    /**
     * Where byte 0 is in the input file.
     *
     * @return the file position, or -1 when the chunk does not come from a file
     */
    public long filePosition() {
        return filePosition;
    }
}
