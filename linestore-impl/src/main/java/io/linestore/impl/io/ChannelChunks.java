package io.linestore.impl.io;

import java.io.EOFException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;

/**
 * Positional reads and writes of a {@link FileChannel}: the one loop that reads a byte range through a
 * buffer of bounded size, for readers, checksums, indexing and verification, and the one that writes
 * a buffer at a position, for index writers. Never moves the channel's position, so threads may share
 * the channel. Its only state is a few idle direct buffers that copies borrow; thread-safe.
 */
public final class ChannelChunks {

    /** The largest direct buffer {@link #copy} uses; longer ranges go through it in pieces. */
    static final int DIRECT_BYTES = 1 << 20;

    /**
     * Direct buffers kept between copies: as many as threads that can copy at once without waiting for
     * a core, whatever the number of threads (a buffer per thread would be one per virtual thread that
     * ever read).
     */
    static final int IDLE_BUFFERS = Math.max(1, Runtime.getRuntime().availableProcessors());

    private static final ArrayBlockingQueue<DirectBuffer> IDLE = new ArrayBlockingQueue<>(IDLE_BUFFERS);

    private static final AtomicInteger ALLOCATED = new AtomicInteger();

    private ChannelChunks() {
    }

    /**
     * Copies {@code length} bytes from a file position into an array: positional reads into a direct
     * buffer (of at most 1 MiB, taken from a few kept idle), then one copy each into the array.
     * The JDK reads into a heap buffer through a temporary direct buffer from a per-thread cache that
     * frees a buffer and allocates another whenever none it holds is large enough; after a build had
     * filled that cache, 10,000-line reads that began at a file's first byte took 0.33 ms against
     * 0.20 ms elsewhere in the same file. Nothing is allocated per call once the idle buffers are large
     * enough; a buffer not kept is freed when its copy ends.
     *
     * @param channel the open file
     * @param file the file, for messages
     * @param position the file position of the first byte
     * @param into the array
     * @param at where in {@code into} the first byte goes
     * @param length bytes to copy
     * @throws EOFException naming the file if it ends first
     * @throws IOException if reading fails
     */
    public static void copy(FileChannel channel, Path file, long position, byte[] into, int at, int length)
            throws IOException {
        DirectBuffer direct = DirectBuffer.atLeast(IDLE.poll(), Math.min(length, DIRECT_BYTES));
        try {
            ByteBuffer buffer = direct.buffer;
            for (int done = 0; done < length; ) {
                int piece = Math.min(length - done, buffer.capacity());
                buffer.clear().limit(piece);
                readFully(channel, buffer, position + done, file);
                buffer.flip().get(into, at + done, piece);
                done += piece;
            }
        } finally {
            if (!IDLE.offer(direct)) {
                direct.free();
            }
        }
    }

    /** A direct buffer whose memory is freed when it is dropped, not when a collection finds it unreachable. */
    private record DirectBuffer(Arena arena, ByteBuffer buffer) {

        /** {@code idle} if it holds {@code bytes}, else a new buffer twice as large or of {@code bytes}, at most 1 MiB. */
        static DirectBuffer atLeast(DirectBuffer idle, int bytes) {
            if (idle != null && idle.buffer.capacity() >= bytes) {
                return idle;
            }
            int capacity = Math.min(DIRECT_BYTES, Math.max(bytes, idle == null ? 0 : 2 * idle.buffer.capacity()));
            if (idle != null) {
                idle.free();
            }
            Arena arena = Arena.ofShared();
            DirectBuffer buffer = new DirectBuffer(arena, arena.allocate(Math.max(1, capacity)).asByteBuffer());
            ALLOCATED.incrementAndGet();
            return buffer;
        }

        void free() {
            arena.close();
            ALLOCATED.decrementAndGet();
        }
    }

    /**
     * Reads the bytes {@code [from, to)} of a file in chunks of at most {@code bufferSize} bytes,
     * each full but the last, through one heap buffer. The sink sees each chunk from position 0 of
     * the buffer's array ({@code arrayOffset() == 0}), so it may scan {@code chunk.array()} directly.
     *
     * @param channel the open file
     * @param file the file, for messages
     * @param from the first byte
     * @param to the end, exclusive, {@code >= from}
     * @param bufferSize the largest chunk, {@code >= 1}
     * @param sink receives the chunks in order; reading stops early when it returns {@code false}
     * @throws EOFException naming the file if it ends before {@code to}
     * @throws IOException if reading fails, or the sink throws it
     */
    public static void read(FileChannel channel, Path file, long from, long to, int bufferSize, ChunkSink sink)
            throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(to - from, bufferSize));
        for (long position = from; position < to; ) {
            buffer.clear().limit((int) Math.min(buffer.capacity(), to - position));
            fill(channel, buffer, position, file, to);
            buffer.flip();
            position += buffer.remaining();
            if (!sink.accept(buffer)) {
                return;
            }
        }
    }

    /**
     * Fills a buffer from a file position.
     *
     * @param channel the open file
     * @param buffer filled from its position to its limit
     * @param position the file position of the first byte
     * @param file the file, for messages
     * @throws EOFException naming the file if it ends first
     * @throws IOException if reading fails
     */
    public static void readFully(FileChannel channel, ByteBuffer buffer, long position, Path file)
            throws IOException {
        fill(channel, buffer, position, file, position + buffer.remaining());
    }

    /**
     * Fills a segment from a file position, a buffer view of at most 2 GiB at a time.
     *
     * @param channel the open file
     * @param file the file, for messages
     * @param position the file position of the first byte
     * @param into filled whole
     * @return {@code into}
     * @throws EOFException naming the file if it ends first
     * @throws IOException if reading fails
     */
    public static MemorySegment readInto(FileChannel channel, Path file, long position, MemorySegment into)
            throws IOException {
        long length = into.byteSize();
        for (long done = 0; done < length; ) {
            long piece = Math.min(length - done, Integer.MAX_VALUE - 8);
            readFully(channel, into.asSlice(done, piece).asByteBuffer(), position + done, file);
            done += piece;
        }
        return into;
    }

    /**
     * Direct buffers of {@link #copy} not yet freed: in use or idle.
     *
     * @return the count
     */
    static int directBuffers() {
        return ALLOCATED.get();
    }

    /**
     * Writes a buffer's remaining bytes at a file position.
     *
     * @param channel the file, open for writing
     * @param bytes written from its position to its limit, which it ends at
     * @param position the file position of the first byte
     * @throws IOException if writing fails
     */
    public static void writeFully(FileChannel channel, ByteBuffer bytes, long position) throws IOException {
        for (long at = position; bytes.hasRemaining(); ) {
            at += channel.write(bytes, at);
        }
    }

    /**
     * Sends the bytes {@code [from, to)} of a file to a channel. A range longer than the largest copy
     * buffer ({@value #DIRECT_BYTES} bytes) goes through the operating system
     * ({@link FileChannel#transferTo}: {@code sendfile}, {@code splice} or {@code copy_file_range} where
     * the JDK can use them, so the bytes never enter the JVM). A shorter one is read into a kept direct
     * buffer and written: one read and one write, the cost of a transfer, without the class the JDK
     * generates at a JVM's first {@code transferTo} (the type switch in {@code FileChannelImpl}, about
     * 5 ms of a short command's start-up; docs/benchmarks.md).
     *
     * @param channel the open file
     * @param file the file, for messages
     * @param from the first byte
     * @param to the end, exclusive, {@code >= from}
     * @param target where the bytes go
     * @throws EOFException naming the file if it ends before {@code to}
     * @throws IOException if sending fails
     */
    public static void transfer(FileChannel channel, Path file, long from, long to, WritableByteChannel target)
            throws IOException {
        if (to - from <= DIRECT_BYTES) {
            int length = (int) (to - from);
            DirectBuffer direct = DirectBuffer.atLeast(IDLE.poll(), length);
            try {
                ByteBuffer buffer = direct.buffer.clear().limit(length);
                fill(channel, buffer, from, file, to);
                writeFully(target, buffer.flip());
            } finally {
                if (!IDLE.offer(direct)) {
                    direct.free();
                }
            }
            return;
        }
        for (long at = from; at < to; ) {
            long sent = channel.transferTo(at, to - at, target);
            if (sent == 0 && channel.size() < to) {
                throw new EOFException(file + " is " + channel.size() + " bytes, it ends before byte " + to);
            }
            at += sent;
        }
    }

    /**
     * Writes a buffer's remaining bytes to a channel, however many writes it takes.
     *
     * @param target the channel
     * @param bytes written from its position to its limit, which it ends at
     * @throws IOException if writing fails
     */
    public static void writeFully(WritableByteChannel target, ByteBuffer bytes) throws IOException {
        while (bytes.hasRemaining()) {
            target.write(bytes);
        }
    }

    /** Fills the buffer from {@code position}; {@code end} is the end of what is being read, for messages. */
    private static void fill(FileChannel channel, ByteBuffer buffer, long position, Path file, long end)
            throws IOException {
        long at = position;
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer, at);
            if (n < 0) {
                // The file's size, not where this read began: a file cut short under the reader ends
                // well before the read.
                throw new EOFException(file + " is " + channel.size() + " bytes, it ends before byte " + end);
            }
            at += n;
        }
    }
}
