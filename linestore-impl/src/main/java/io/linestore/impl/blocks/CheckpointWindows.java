package io.linestore.impl.blocks;

import static io.linestore.impl.blocks.CheckpointEntries.HEADER;
import static io.linestore.impl.blocks.CheckpointEntries.IN_FRAME;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdException;
import io.linestore.CorruptStoreException;
import io.linestore.impl.format.Checksums;
import io.linestore.impl.io.ChannelChunks;
import io.linestore.impl.zstd.ZstdContexts;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The windows of a {@link CheckpointTable}, read from its file as reads need them: a frame of up to
 * {@value CheckpointEntries#WINDOWS_PER_FRAME} windows decoded (and kept in the cache a read gives)
 * and its one window unpacked, or a window deflated alone inflated. Frames are decoded with the
 * table's own zstd contexts, freed when it is closed: a context made for each frame costs more than
 * decoding it (zstd allocates and clears its ~100 KB each time). Thread-safe: the file is read
 * positionally, and opened again when a reader that was interrupted closed it for every thread.
 */
final class CheckpointWindows implements Closeable {

    private final Path path;
    private final CheckpointEntries entries;
    private final ZstdContexts contexts = new ZstdContexts();
    /** Open again when a reader that was interrupted closed it for every thread (see {@link #readWindow}). */
    private volatile FileChannel channel;
    private volatile boolean closed;

    CheckpointWindows(Path path, FileChannel channel, CheckpointEntries entries) {
        this.path = path;
        this.channel = channel;
        this.entries = entries;
    }

    /**
     * The text before a gzip checkpoint that its block refers back into, its frame of windows taken
     * from a cache or decoded into it.
     *
     * @param block the block
     * @param cache where decoded frames are kept, by their first checkpoint
     * @return the window, empty at the start of a member
     * @throws CorruptStoreException if the window does not decompress to its size
     * @throws UncheckedIOException if reading fails
     */
    byte[] window(int block, BlockCache cache) {
        if (entries.windowBytes[block] == 0) {
            return new byte[0];
        }
        if (entries.windowCoding[block] == IN_FRAME) {
            // Frames are kept packed: a read unpacks only its window (a whole frame is 2 MiB). A frame
            // is loaded whole, so any one of its bytes is all of it.
            byte[] frame = cache.get(0, entries.frameFirst[block], 1, (first, all) -> frame(first));
            byte[] window = new byte[entries.windowText[block]];
            try {
                SparseWindows.unpack(frame, entries.frameCount[entries.frameFirst[block]], entries.windowIndex[block], window, 0, window.length);
            } catch (IllegalArgumentException e) {
                throw new CorruptStoreException(path, "the frame of windows at bytes [" + entries.windowAt[block] + ", "
                        + (entries.windowAt[block] + entries.windowBytes[block]) + ") is damaged: " + e.getMessage(), e);
            }
            return window;
        }
        byte[] compressed;
        try {
            compressed = readWindow(entries.windowAt[block], entries.windowBytes[block]);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
        byte[] window = new byte[entries.windowText[block]];
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(compressed);
            int n = inflater.inflate(window);
            if (n != window.length || !inflater.finished()) {
                throw new CorruptStoreException(path, "the window of checkpoint " + block + " is damaged: it inflates to "
                        + (inflater.finished() ? n : "more than " + n) + " bytes, not " + window.length);
            }
            return window;
        } catch (DataFormatException e) {
            throw new CorruptStoreException(path, "the window of checkpoint " + block + " is damaged: " + e.getMessage(),
                    e);
        } finally {
            inflater.end();
        }
    }

    /**
     * The packed text of the frame of windows that starts with a checkpoint's window
     * ({@link SparseWindows}), its size checked (its windows are checked as they are unpacked).
     *
     * @param first the checkpoint
     * @return the frame's text
     * @throws CorruptStoreException if the frame does not decode to windows of their sizes
     * @throws UncheckedIOException if reading fails
     */
    private byte[] frame(int first) {
        byte[] compressed;
        try {
            compressed = readWindow(entries.windowAt[first], entries.windowBytes[first]);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
        String damaged = "the windows of checkpoint " + first + " on (bytes [" + entries.windowAt[first] + ", "
                + (entries.windowAt[first] + entries.windowBytes[first]) + ")) are damaged: ";
        int count = entries.frameCount[first];
        byte[] packed;
        try {
            long size = Zstd.getFrameContentSize(compressed);
            // Packed, a window takes at most 2 bytes per byte and 12 more (its table entry; runs of 1
            // byte: 2 varints and it).
            if (Zstd.isError(size) || size < 8L * count || size > 2L * entries.frameText[first] + 12L * count) {
                throw new CorruptStoreException(path, damaged + "its frame says it holds " + size + " bytes");
            }
            packed = new byte[(int) size];
            // A zstd error is thrown (ZstdException, below), never returned.
            int n = contexts.with(context -> context.decompressByteArray(packed, 0, packed.length, compressed, 0,
                    compressed.length));
            if (n != packed.length) {
                throw new CorruptStoreException(path, damaged + n + " bytes, not " + packed.length);
            }
        } catch (ZstdException e) {
            throw new CorruptStoreException(path, damaged + "zstd says: " + e.getMessage(), e);
        }
        return packed;
    }

    /**
     * A window's bytes. A thread interrupted while reading (a read cancelled with others) closes the
     * channel for every thread: the others open it again, so that one cancelled read does not fail
     * the reads after it; the interrupted thread gets its {@link ClosedByInterruptException}.
     */
    private byte[] readWindow(long at, int length) throws IOException {
        for (int attempt = 0; ; attempt++) {
            FileChannel current = channel;
            try {
                return read(current, path, at, length);
            } catch (ClosedByInterruptException e) {
                throw e;
            } catch (ClosedChannelException e) {
                if (attempt >= 2 || Thread.currentThread().isInterrupted()) {
                    throw e;
                }
                reopen(current);
            }
        }
    }

    private synchronized void reopen(FileChannel dead) throws IOException {
        if (closed) {
            throw new ClosedChannelException();
        }
        if (channel == dead) {
            channel = FileChannel.open(path, StandardOpenOption.READ);
        }
    }

    /**
     * Copies this table's windows up to {@code end} (from the header's end) into another file at the
     * same offsets, so that the entries that point at them hold there.
     *
     * @param end where the copy stops, at most where the entries start
     * @param target the other file, open for writing
     * @return the CRC32C of the bytes copied
     * @throws IOException if reading or writing fails
     */
    long copyWindows(long end, FileChannel target) throws IOException {
        FileChannel source = channel;
        for (long done = 0; done < end - HEADER; ) {
            done += source.transferTo(HEADER + done, end - HEADER - done, target.position(HEADER + done));
        }
        return Checksums.crc32c(source, path, HEADER, end);
    }

    /** Reads {@code length} bytes from {@code from}; the file ending first is an {@link java.io.EOFException} naming it. */
    static byte[] read(FileChannel channel, Path path, long from, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        ChannelChunks.readFully(channel, buffer, from, path);
        return buffer.array();
    }

    @Override
    public synchronized void close() throws IOException {
        closed = true;
        contexts.close();
        channel.close();
    }
}
