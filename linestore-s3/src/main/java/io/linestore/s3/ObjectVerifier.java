package io.linestore.s3;

import io.linestore.CorruptStoreException;
import io.linestore.VerifyReport;
import com.google.common.io.ByteStreams;
import io.linestore.impl.build.CompressedInput;
import io.linestore.impl.format.ShardEntry;
import io.linestore.impl.format.SourceFile;
import io.linestore.impl.index.LineIndex;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32C;
import java.util.zip.CheckedInputStream;

/**
 * {@code verify} of one shard of an S3 store: streams its data object once (one GET) and checks
 * what {@code linestore verify} checks of a local shard: the object's size, the CRC32C of the
 * committed bytes, the line count and final {@code \n}, and that every index entry is the offset of
 * the line it stands for (for a compressed store: in the text its frames decompress to, every frame
 * decompressed and its checksum checked; for a gzip or zstd object indexed in place: in the text it
 * decompresses to, and its checkpoint table's size and CRC32C); and the CRC32C of the index's
 * entries. At most five wrong entries are listed, then a count. Used once per shard; not thread-safe.
 */
final class ObjectVerifier {

    private static final int MAX_LISTED = 5;

    private final ObjectReads objects;
    private final StoreObjects store;
    private final int shard;
    private final LineIndex index;
    private final String eTag;
    private final List<VerifyReport.Problem> problems = new ArrayList<>();

    /**
     * Prepares the check.
     *
     * @param objects the client
     * @param store the store
     * @param shard the shard
     * @param index its index, or {@code null} for a store without one (or an index already reported)
     * @param eTag the ETag the data object must have, or {@code null}
     */
    ObjectVerifier(ObjectReads objects, StoreObjects store, int shard, LineIndex index, String eTag) {
        this.objects = objects;
        this.store = store;
        this.shard = shard;
        this.index = index;
        this.eTag = eTag;
    }

    /**
     * Runs the check.
     *
     * @return the problems found, empty when the shard is whole
     */
    List<VerifyReport.Problem> verify() {
        ShardEntry entry = store.manifest().shards().get(shard);
        String data = store.dataName(shard);
        if (index != null) {
            try {
                long crc = index.entriesCrc32c();
                if (crc != entry.indexCrc32c()) {
                    problem(store.indexName(shard), "CRC32C of the entries is " + crc + ", the manifest records "
                            + entry.indexCrc32c());
                }
            } catch (CorruptStoreException e) {
                problem(store.indexName(shard), e.getMessage());
            }
        }
        if (store.checkpointed()) {
            checkCheckpoints();
        }
        ObjectReads.Opened opened = objects.stream(store.bucket(), store.dataKey(shard), eTag);
        try (InputStream in = opened.in()) {
            long size = opened.size();
            if (size != store.objectSize(shard)) {
                problem(data, "the object is " + size + " bytes, expected " + store.objectSize(shard));
            }
            scan(in, entry, data);
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + data + " failed: " + e.getMessage(), e);
        }
        return problems;
    }

    /** The checkpoint table of an object indexed in place: its size and CRC32C, as the manifest records them. */
    private void checkCheckpoints() {
        SourceFile source = store.manifest().source();
        String name = store.indexBucket() + "/" + store.checkpointsKey();
        ObjectReads.Opened opened = objects.stream(store.indexBucket(), store.checkpointsKey(), null);
        CRC32C crc = new CRC32C();
        long size;
        try (InputStream in = new CheckedInputStream(opened.in(), crc)) {
            size = ByteStreams.exhaust(in);
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + name + " failed: " + e.getMessage(), e);
        }
        if (size != source.checkpointsBytes() || crc.getValue() != source.checkpointsCrc32c()) {
            problem(name, "the object is " + size + " bytes of CRC32C " + crc.getValue() + ", the manifest records "
                    + source.checkpointsBytes() + " and " + source.checkpointsCrc32c());
        }
    }

    private void scan(InputStream object, ShardEntry entry, String data) throws IOException {
        int stride = store.manifest().indexStride();
        CRC32C crc = new CRC32C();
        Received received = new Received(ByteStreams.limit(object, entry.dataBytes()));
        InputStream committedBytes = new BufferedInputStream(new CheckedInputStream(received, crc), 1 << 16);
        byte[] buffer = new byte[1 << 16];
        long position = 0;
        long lines = 0;
        long wrongEntries = 0;
        boolean atLineStart = true;
        boolean textWhole = true;
        byte last = '\n';
        long committed = store.textBytes(shard);
        try (InputStream in = text(committedBytes, data)) {
            textWhole = in != null;
            while (textWhole && position < committed) {
                int n;
                try {
                    n = in.read(buffer, 0, (int) Math.min(buffer.length, committed - position));
                } catch (IOException e) {
                    textWhole = damage(received, data, "its text does not decompress after byte " + position, e);
                    break;
                }
                if (n < 0) {
                    break;
                }
                for (int i = 0; i < n; i++) {
                    if (atLineStart && index != null && lines % stride == 0) {
                        long expected = index.entry(lines / stride);
                        if (expected != position + i && wrongEntries++ < MAX_LISTED) {
                            problem(store.indexName(shard), "entry " + lines / stride + " is " + expected
                                    + ", but line " + lines + " starts at byte " + (position + i));
                        }
                    }
                    atLineStart = buffer[i] == '\n';
                    if (atLineStart) {
                        lines++;
                    }
                }
                last = buffer[n - 1];
                position += n;
            }
            if (textWhole && position < committed) {
                problem(data, (store.compressed() ? "its text ends at byte " : "the object ends at byte ") + position
                        + ", the manifest commits " + committed);
                textWhole = false;
            }
            if (textWhole && store.compressed()) {
                try {
                    if (in.read() >= 0) {
                        problem(data, "its frames hold more text than the manifest's " + committed + " bytes");
                        textWhole = false;
                    }
                } catch (IOException e) {
                    textWhole = damage(received, data, "its text does not decompress after byte " + position, e);
                }
            }
            // The bytes after the text (a compressed object's seek table) count in the checksum too.
            ByteStreams.exhaust(committedBytes);
        }
        if (crc.getValue() != entry.dataCrc32c()) {
            problem(data, String.format(Locale.ROOT, "CRC32C of the committed bytes is %d, the manifest records %d",
                    crc.getValue(), entry.dataCrc32c()));
        }
        if (!textWhole) {
            return;
        }
        if (wrongEntries > MAX_LISTED) {
            problem(store.indexName(shard), (wrongEntries - MAX_LISTED) + " more wrong entries");
        }
        if (last != '\n' && committed > 0) {
            if (store.openEnd()) {
                lines++;
            } else {
                problem(data, "the last line has no line end");
            }
        }
        if (lines != entry.lines()) {
            problem(data, "holds " + lines + " lines, the manifest says " + entry.lines());
        }
    }

    /**
     * The text of the committed bytes: the bytes themselves, or for a compressed store what its zstd
     * frames decompress to; {@code null}, with the problem reported, for a compressed object that does
     * not start with a zstd frame.
     */
    private InputStream text(InputStream committedBytes, String data) throws IOException {
        if (!store.compressed()) {
            return committedBytes;
        }
        committedBytes.mark(CompressedInput.MAGIC_BYTES);
        byte[] head = committedBytes.readNBytes(CompressedInput.MAGIC_BYTES);
        committedBytes.reset();
        String codec = store.manifest().compression().codec();
        if (!codec.equals(CompressedInput.codecOf(head, head.length))) {
            problem(data, "it does not start with " + (codec.equals("gzip") ? "a gzip member" : "a zstd frame"));
            return null;
        }
        return CompressedInput.text(committedBytes, data);
    }

    /**
     * A failure to read the text: the object's own failure to arrive is thrown as it is; any other is
     * damage, reported.
     *
     * @return {@code false}: the text is not whole
     */
    private boolean damage(Received received, String data, String what, IOException e) throws IOException {
        if (received.failure != null) {
            throw received.failure;
        }
        problem(data, what + ": " + e.getMessage());
        return false;
    }

    /** The object's bytes as they arrive, remembering a failure to receive them, told apart from damage. */
    private static final class Received extends FilterInputStream {

        private IOException failure;

        Received(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (IOException e) {
                failure = e;
                throw e;
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return super.read(b, off, len);
            } catch (IOException e) {
                failure = e;
                throw e;
            }
        }
    }

    private void problem(String file, String message) {
        problems.add(new VerifyReport.Problem(file, message));
    }
}
