package io.linestore.s3;

import io.linestore.CorruptStoreException;
import io.linestore.impl.blocks.BlockCache;
import io.linestore.impl.blocks.BlockTable;
import io.linestore.impl.blocks.CheckpointTable;
import io.linestore.impl.format.Checksums;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.SourceFile;
import io.linestore.impl.gzip.GzipSpans;
import io.linestore.impl.zstd.SeekTable;
import io.linestore.impl.zstd.ZstdFrames;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.zip.DataFormatException;

/**
 * The text of compressed data objects, whose index's entries are offsets in the uncompressed text: a
 * compressed store's ({@code build --compress zstd}: each object is independent zstd frames ending in
 * the seek table of the zstd seekable format, byte layout in {@link SeekTable}), or a gzip or
 * multi-frame zstd object indexed in place (its sidecar's {@link CheckpointTable} says where decoding
 * can start, and for gzip the window each place needs). A read of text {@code [from, to)} is one
 * ranged GET of the compressed bytes from the block that holds {@code from} to the end of the block
 * that holds the range's last byte, each block decoded (zstd checks content sizes and checksums;
 * a gzip block is inflated only as far as the range needs), then cut to the range. A shard's seek
 * table is read on first use by one ranged GET of the object's last {@value #TAIL_BYTES} bytes (a
 * second one when the table is longer); an object's checkpoint table is downloaded whole once into
 * the index cache (checked against the manifest's size and CRC32C) and opened from there. Tables are
 * kept while the store is open. Thread-safe: two threads that need the same table at once may both
 * fetch it, and either is kept; {@link #close()} runs when no read does.
 */
final class FrameObjects implements AutoCloseable {

    /** Bytes of an object's end fetched for its seek table: the table of a 512 MiB shard of 64 KiB frames. */
    static final int TAIL_BYTES = 1 << 16;

    private final ObjectReads objects;
    private final StoreObjects store;
    private final IndexCache cache;
    private final AtomicReferenceArray<SeekTable> tables;
    private final AtomicReference<Checkpoints> checkpoints = new AtomicReference<>();

    FrameObjects(ObjectReads objects, StoreObjects store, IndexCache cache) {
        this.objects = objects;
        this.store = store;
        this.cache = cache;
        this.tables = new AtomicReferenceArray<>(store.manifest().shards().size());
    }

    /**
     * The text {@code [from, to)} of a shard, as a GET of those bytes of an uncompressed object would
     * answer: the text with the object's ETag and size.
     *
     * @param shard the shard
     * @param from the first text byte
     * @param to the end of the text wanted, exclusive, {@code <=} the shard's text bytes
     * @param ifMatch the ETag the object must have, or {@code null}
     * @return the text; or an answer whose size is not the committed one, for the caller to report;
     *     or {@code null} if the object's ETag is no longer {@code ifMatch}
     * @throws CorruptStoreException naming the object if its seek table or a frame is damaged
     */
    ObjectReads.Range text(int shard, long from, long to, String ifMatch) {
        long objectSize = store.objectSize(shard);
        if (from >= to) {
            return new ObjectReads.Range(new byte[0], ifMatch, objectSize);
        }
        BlockTable table;
        GzipSpans gzip = null;
        if (store.checkpointed()) {
            Checkpoints opened = checkpoints();
            table = opened.table();
            gzip = opened.gzip();
        } else {
            SeekTable seekTable = tables.get(shard);
            if (seekTable == null) {
                TableSource source = new TableSource(shard, objectSize, ifMatch);
                try {
                    seekTable = SeekTable.read(store.dataPath(shard), source, objectSize,
                            store.manifest().shards().get(shard).textBytes());
                } catch (EOFException e) {
                    return notText(source.answer);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                tables.compareAndSet(shard, null, seekTable);
            }
            table = seekTable;
        }
        int first = table.blockAt(from);
        int last = table.blockAt(to - 1);
        long fileFrom = table.fileFrom(first);
        ObjectReads.Range compressed = objects.getRange(store.bucket(), store.dataKey(shard), fileFrom,
                table.fileTo(last), ifMatch);
        if (compressed == null || compressed.objectSize() != objectSize
                || compressed.bytes().length != table.fileTo(last) - fileFrom) {
            return notText(compressed);
        }
        long textFrom = table.textStart(first);
        // Gzip is inflated only as far as the range needs; zstd frames are decoded whole.
        long textTo = gzip != null ? to : table.textStart(last + 1);
        byte[] text = new byte[Math.toIntExact(textTo - textFrom)];
        // A context per call, freed at its end: reads run on virtual threads too, which would each keep one.
        try (ZstdFrames.OwnContext zstd = gzip != null ? null : new ZstdFrames.OwnContext()) {
            for (int b = first; b <= last; b++) {
                int textBytes = (int) (Math.min(textTo, table.textStart(b + 1)) - table.textStart(b));
                if (textBytes == 0) {
                    // An old seek table an append left behind (a skippable frame), or an empty member: no text.
                    continue;
                }
                int at = (int) (table.fileFrom(b) - fileFrom);
                int length = (int) (table.fileTo(b) - table.fileFrom(b));
                int textAt = (int) (table.textStart(b) - textFrom);
                try {
                    if (gzip != null) {
                        byte[] blockText = new byte[textBytes];
                        gzip.decode(b, at == 0 ? compressed.bytes() : Arrays.copyOfRange(compressed.bytes(), at,
                                at + length), length, blockText);
                        System.arraycopy(blockText, 0, text, textAt, textBytes);
                    } else {
                        zstd.decode(compressed.bytes(), at, length, text, textAt, textBytes);
                    }
                } catch (DataFormatException e) {
                    throw new CorruptStoreException(store.dataPath(shard), "block " + b + " (bytes ["
                            + table.fileFrom(b) + ", " + table.fileTo(b) + ")) does not decompress: " + e.getMessage());
                }
            }
        }
        byte[] wanted = Arrays.copyOfRange(text, (int) (from - textFrom), (int) (to - textFrom));
        return new ObjectReads.Range(wanted, compressed.eTag(), compressed.objectSize());
    }

    /**
     * The checkpoint table of an object indexed in place, with the decoder that reads a gzip object's
     * windows from it ({@code null} for zstd, whose table is read whole when opened).
     */
    private record Checkpoints(CheckpointTable table, GzipSpans gzip) {
    }

    /**
     * The checkpoints of an object indexed in place, downloaded into the index cache on first use (by
     * this process or another) and opened; a gzip object's table stays open for its windows.
     */
    private Checkpoints checkpoints() {
        Checkpoints opened = checkpoints.get();
        if (opened != null) {
            return opened;
        }
        Manifest manifest = store.manifest();
        SourceFile source = manifest.source();
        Path path = Path.of(store.indexBucket(), store.checkpointsKey());
        String name = String.format(Locale.ROOT, "%08x-%016x-g%d-%08x-%d.checkpoints", path.toString().hashCode(),
                manifest.storeId(), manifest.generation(), source.checkpointsCrc32c(), source.checkpointsBytes());
        CheckpointTable table;
        for (int attempt = 0; ; attempt++) {
            Path file = cache.get(name, target -> {
                objects.download(store.indexBucket(), store.checkpointsKey(), target);
                long crc;
                long size;
                try (FileChannel channel = FileChannel.open(target, StandardOpenOption.READ)) {
                    size = channel.size();
                    crc = Checksums.crc32c(channel, target, 0, size);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read " + target + ": " + e.getMessage(), e);
                }
                if (size != source.checkpointsBytes() || crc != source.checkpointsCrc32c()) {
                    throw new CorruptStoreException(path, "the object is " + size + " bytes of CRC32C " + crc
                            + ", the manifest records " + source.checkpointsBytes() + " and "
                            + source.checkpointsCrc32c() + "; index " + store.uri() + " again");
                }
            });
            try {
                table = CheckpointTable.open(file, manifest.storeId(), source.checkpointsBytes(),
                        manifest.shards().get(0).textBytes(), store.objectSize(0));
                break;
            } catch (UncheckedIOException e) {
                // Another process trimmed the cache between our download and our opening: fetch again.
                if (!(e.getCause() instanceof NoSuchFileException) || attempt > 0) {
                    throw e;
                }
            }
        }
        GzipSpans gzip = null;
        if (table.codec() == CheckpointTable.GZIP) {
            gzip = new GzipSpans(table, new BlockCache(GzipSpans.WINDOW_CACHE_BYTES));
        } else {
            closeQuietly(table);
        }
        Checkpoints mine = new Checkpoints(table, gzip);
        if (checkpoints.compareAndSet(null, mine)) {
            return mine;
        }
        if (gzip != null) {
            gzip.close();
        }
        return checkpoints.get();
    }

    private static void closeQuietly(CheckpointTable table) {
        try {
            table.close();
        } catch (IOException e) {
            // Read whole already; nothing is lost.
        }
    }

    /** Closes a gzip object's checkpoint table; no read runs. */
    @Override
    public void close() {
        Checkpoints opened = checkpoints.getAndSet(null);
        if (opened != null && opened.gzip() != null) {
            opened.gzip().close();
        }
    }

    /**
     * A failed answer as the caller checks it: {@code null} for another ETag, else no bytes, so that
     * the caller reports the object's size or its short answer, never compressed bytes as text.
     */
    private static ObjectReads.Range notText(ObjectReads.Range answer) {
        return answer == null ? null : new ObjectReads.Range(new byte[0], answer.eTag(), answer.objectSize());
    }

    /**
     * Reads the end of a data object for {@link SeekTable#read}: the last {@value #TAIL_BYTES} bytes
     * once, and a range before them only if the table starts there. An answer that is not the object
     * the store committed ends the read ({@link EOFException}) and is kept for the caller.
     */
    private final class TableSource implements SeekTable.Source {

        private final int shard;
        private final long objectSize;
        private final String ifMatch;
        private long tailFrom = -1;
        private byte[] tail;
        private ObjectReads.Range answer;

        TableSource(int shard, long objectSize, String ifMatch) {
            this.shard = shard;
            this.objectSize = objectSize;
            this.ifMatch = ifMatch;
        }

        @Override
        public void read(long from, byte[] into) throws EOFException {
            if (tail == null) {
                tailFrom = Math.max(0, objectSize - TAIL_BYTES);
                tail = fetch(tailFrom, objectSize);
            }
            byte[] bytes = tail;
            long bytesFrom = tailFrom;
            if (from < tailFrom) {
                bytes = fetch(from, from + into.length);
                bytesFrom = from;
            }
            System.arraycopy(bytes, (int) (from - bytesFrom), into, 0, into.length);
        }

        private byte[] fetch(long from, long to) throws EOFException {
            ObjectReads.Range range = objects.getRange(store.bucket(), store.dataKey(shard), from, to, ifMatch);
            if (range == null || range.objectSize() != objectSize || range.bytes().length != to - from) {
                answer = range;
                throw new EOFException();
            }
            return range.bytes();
        }
    }
}
