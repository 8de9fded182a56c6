package io.linestore.impl.index;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.linestore.CorruptStoreException;
import io.linestore.IndexKind;
import io.linestore.UnsupportedFormatException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * An index file of any bytes, opened as a dense, sparse or compact index with any numbers a manifest
 * may give (none negative), is refused with a {@link CorruptStoreException} or
 * {@link UnsupportedFormatException} naming it, or gives a view whose every entry decodes or is refused
 * naming the file: the first 0 (when there are lines), one entry per stride of lines and the end one,
 * a run read at once the entries read one by one, and the checksum of the line-start entries theirs.
 * An input is the index kind (1 byte: dense, sparse or compact, modulo 3), the stride or lines per
 * block (4), the manifest's lines, data bytes and index bytes (8 each: sizes below 2^48, lines no more
 * than data bytes), all little-endian, then the file's bytes; the identity expected is the one the
 * file's header names.
 */
class IndexFilesFuzzTest {

    private static final int MANIFEST = 1 + 4 + 3 * 8;
    /** Sizes of files, at most: 256 TiB, past what a file system holds. */
    private static final long LARGEST_FILE = (1L << 48) - 1;
    private static final Path FILE = Path.of("generation-1", "data.idx");
    /** Entries read from an index, at most: a header may count billions of lines over a few bytes. */
    private static final long MOST_ENTRIES = 1 << 16;

    @FuzzTest
    void anIndexOpensToEntriesThatDecodeOrIsRefusedNamingIt(byte[] input) {
        if (input.length < MANIFEST) {
            return;
        }
        ByteBuffer manifest = ByteBuffer.wrap(input, 0, MANIFEST).order(ByteOrder.LITTLE_ENDIAN);
        int code = Math.floorMod(manifest.get(), 3);
        int shape = manifest.getInt();
        IndexKind kind = code == 0 ? IndexKind.DENSE
                : code == 1 ? IndexKind.sparse(2 + Math.floorMod(shape, 4095))
                : IndexKind.compact(2 << Math.floorMod(shape, 16));
        long lines = manifest.getLong() & Long.MAX_VALUE;
        long dataBytes = manifest.getLong() & LARGEST_FILE;
        long indexBytes = manifest.getLong() & LARGEST_FILE;
        // Every line takes a byte of the data at least, as the manifest's check holds it to.
        lines %= dataBytes + 1;
        byte[] file = Arrays.copyOfRange(input, MANIFEST, input.length);
        MemorySegment segment = MemorySegment.ofArray(file);
        LineIndex index;
        try {
            index = IndexFiles.open(kind, FILE, segment, identity(file, kind), lines, dataBytes, indexBytes);
        } catch (CorruptStoreException | UnsupportedFormatException e) {
            assertThat(e.getMessage()).contains(FILE.toString());
            return;
        }
        assertThat(index.stride()).isEqualTo(kind.stride());
        assertThat(index.entryCount()).isEqualTo(Math.ceilDiv(lines, kind.stride()) + 1);
        try {
            if (lines > 0) {
                // Else entry 0 is the end entry.
                assertThat(index.entry(0)).isZero();
            }
            int count = (int) Math.min(index.entryCount(), MOST_ENTRIES);
            long[] run = new long[count];
            index.entries(0, run, count);
            CRC32C crc = new CRC32C();
            ByteBuffer entry = ByteBuffer.allocate(Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            for (int e = 0; e < count; e++) {
                assertThat(index.entry(e)).as("entry %d", e).isEqualTo(run[e]);
                if (e < index.entryCount() - 1) {
                    crc.update(entry.clear().putLong(run[e]).flip());
                }
            }
            if (count == index.entryCount()) {
                assertThat(index.entriesCrc32c()).isEqualTo(crc.getValue());
            }
            index.checkWhole();
        } catch (CorruptStoreException e) {
            assertThat(e.getMessage()).contains(FILE.toString());
        }
    }

    /**
     * The identity the file's header names, as a manifest that wrote it would expect: version 2 for a
     * compact index, which only version-2 stores have.
     */
    private static IndexFormat.Identity identity(byte[] file, IndexKind kind) {
        if (file.length < IndexFormat.HEADER_BYTES_V2) {
            return new IndexFormat.Identity(IndexFormat.VERSION, 0, 0, 0);
        }
        ByteBuffer header = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        return header.getInt(4) == IndexFormat.VERSION_1 && !kind.isCompact() ? new IndexFormat.Identity(IndexFormat.VERSION_1, 0, 0, 0)
                : new IndexFormat.Identity(IndexFormat.VERSION, header.getInt(12), header.getLong(32),
                        header.getLong(40));
    }
}
