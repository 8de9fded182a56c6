package io.linestore.bench.data;

import io.linestore.ReadMethod;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The floor of a read method: one copy of a byte range of a file, the plainest way the method allows,
 * into a buffer reused from copy to copy. {@link ReadMethod#FILE_CHANNEL} (and
 * {@link ReadMethod#BUFFERED_READER}, whose floor is the channel's) is one positional
 * {@code FileChannel.read} into a direct buffer, {@link ReadMethod#RANDOM_ACCESS_FILE} one {@code seek}
 * and {@code readFully} into an array, {@link ReadMethod#MMAP} one copy out of a mapping of the whole
 * file into an array. {@link #view} makes the range readable with no copy a read method can avoid:
 * the mapping itself for MMAP, the buffer one read filled for the others. Not thread-safe.
 */
public final class RawCopy implements AutoCloseable {

    private final ReadMethod method;
    private final Path file;
    private final FileChannel channel;
    private final RandomAccessFile randomAccess;
    private final Arena arena;
    private final MemorySegment mapping;
    private final ByteBuffer direct;
    private final byte[] array;
    /** The whole mapping as one buffer when the file fits in one (under 2 GiB), else {@code null}. */
    private final ByteBuffer mapped;
    private final ByteBuffer arrayView;

    private RawCopy(ReadMethod method, Path file, int longest) throws IOException {
        this.method = method;
        this.file = file;
        this.channel = FileChannel.open(file, StandardOpenOption.READ);
        this.randomAccess = method == ReadMethod.RANDOM_ACCESS_FILE ? new RandomAccessFile(file.toFile(), "r") : null;
        this.arena = Arena.ofShared();
        this.mapping = method == ReadMethod.MMAP
                ? channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size(), arena) : MemorySegment.NULL;
        this.direct = ByteBuffer.allocateDirect(Math.max(1, longest));
        this.array = new byte[Math.max(1, longest)];
        this.mapped = method == ReadMethod.MMAP && mapping.byteSize() <= Integer.MAX_VALUE ? mapping.asByteBuffer() : null;
        this.arrayView = ByteBuffer.wrap(array);
    }

    /**
     * Opens a file for copies of at most {@code longest} bytes.
     *
     * @param method whose floor to copy with; not {@link ReadMethod#AUTO}
     * @param file the file
     * @param longest the longest copy
     * @return the copier; close it
     * @throws UncheckedIOException naming the file if it cannot be opened
     */
    public static RawCopy open(ReadMethod method, Path file, int longest) {
        if (method == ReadMethod.AUTO) {
            throw new IllegalArgumentException("AUTO has no floor of its own: choose MMAP or FILE_CHANNEL");
        }
        try {
            return new RawCopy(method, file, longest);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + file, e);
        }
    }

    /**
     * Copies the bytes {@code [from, to)}.
     *
     * @param from the first byte
     * @param to the end, exclusive, at most {@code longest} after {@code from}
     * @return the last byte copied, so that the copy is used
     * @throws UncheckedIOException naming the file if reading fails
     */
    public byte copy(long from, long to) {
        int length = (int) (to - from);
        try {
            switch (method) {
                case MMAP -> MemorySegment.copy(mapping, ValueLayout.JAVA_BYTE, from, array, 0, length);
                case RANDOM_ACCESS_FILE -> {
                    randomAccess.seek(from);
                    randomAccess.readFully(array, 0, length);
                }
                default -> {
                    direct.clear().limit(length);
                    for (long at = from; direct.hasRemaining(); ) {
                        at += channel.read(direct, at);
                    }
                    return direct.get(length - 1);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return array[length - 1];
    }

    /**
     * Copies bytes {@code [from, to)} as {@link #copy} does and leaves them in a heap array, for the
     * floors of reads that hand out each line: the channel's copy goes on from its direct buffer into
     * the array (the JDK's own read into a heap buffer copies through a direct buffer as well).
     *
     * @param from the first byte
     * @param to the end, exclusive; at most the longest range after {@code from}
     * @return the reused array, the bytes from index 0
     * @throws UncheckedIOException naming the file if reading fails
     */
    public byte[] copyToHeap(long from, long to) {
        copy(from, to);
        if (method != ReadMethod.MMAP && method != ReadMethod.RANDOM_ACCESS_FILE) {
            direct.get(0, array, 0, (int) (to - from));
        }
        return array;
    }

    /**
     * Makes bytes {@code [from, to)} readable with the least copying the method allows: for
     * {@link ReadMethod#MMAP} a view of the mapping (no copy), for the others the buffer that one
     * {@link #copy} filled. The buffer is reused: it is valid until the next call.
     *
     * @param from the first byte
     * @param to the end, exclusive; at most the longest range after {@code from}
     * @return a buffer whose position is {@code from}'s byte and whose limit is {@code to}'s
     * @throws UncheckedIOException naming the file if reading fails
     */
    public ByteBuffer view(long from, long to) {
        int length = (int) (to - from);
        if (method == ReadMethod.MMAP) {
            return mapped != null
                    ? mapped.limit((int) to).position((int) from)
                    : mapping.asSlice(from, length).asByteBuffer();
        }
        copy(from, to);
        return (method == ReadMethod.RANDOM_ACCESS_FILE ? arrayView : direct).limit(length).position(0);
    }

    /**
     * Has the operating system send bytes {@code [from, to)} to a channel
     * ({@link FileChannel#transferTo}), the plainest way there is: the floor of a transfer of lines.
     *
     * @param from the first byte
     * @param to the end, exclusive
     * @param target where the bytes go
     * @return the bytes sent
     * @throws UncheckedIOException naming the file if sending fails
     */
    public long transfer(long from, long to, WritableByteChannel target) {
        try {
            for (long at = from; at < to; ) {
                at += channel.transferTo(at, to - at, target);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot send " + file, e);
        }
        return to - from;
    }

    @Override
    public void close() {
        try (channel; arena) {
            if (randomAccess != null) {
                randomAccess.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close " + file, e);
        }
    }
}
