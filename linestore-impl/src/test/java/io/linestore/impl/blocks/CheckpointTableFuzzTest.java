package io.linestore.impl.blocks;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.linestore.CorruptStoreException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.io.TempDir;

/**
 * A checkpoint table opened from any bytes is refused with a {@link CorruptStoreException} naming it,
 * or holds what its class promises: blocks whose text and file offsets never decrease from 0 to the
 * sizes the manifest gives, bit counts of 0 to 7, and windows of at most 32 KiB that read or are
 * refused naming the table. Its checkpoints, written again by {@link CheckpointTableWriter}, read back
 * the same. An input is the manifest's numbers for the table, then the table: store id, text bytes and
 * file bytes (8 bytes each, little-endian), then the file's bytes.
 */
class CheckpointTableFuzzTest {

    private static final int MANIFEST = 24;

    @TempDir
    Path dir;

    @FuzzTest
    void aTableOpensAsItsClassPromisesOrIsRefusedNamingIt(byte[] input) throws IOException {
        if (input.length < MANIFEST) {
            return;
        }
        ByteBuffer manifest = ByteBuffer.wrap(input, 0, MANIFEST).order(ByteOrder.LITTLE_ENDIAN);
        long storeId = manifest.getLong();
        long textBytes = manifest.getLong();
        long fileBytes = manifest.getLong();
        Path path = Files.write(dir.resolve(CheckpointTable.FILE), Arrays.copyOfRange(input, MANIFEST, input.length));
        Path again = dir.resolve("written-again");
        CheckpointTable opened;
        try {
            opened = new CheckpointTable.Location(path, storeId, input.length - MANIFEST).open(textBytes, fileBytes);
        } catch (CorruptStoreException e) {
            assertThat(e.getMessage()).contains(path.toString());
            Files.delete(path);
            return;
        }
        try (CheckpointTable table = opened) {
            int blocks = table.blocks();
            assertThat(blocks).isPositive();
            assertThat(table.textStart(0)).isZero();
            assertThat(table.textStart(blocks)).isEqualTo(textBytes);
            assertThat(table.fileTo(blocks - 1)).isEqualTo(fileBytes);
            byte[][] windows = new byte[blocks][];
            for (int b = 0; b < blocks; b++) {
                assertThat(table.textStart(b)).isLessThanOrEqualTo(table.textStart(b + 1));
                assertThat(table.fileFrom(b)).isBetween(0L, table.fileTo(b));
                assertThat(table.bits(b)).isBetween(0, 7);
                try {
                    windows[b] = table.window(b);
                } catch (CorruptStoreException e) {
                    assertThat(e.getMessage()).contains(path.toString());
                    return;
                }
                assertThat(windows[b].length).isLessThanOrEqualTo(1 << 15);
            }
            long[] written;
            try (CheckpointTableWriter writer = new CheckpointTableWriter(again, storeId, table.codec())) {
                for (int b = 0; b < blocks; b++) {
                    long file = table.fileFrom(b) + (table.bits(b) > 0 ? 1 : 0);
                    writer.add(table.textStart(b), file, table.bits(b), windows[b], windows[b].length);
                }
                written = writer.finish(textBytes, fileBytes, false);
            }
            try (CheckpointTable copy = new CheckpointTable.Location(again, storeId, written[0])
                    .open(textBytes, fileBytes)) {
                assertThat(copy.blocks()).isEqualTo(blocks);
                for (int b = 0; b < blocks; b++) {
                    assertThat(copy.textStart(b)).isEqualTo(table.textStart(b));
                    assertThat(copy.fileFrom(b)).isEqualTo(table.fileFrom(b));
                    assertThat(copy.fileTo(b)).isEqualTo(table.fileTo(b));
                    assertThat(copy.bits(b)).isEqualTo(table.bits(b));
                    assertThat(copy.window(b)).isEqualTo(windows[b]);
                }
            }
        } finally {
            Files.deleteIfExists(again);
            Files.delete(path);
        }
    }
}
