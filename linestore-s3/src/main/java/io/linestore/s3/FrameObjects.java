package io.linestore.s3;

import io.linestore.CorruptStoreException;
import io.linestore.impl.zstd.SeekTable;
import io.linestore.impl.zstd.ZstdFrames;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.zip.DataFormatException;

/**
 * The text of a compressed store's data objects ({@code build --compress zstd}): each object is
 * independent zstd frames ending in the seek table of the zstd seekable format (byte layout in
 * {@link SeekTable}), and the index's entries are offsets in the uncompressed text. A read of text
 * {@code [from, to)} is one ranged GET of the frames that hold it, each decompressed (its content
 * size and checksum checked by zstd), then cut to the range. A shard's seek table is read on first
 * use by one ranged GET of the object's last {@value #TAIL_BYTES} bytes (a second one when the
 * table is longer) and kept while the store is open. Thread-safe: two threads that need the same
 * table at once may both fetch it, and either is kept.
 */
final class FrameObjects {

    /** Bytes of an object's end fetched for its seek table: the table of a 512 MiB shard of 64 KiB frames. */
    static final int TAIL_BYTES = 1 << 16;

    private final ObjectReads objects;
    private final StoreObjects store;
    private final AtomicReferenceArray<SeekTable> tables;

    FrameObjects(ObjectReads objects, StoreObjects store) {
        this.objects = objects;
        this.store = store;
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
        SeekTable table = tables.get(shard);
        if (table == null) {
            TableSource source = new TableSource(shard, objectSize, ifMatch);
            try {
                table = SeekTable.read(store.dataPath(shard), source, objectSize,
                        store.manifest().shards().get(shard).textBytes());
            } catch (EOFException e) {
                return notText(source.answer);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            tables.compareAndSet(shard, null, table);
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
        byte[] text = new byte[Math.toIntExact(table.textStart(last + 1) - textFrom)];
        // A context per call, freed at its end: reads run on virtual threads too, which would each keep one.
        try (ZstdFrames.OwnContext zstd = new ZstdFrames.OwnContext()) {
            for (int b = first; b <= last; b++) {
                int textBytes = (int) (table.textStart(b + 1) - table.textStart(b));
                if (textBytes == 0) {
                    // An old seek table an append left behind: a skippable frame, no text.
                    continue;
                }
                try {
                    zstd.decode(compressed.bytes(), (int) (table.fileFrom(b) - fileFrom),
                            (int) (table.fileTo(b) - table.fileFrom(b)), text, (int) (table.textStart(b) - textFrom),
                            textBytes);
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
