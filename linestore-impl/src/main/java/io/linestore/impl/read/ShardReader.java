package io.linestore.impl.read;

import io.linestore.CorruptStoreException;
import io.linestore.IndexKind;
import io.linestore.LineBatch;
import io.linestore.LineVisitor;
import io.linestore.ReadMethod;
import io.linestore.SegmentBatch;
import io.linestore.impl.format.DataFileIdentity;
import io.linestore.impl.index.IndexFiles;
import io.linestore.impl.index.IndexFormat;
import io.linestore.impl.index.LineIndex;
import io.linestore.impl.zstd.ZstdContexts;
import io.linestore.impl.io.ChannelChunks;
import io.linestore.impl.blocks.BlockCache;
import io.linestore.impl.blocks.CheckpointTable;
import io.linestore.impl.blocks.BlockReader;
import io.linestore.impl.gzip.GzipSpans;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Consumer;
import java.util.function.LongPredicate;

/**
 * Reads lines of one shard with the store's {@link ReadMethod}. With an entry for every line (dense or
 * compact index) the index splits the lines ({@link IndexedLines}); otherwise the byte range from the
 * nearest entry is scanned for {@code \n} ({@link LineSplitter}) and checked to hold exactly the
 * expected lines. {@link ReadMethod#BUFFERED_READER} decodes {@code String}s through a
 * {@link java.io.BufferedReader} ({@link ReaderLineSplitter}).
 *
 * <p>Thread-safe. Owns the shard's open files and the arena of its mappings; {@link #close()}
 * releases them and must not run while a read does (the handle cache's reference counting makes
 * sure of that).
 */
public final class ShardReader implements Closeable {

    /** Lines a {@link #transfer} that copies reads into its batch at a time. */
    private static final int TRANSFER_LINES = 1 << 12;

    /** The batch each thread's copying {@link #transfer} reuses; one grown past a scratch's size is dropped. */
    private static final ThreadLocal<LineBatch> TRANSFER_BATCH = ThreadLocal.withInitial(LineBatch::new);

    private final Path dataFile;
    private final long lines;
    private final long dataBytes;
    private final long textBytes;
    private final LineIndex index;
    private final RangeReader reader;
    private final PromisedLines promised;
    private final IndexedLines indexed;
    private final TextRanges text;
    private final Arena arena;
    /** Whether a range's stored bytes are what a read prints, so {@link #transfer} may send them as they are. */
    private final boolean sendsStoredBytes;

    private ShardReader(Spec spec, LineIndex index, RangeReader reader, TextRanges text, Arena arena) {
        this.dataFile = spec.dataFile();
        this.lines = spec.lines();
        this.dataBytes = spec.dataBytes();
        this.textBytes = spec.textBytes();
        this.index = index;
        this.reader = reader;
        this.promised = new PromisedLines(spec.dataFile(), index != null ? index.file() : spec.indexFile(),
                spec.lines(), spec.textBytes(), spec.unterminatedEnd());
        // An entry for every line: the index splits the lines, no byte is scanned.
        this.indexed = index != null && index.stride() == 1
                ? new IndexedLines(spec.dataFile(), index, reader, promised, spec.readBufferSize()) : null;
        this.text = text;
        this.arena = arena;
        this.sendsStoredBytes = spec.loneNewlines() && indexed != null;
    }

    /**
     * What a shard is and how to read it.
     *
     * @param dataFile the shard's data file
     * @param indexFile the shard's index file, ignored for {@link IndexKind#NONE}
     * @param identity what the index header must say: its layout, store id, generation and shard
     * @param index the index kind
     * @param lines lines in the shard, from the manifest
     * @param dataBytes size of the data file, from the manifest
     * @param textBytes size of the shard's text, uncompressed, from the manifest: {@code dataBytes} for an
     *     uncompressed shard
     * @param indexBytes size of the index file, from the manifest
     * @param dataHeadCrc32c the data file's identity, from the manifest (see {@link DataFileIdentity})
     * @param method how to read; not {@link ReadMethod#AUTO} unless {@code autoThresholdBytes} is set
     * @param readBufferSize the largest chunk one read call fills
     * @param autoThresholdBytes for {@link ReadMethod#AUTO}, the range size that switches from mapping
     *     to channel
     * @param unterminatedEnd whether the data's last line has no {@code \n} (only a file indexed in
     *     place may end so)
     * @param loneNewlines whether every line of the text ends in a lone {@code \n}, as the manifest records
     * @param committedSince whether a manifest committed since the one {@code lines} comes from gives the
     *     shard at least the given number of lines (an append committed meanwhile); asked only when the
     *     index header counts more lines than {@code lines}, see {@link IndexFiles#open(IndexKind, Path,
     *     java.lang.foreign.MemorySegment, IndexFormat.Identity, long, long, long, LongPredicate)}
     * @param blocks for a compressed shard, the store's cache of decompressed blocks; {@code null} for an
     *     uncompressed one
     * @param zstd for a compressed shard, the store's zstd contexts; {@code null} for an uncompressed one
     * @param checkpoints for a gzip or zstd file indexed in place, its checkpoint table; {@code null}
     *     otherwise
     */
    public record Spec(Path dataFile, Path indexFile, IndexFormat.Identity identity, IndexKind index, long lines,
            long dataBytes, long textBytes, long indexBytes, long dataHeadCrc32c, ReadMethod method,
            int readBufferSize, long autoThresholdBytes, boolean unterminatedEnd, boolean loneNewlines,
            LongPredicate committedSince,
            BlockCache blocks, ZstdContexts zstd, CheckpointTable.Location checkpoints) {
    }

    /**
     * Opens a shard: maps and checks its index (its header's identity and line count, in O(1)), opens its
     * data file for the read method.
     *
     * @param spec the shard and how to read it
     * @return the reader; close it
     * @throws CorruptStoreException if the index header, the data file's head or a file size disagrees
     *     with the manifest
     * @throws UncheckedIOException if opening or mapping fails
     */
    public static ShardReader open(Spec spec) {
        Arena arena = Arena.ofShared();
        try {
            LineIndex index = spec.index().stride() == 0 ? null : IndexFiles.open(spec.index(), spec.indexFile(),
                    map(spec.indexFile(), arena,
                            IndexFiles.committedBytes(spec.index(), spec.identity(), spec.lines(), spec.indexBytes())),
                    spec.identity(), spec.lines(), spec.textBytes(), spec.indexBytes(), spec.committedSince());
            DataFileIdentity.check(spec.dataFile(), spec.identity().shard(), spec.dataBytes(), spec.dataHeadCrc32c());
            // Strings through a BufferedReader are what that method is; every other reads bytes.
            BufferedStreamRangeReader stream = spec.method() == ReadMethod.BUFFERED_READER
                    ? new BufferedStreamRangeReader(spec.dataFile(), openChannel(spec.dataFile(), spec.dataBytes()),
                            spec.readBufferSize())
                    : null;
            RangeReader reader = stream != null ? stream : openReader(spec, arena);
            TextRanges text = stream;
            if (spec.blocks() != null) {
                BlockReader blocks = CompressedText.open(spec.dataFile(), spec.identity().shard(), reader,
                        spec.dataBytes(), spec.textBytes(), spec.checkpoints(), spec.blocks(),
                        spec.blocks().beside(GzipSpans.WINDOW_CACHE_BYTES), spec.zstd());
                reader = blocks;
                text = stream != null ? blocks : null;
            }
            return new ShardReader(spec, index, reader, text, arena);
        } catch (IOException e) {
            arena.close();
            String problem = e instanceof NoSuchFileException missing ? missing.getFile() + " is missing"
                    : e.getMessage();
            throw new UncheckedIOException("cannot open shard " + spec.identity().shard() + " (" + spec.dataFile()
                    + "): " + problem, e);
        } catch (RuntimeException | Error e) {
            arena.close();
            throw e;
        }
    }

    private static RangeReader openReader(Spec spec, Arena arena) throws IOException {
        Path file = spec.dataFile();
        return switch (spec.method()) {
            case MMAP -> new MmapRangeReader(map(file, arena, spec.dataBytes()));
            case FILE_CHANNEL -> new FileChannelRangeReader(file, openChannel(file, spec.dataBytes()),
                    spec.readBufferSize());
            case BUFFERED_READER -> throw new IllegalArgumentException("opened by the caller: " + spec.method());
            case RANDOM_ACCESS_FILE -> {
                RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r");
                try {
                    checkSize(file, raf.length(), spec.dataBytes());
                } catch (CorruptStoreException e) {
                    raf.close();
                    throw e;
                }
                yield new RandomAccessFileRangeReader(file, raf, spec.readBufferSize());
            }
            case AUTO -> new AutoRangeReader(
                    new MmapRangeReader(map(file, arena, spec.dataBytes())),
                    new FileChannelRangeReader(file, openChannel(file, spec.dataBytes()), spec.readBufferSize()),
                    spec.autoThresholdBytes());
        };
    }

    private static FileChannel openChannel(Path file, long expectedBytes) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        try {
            checkSize(file, channel.size(), expectedBytes);
            return channel;
        } catch (CorruptStoreException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * Maps the committed bytes of a file read-only into the arena, never what lies past them: an append
     * may be truncating that tail, and a mapping past the end of a file fails.
     */
    private static MemorySegment map(Path file, Arena arena, long committedBytes) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            checkSize(file, channel.size(), committedBytes);
            long size = committedBytes;
            if (size == 0) {
                return MemorySegment.NULL;
            }
            try {
                return channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            } catch (IOException e) {
                throw new IOException("cannot map " + file + " (size=" + size + "): " + e.getMessage()
                        + "; if the process ran out of mappings, raise vm.max_map_count or lower the handle cache"
                        + " size", e);
            }
        }
    }

    private static void checkSize(Path file, long actual, long expected) {
        if (actual < expected) {
            throw new CorruptStoreException(file, "size " + actual + " bytes, the manifest says " + expected
                    + " (truncated)");
        }
    }

    /**
     * Hands the stored bytes of the shard's lines {@code [start, end)} to a visitor.
     *
     * @param start the first line, relative to the shard
     * @param end the end line, exclusive, {@code <=} the shard's lines
     * @param firstLine the store-wide number of line {@code start}
     * @param visitor receives each line
     * @throws CorruptStoreException if the range does not hold the expected lines
     * @throws UncheckedIOException if reading fails
     */
    public void visit(long start, long end, long firstLine, LineVisitor visitor) {
        try {
            if (indexed != null) {
                indexed.visit(start, end, firstLine, visitor);
            } else {
                scan(start, end, firstLine, visitor);
            }
        } catch (InternalError e) {
            throw changedUnderReader(e);
        }
    }

    /** Reads a range that the index does not split line by line, and splits it by scanning for {@code \n}. */
    private void scan(long start, long end, long firstLine, LineVisitor visitor) {
        ExpectedRange range = plan(start, end, firstLine);
        LineSplitter splitter = new LineSplitter(range, visitor);
        readScanned(range, () -> reader.read(range.from(), range.to(), splitter));
        splitter.finish();
    }

    /** A read of a scanned range, whose failures {@link #readScanned} reports. */
    @FunctionalInterface
    private interface ScannedRead {
        void run() throws IOException;
    }

    /** Runs a read of a scanned range and turns its failures into the store's errors, naming the file. */
    private void readScanned(ExpectedRange range, ScannedRead read) {
        try {
            read.run();
        } catch (OutOfMemoryError e) {
            throw tooLargeForHeap(range, e);
        } catch (EOFException e) {
            throw new CorruptStoreException(dataFile, "truncated: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dataFile, e);
        }
    }

    /**
     * Adds the shard's lines {@code [start, end)} to a batch, after the lines it holds.
     *
     * @param start the first line, relative to the shard
     * @param end the end line, exclusive, {@code <=} the shard's lines
     * @param batch receives the lines
     * @throws CorruptStoreException if the range does not hold the expected lines
     * @throws IllegalArgumentException if the lines do not fit in the batch
     * @throws UncheckedIOException if reading fails
     */
    public void batch(long start, long end, LineBatch batch) {
        try {
            if (indexed != null) {
                indexed.batch(start, end, batch);
            } else {
                scan(start, end, 0, (number, line) -> batch.add(line));
            }
        } catch (InternalError e) {
            throw changedUnderReader(e);
        }
    }

    /**
     * Makes the shard's lines {@code [start, end)} a segment batch's, which the caller cleared: with an
     * entry for every line, their stored bytes as one view of the mapping or one read
     * ({@link IndexedLines#segments}); else each line copied into the batch's memory as it is scanned.
     *
     * @param start the first line, relative to the shard
     * @param end the end line, exclusive, {@code <=} the shard's lines
     * @param batch receives the lines
     * @throws CorruptStoreException if the range does not hold the expected lines
     * @throws UncheckedIOException if reading fails
     */
    public void segments(long start, long end, SegmentBatch batch) {
        if (start == end) {
            return;
        }
        try {
            if (indexed != null) {
                indexed.segments(start, end, batch);
            } else {
                scan(start, end, 0, (number, line) -> batch.add(line));
            }
        } catch (InternalError e) {
            throw changedUnderReader(e);
        }
    }

    /**
     * Writes the shard's lines {@code [start, end)} to a channel, each followed by {@code \n}: the bytes a
     * batch read of them holds. When every line of the shard ends in a lone {@code \n} and the index has
     * an entry for every line, those are the stored bytes between the two entries, sent as they are
     * ({@link RangeReader#transferTo}: by the operating system, for a file channel) after the per-read
     * check of the range's ends: both entries inside the data, a {@code \n} before the first line and at
     * the end of the last. Otherwise the lines are read into a batch, a slice at a time, and written from
     * it.
     *
     * @param start the first line, relative to the shard
     * @param end the end line, exclusive, {@code <=} the shard's lines
     * @param target where the bytes go
     * @throws CorruptStoreException if the range does not hold the expected lines
     * @throws UncheckedIOException if reading fails
     * @throws IOException if writing to the target fails
     */
    public void transfer(long start, long end, WritableByteChannel target) throws IOException {
        if (start == end) {
            return;
        }
        try {
            if (sendsStoredBytes) {
                send(start, end, target);
                return;
            }
            LineBatch batch = TRANSFER_BATCH.get();
            try {
                for (long i = start; i < end; i += TRANSFER_LINES) {
                    batch.clear(0);
                    batch(i, Math.min(end, i + TRANSFER_LINES), batch);
                    ChannelChunks.writeFully(target,
                            ByteBuffer.wrap(batch.bytes(), batch.byteStart(), batch.byteEnd() - batch.byteStart()));
                }
            } finally {
                if (batch.bytes().length > Scratch.RETAINED_BYTES) {
                    TRANSFER_BATCH.remove();
                }
            }
        } catch (InternalError e) {
            throw changedUnderReader(e);
        }
    }

    /** {@link #transfer} of stored bytes that are what a read prints: checks the range's ends, sends the bytes. */
    private void send(long start, long end, WritableByteChannel target) throws IOException {
        long from = index.entry(start);
        long to = index.entry(end);
        promised.checkRange(start, end, from, to);
        Scratch scratch = Scratch.take();
        try {
            byte[] one = scratch.bytes(1);
            if (from > 0) {
                reader.readFully(from - 1, one, 0, 1);
                if (one[0] != '\n') {
                    throw PromisedLines.notLineStart(dataFile, from, start);
                }
            }
            reader.readFully(to - 1, one, 0, 1);
            if (one[0] != '\n') {
                throw PromisedLines.notLineEnd(dataFile, to, end - 1);
            }
        } catch (EOFException e) {
            throw new CorruptStoreException(dataFile, "truncated: " + e.getMessage(), e);
        } finally {
            scratch.release();
        }
        try {
            reader.transferTo(from, to, target);
        } catch (EOFException e) {
            throw new CorruptStoreException(dataFile, "truncated: " + e.getMessage(), e);
        } catch (IOException e) {
            // A mapping cut short under the reader makes the kernel refuse the write ("Bad address"),
            // which would blame the target: the file that shrank is what failed.
            if (sizeOf(dataFile) < dataBytes) {
                throw changedSize(dataFile, dataBytes, e);
            }
            throw e;
        }
    }

    /**
     * Hands the shard's lines {@code [start, end)}, decoded as UTF-8, to a consumer. Through a
     * {@link java.io.BufferedReader} for {@link ReadMethod#BUFFERED_READER}.
     *
     * @param start the first line, relative to the shard
     * @param end the end line, exclusive, {@code <=} the shard's lines
     * @param firstLine the store-wide number of line {@code start}
     * @param consumer receives each line
     * @throws CorruptStoreException if the range does not hold the expected lines
     * @throws UncheckedIOException if reading fails
     */
    public void strings(long start, long end, long firstLine, Consumer<String> consumer) {
        try {
            stringsOfRange(start, end, firstLine, consumer);
        } catch (InternalError e) {
            throw changedUnderReader(e);
        }
    }

    /**
     * A mapped file cut shorter under a read faults inside the JVM, which reports it as an
     * {@link InternalError}: the file was changed behind the store's back, so the store is damaged.
     * Any other {@code InternalError} is not ours to reword.
     */
    private RuntimeException changedUnderReader(InternalError fault) {
        if (fault.getMessage() == null || !fault.getMessage().contains("unsafe memory access")) {
            throw fault;
        }
        boolean index = this.index != null && sizeOf(this.index.file()) < this.index.byteSize();
        return index ? changedSize(this.index.file(), this.index.byteSize(), fault) : changedSize(dataFile, dataBytes,
                fault);
    }

    private static CorruptStoreException changedSize(Path file, long committed, Throwable cause) {
        return new CorruptStoreException(file, "it changed size under the reader: now " + sizeOf(file)
                + " bytes; the manifest commits " + committed, cause);
    }

    private static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1;
        }
    }

    private void stringsOfRange(long start, long end, long firstLine, Consumer<String> consumer) {
        if (text != null) {
            ExpectedRange range = plan(start, end, firstLine);
            readScanned(range, () -> {
                try (Reader decoded = text.openReader(range.from(), range.to())) {
                    ReaderLineSplitter.split(decoded, range, consumer);
                }
            });
        } else if (indexed != null) {
            indexed.strings(start, end, consumer);
        } else {
            scan(start, end, firstLine, (number, line) -> consumer.accept(Utf8.decode(line)));
        }
    }

    /** A scanned range whose lines, or one of them, did not fit in the heap. */
    private OutOfMemoryError tooLargeForHeap(ExpectedRange range, OutOfMemoryError cause) {
        return HeapErrors.tooLarge(dataFile, "lines " + range.firstLine() + " to " + (range.firstLine() + range.count() - 1)
                + " (in bytes [" + range.from() + ", " + range.to() + "))", range.to() - range.from(), cause);
    }

    /**
     * Finds the byte range that holds lines {@code [start, end)} and what it must contain. With an index,
     * the range runs from the entry at or before {@code start} to the entry at or after {@code end}, and
     * every line start in it is counted: the lines between the two entries must be exactly those the
     * index promises, so an entry moved to another line start is an error, never another line (the bytes
     * past {@code end} are those the range reader fetches with the wanted ones).
     */
    private ExpectedRange plan(long start, long end, long firstLine) {
        long count = end - start;
        if (index == null) {
            return promised.withoutIndex(textBytes, start, firstLine, count, end == lines);
        }
        int stride = index.stride();
        long startEntry = start / stride;
        long endEntry = Math.ceilDiv(end, stride);
        long from = index.entry(startEntry);
        long to = index.entry(endEntry);
        promised.checkRange(startEntry, endEntry, from, to);
        return promised.betweenEntries(startEntry, endEntry, from, to, start - startEntry * stride, firstLine, count,
                Math.min(endEntry * stride, lines) - end);
    }

    @Override
    public void close() throws IOException {
        try (arena) {
            reader.close();
        }
    }

    @Override
    public String toString() {
        return "ShardReader(" + dataFile + ")";
    }
}
