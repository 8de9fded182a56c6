package io.linestore.impl.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.zip.CRC32C;

/**
 * A chunk of input bytes together with a block of its line ends ({@link LineEnds}): every
 * {@code \n} in {@code [0, scanned())}, and the CRC32C of the whole chunk, both taken on the thread
 * that filled it (a decoder's chunk: on the thread that consumes it). The block holds the whole chunk's ends unless its lines are very short; then the
 * consumer scans on from {@link #scanned()} with {@link #scanOn()}. A chunk of a decoder's output is
 * filled in native memory of its own (a decoder writes there without a copy on its thread, the one
 * that bounds the pace) and copied into the heap array by the thread that scans it. Not
 * thread-safe: {@link ScanPipeline} hands a chunk from the thread that fills it to the one that
 * consumes it, and neither touches it while the other owns it.
 */
public final class ScannedChunk {

    private final ByteBuffer buffer;
    /** Where a decoder fills the chunk, or {@code null} when it is filled in place. */
    private final ByteBuffer staged;
    private final LineEnds ends;
    private long crc;
    private int length;
    private int scanned;
    private long filePosition = -1;
    private FileChannel file;

    /**
     * Makes an empty chunk over a buffer.
     *
     * @param buffer the chunk's storage, a heap buffer whose array it is from index 0
     * @param endsCapacity the most line ends it records (a chunk denser in lines is cut short)
     */
    ScannedChunk(ByteBuffer buffer, int endsCapacity) {
        this(buffer, null, endsCapacity);
    }

    /**
     * Makes an empty chunk filled in native memory and copied into a heap buffer when scanned.
     *
     * @param buffer the chunk's storage, a heap buffer whose array it is from index 0
     * @param staged where the chunk is filled, a direct buffer of the same capacity, or {@code null}
     *     to fill {@code buffer} itself
     * @param endsCapacity the most line ends it records (a chunk denser in lines is cut short)
     */
    ScannedChunk(ByteBuffer buffer, ByteBuffer staged, int endsCapacity) {
        this.buffer = buffer;
        this.staged = staged;
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
        chunk.scan(bytes.length, null, -1);
        return chunk;
    }

    /**
     * Takes the first {@code filled} bytes of the buffer as the chunk's, scans them, as far as the
     * block of line ends holds, and checksums them.
     *
     * @param filled bytes read into the buffer
     * @param file the file the bytes were read from, or {@code null}
     * @param position the file position of byte 0, or -1 when the bytes do not come from a file
     */
    void scan(int filled, FileChannel file, long position) {
        fill(filled, file, position);
        scanFilled();
    }

    /**
     * Takes the first {@code filled} bytes of the buffer as the chunk's, to be scanned by
     * {@link #scanFilled()} on another thread.
     *
     * @param filled bytes read into the buffer
     * @param file the file the bytes were read from, or {@code null}
     * @param position the file position of byte 0, or -1 when the bytes do not come from a file
     */
    void fill(int filled, FileChannel file, long position) {
        this.length = filled;
        this.file = file;
        this.filePosition = position;
    }

    /**
     * Scans the filled bytes, as far as the block of line ends holds, and checksums them, having
     * copied them from where they were filled when that is not the heap buffer.
     */
    void scanFilled() {
        int filled = length;
        if (staged != null) {
            staged.get(0, buffer.array(), 0, filled);
        }
        this.scanned = ends.scan(buffer.array(), 0, filled);
        CRC32C checksum = new CRC32C();
        checksum.update(buffer.array(), 0, filled);
        this.crc = checksum.getValue();
    }

    /**
     * Replaces the block of line ends with those after {@link #scanned()}, as far as it holds.
     *
     * @throws IllegalStateException if the whole chunk is scanned
     */
    public void scanOn() {
        if (scanned == length) {
            throw new IllegalStateException("the chunk of " + length + " bytes is scanned to its end");
        }
        scanned = ends.scan(buffer.array(), scanned, length);
    }

    /**
     * Where the block of line ends stops: every {@code \n} before it is in {@link #ends()} (or was, in
     * the block before the last {@link #scanOn()}).
     *
     * @return {@code length()} once the chunk is scanned to its end
     */
    public int scanned() {
        return scanned;
    }

    /** Where the thread that fills the chunk puts its bytes; position and limit are that thread's. */
    ByteBuffer storage() {
        return staged != null ? staged : buffer;
    }

    /**
     * Some of the chunk's bytes.
     *
     * @param from the first byte
     * @param to the end, exclusive, {@code <= length()}
     * @return a new buffer over them, sharing the chunk's storage: never change its content
     */
    public ByteBuffer bytes(int from, int to) {
        return buffer.slice(from, to - from);
    }

    /**
     * One byte of the chunk.
     *
     * @param at which, in {@code [0, length())}
     * @return the byte
     */
    public byte byteAt(int at) {
        return buffer.get(at);
    }

    /**
     * The CRC32C of some of the chunk's bytes: of the whole chunk as taken when it was filled, of a
     * part computed now.
     *
     * @param from the first byte
     * @param to the end, exclusive, {@code <= length()}
     * @return the checksum
     */
    public long crc32c(int from, int to) {
        if (from == 0 && to == length) {
            return crc;
        }
        CRC32C checksum = new CRC32C();
        checksum.update(buffer.array(), from, to - from);
        return checksum.getValue();
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
     * The chunk's line ends up to {@link #scanned()}.
     *
     * @return the block: the offset just past each {@code \n}, in order, relative to the chunk
     */
    public LineEnds ends() {
        return ends;
    }

    /**
     * Copies bytes of the chunk to the current position of a channel from the file they were read
     * from, by the operating system ({@link FileChannel#transferTo}: {@code copy_file_range} on Linux,
     * which shares the blocks on file systems that can), never through this process's memory.
     *
     * @param from the first byte of the chunk
     * @param to the end, exclusive
     * @param target where the bytes go, at its position, which moves past them
     * @return {@code false}, having copied nothing, when the chunk does not come from a file
     * @throws IOException if copying fails
     */
    public boolean transferTo(int from, int to, FileChannel target) throws IOException {
        if (file == null) {
            return false;
        }
        long end = filePosition + to;
        for (long at = filePosition + from; at < end; ) {
            long n = file.transferTo(at, end - at, target);
            if (n == 0) {
                // The file was cut short since the chunk was read: write what was read.
                ByteBuffer rest = bytes((int) (at - filePosition), to);
                while (rest.hasRemaining()) {
                    target.write(rest);
                }
                return true;
            }
            at += n;
        }
        return true;
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
