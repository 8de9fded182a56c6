package io.linestore.impl.blocks;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * The text of a compressed file, decoded once from its start to its end, that records into a
 * {@link CheckpointTableWriter} where later reads can start decoding: a checkpoint at the first place
 * that starts {@code span} or more bytes of text after the last one. Sums the CRC32C of the compressed
 * bytes as it reads them. A damaged or cut file is an {@link IOException} whose message says where
 * (the caller names the file). Read by one thread.
 */
public abstract class Checkpointer implements ReadableByteChannel {

    /** The file, for messages. */
    protected final Path file;
    /** Text bytes between checkpoints, at least. */
    protected final long span;
    /** Receives the checkpoints. */
    protected final CheckpointTableWriter checkpoints;
    /** The bytes to read: the file's size when the index started. */
    protected final long size;
    /** Compressed bytes read so far, counted from the file's start. */
    protected long read;
    /** Text bytes produced so far, counted from the text's start. */
    protected long text;

    private final CompressedBytes bytes;
    private final CRC32C crc = new CRC32C();

    /**
     * Reads a compressed file from its start.
     *
     * @param file the file, for messages
     * @param bytes the file's bytes, read from byte 0 to {@code size}
     * @param size the bytes to read
     * @param span text bytes between checkpoints, at least
     * @param checkpoints receives the checkpoints
     */
    protected Checkpointer(Path file, CompressedBytes bytes, long size, long span, CheckpointTableWriter checkpoints) {
        this(file, bytes, 0, 0, size, span, checkpoints);
    }

    /**
     * Reads a compressed file from a place where decoding can start without what comes before (a
     * gzip member's start), as the continuation of a text decoded before.
     *
     * @param file the file, for messages
     * @param bytes the file's bytes, read from byte {@code from} to {@code size}
     * @param from where to start reading
     * @param fromText the text's size before {@code from}
     * @param size the bytes to read
     * @param span text bytes between checkpoints, at least
     * @param checkpoints receives the checkpoints
     */
    protected Checkpointer(Path file, CompressedBytes bytes, long from, long fromText, long size, long span,
            CheckpointTableWriter checkpoints) {
        this.file = file;
        this.bytes = bytes;
        this.read = from;
        this.text = fromText;
        this.size = size;
        this.span = span;
        this.checkpoints = checkpoints;
    }

    /**
     * Decodes text into a direct buffer, from its position up to its limit, stopping early only at the
     * end: the decoder writes there itself, with no copy.
     *
     * @param buffer a direct buffer
     * @return bytes decoded, or -1 at the end of the text
     * @throws IllegalArgumentException if the buffer is not direct
     * @throws IOException if the file is damaged, cut or cannot be read
     */
    @Override
    public final int read(ByteBuffer buffer) throws IOException {
        if (!buffer.isDirect()) {
            throw new IllegalArgumentException("a compressed file's text is decoded into direct buffers only");
        }
        if (!buffer.hasRemaining()) {
            return 0;
        }
        return decode(buffer);
    }

    /**
     * Decodes the next text.
     *
     * @param into a direct buffer with room, filled from its position, which moves past the text
     * @return bytes decoded (fewer than the room only at the end), or -1 after the end
     * @throws IOException if the file is damaged, cut or cannot be read
     */
    protected abstract int decode(ByteBuffer into) throws IOException;

    /**
     * Reads the file's next compressed bytes into a buffer, from 0 up to its capacity or the end of
     * the bytes to read, and sums them into the CRC32C.
     *
     * @param buffer the buffer; flipped on return (position 0, limit the bytes read)
     * @return the bytes read
     * @throws IOException if reading fails, or the file is shorter than it was
     */
    protected final int fill(ByteBuffer buffer) throws IOException {
        buffer.clear().limit((int) Math.min(buffer.capacity(), size - read));
        while (buffer.hasRemaining()) {
            if (bytes.read(buffer, read + buffer.position()) < 0) {
                throw new EOFException("it ends at byte " + (read + buffer.position()) + ", not " + size);
            }
        }
        int n = buffer.position();
        buffer.flip();
        crc.update(buffer.duplicate());
        read += n;
        return n;
    }

    /**
     * Reads bytes of the file read before, again.
     *
     * @param from the file offset of the first, not before the last {@link #release}
     * @param into filled from its position to its limit
     * @throws IOException if reading fails, or the file ends first
     */
    protected final void readAgain(long from, ByteBuffer into) throws IOException {
        bytes.readAgain(from, into);
    }

    /**
     * Says that no byte before an offset will be {@linkplain #readAgain read again}.
     *
     * @param before the first byte still needed
     */
    protected final void release(long before) {
        bytes.release(before);
    }

    /**
     * The text's size (from the text's start), once the channel has ended.
     *
     * @return bytes of text
     */
    public final long textBytes() {
        return text;
    }

    /**
     * The CRC32C of the compressed bytes read (from where reading started).
     *
     * @return the checksum
     */
    public final long crc32c() {
        return crc.getValue();
    }

    @Override
    public boolean isOpen() {
        return true;
    }
}
