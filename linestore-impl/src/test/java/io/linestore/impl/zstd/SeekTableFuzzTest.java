package io.linestore.impl.zstd;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.linestore.CorruptStoreException;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The seek table that ends a data file, read from any bytes, is refused with a
 * {@link CorruptStoreException} naming the file, or lists frames that tile the bytes before it from 0
 * and hold the manifest's text; those frames' sizes, encoded again after the same frames, read back as
 * the same table. An input is the manifest's text bytes (8 bytes, little-endian), then the file's bytes.
 */
class SeekTableFuzzTest {

    private static final Path FILE = Path.of("shards", "00000000.zst");

    @FuzzTest
    void aSeekTableTilesItsFileOrIsRefusedNamingIt(byte[] input) throws IOException {
        if (input.length < Long.BYTES) {
            return;
        }
        long textBytes = ByteBuffer.wrap(input, 0, Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).getLong();
        byte[] file = Arrays.copyOfRange(input, Long.BYTES, input.length);
        SeekTable table;
        try {
            table = SeekTable.read(FILE, source(file), file.length, textBytes);
        } catch (CorruptStoreException e) {
            assertThat(e.getMessage()).contains(FILE.toString());
            return;
        }
        int frames = table.blocks();
        assertThat(table.fileStart(0)).isZero();
        assertThat(table.textStart(0)).isZero();
        assertThat(table.textStart(frames)).isEqualTo(textBytes);
        for (int i = 0; i < frames; i++) {
            assertThat(table.fileStart(i)).isLessThanOrEqualTo(table.fileStart(i + 1));
            assertThat(table.textStart(i)).isLessThanOrEqualTo(table.textStart(i + 1));
        }
        assertThat(table.fileStart(frames)).isLessThanOrEqualTo(file.length - SeekTable.HEADER_BYTES
                - SeekTable.FOOTER_BYTES - (long) frames * SeekTable.ENTRY_BYTES);

        int[][] sizes = table.sizes();
        ByteBuffer encoded = SeekTable.encode(sizes[0], sizes[1], frames);
        byte[] again = Arrays.copyOf(file, Math.toIntExact(table.fileStart(frames)) + encoded.remaining());
        encoded.get(again, Math.toIntExact(table.fileStart(frames)), encoded.remaining());
        SeekTable reread = SeekTable.read(FILE, source(again), again.length, textBytes);
        assertThat(reread.blocks()).isEqualTo(frames);
        for (int i = 0; i <= frames; i++) {
            assertThat(reread.fileStart(i)).isEqualTo(table.fileStart(i));
            assertThat(reread.textStart(i)).isEqualTo(table.textStart(i));
        }
    }

    private static SeekTable.Source source(byte[] file) {
        return (from, into) -> {
            if (from < 0 || from + into.length > file.length) {
                throw new EOFException("read of " + into.length + " bytes at " + from + " in " + file.length);
            }
            System.arraycopy(file, (int) from, into, 0, into.length);
        };
    }
}
