package io.linestore.impl.blocks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.linestore.CorruptStoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A checkpoint table's header and entries parse from their bytes alone, with no file open: the
 * entries a writer wrote read back, and any byte of them changed is still either a table whose
 * offsets never decrease and whose bits are 0 to 7, or a {@link CorruptStoreException} naming it.
 */
class CheckpointEntriesTest {

    private static final long STORE_ID = 7;

    @TempDir
    Path dir;

    @Test
    void entriesParseFromTheirBytesAndDamageIsRefusedNamingTheTable() throws IOException {
        Path path = dir.resolve(CheckpointTable.FILE);
        byte[] window = new byte[300];
        Arrays.fill(window, (byte) 'w');
        long[] written;
        try (CheckpointTableWriter writer = new CheckpointTableWriter(path, STORE_ID, CheckpointTable.GZIP)) {
            for (int b = 0; b < 70; b++) {
                writer.add(100L * b, 40L * b + (b > 0 ? 1 : 0), b % 8, window, b == 0 ? 0 : window.length);
            }
            written = writer.finish(7_000, 2_801, false);
        }
        byte[] file = Files.readAllBytes(path);
        assertThat((long) file.length).isEqualTo(written[0]);

        CheckpointEntries.Header header = CheckpointEntries.Header.parse(path, Arrays.copyOf(file, 32), STORE_ID,
                file.length);
        byte[] table = Arrays.copyOfRange(file, (int) header.tableAt(), file.length);
        CheckpointEntries entries = CheckpointEntries.parse(path, header, table, 7_000, 2_801);

        assertThat(entries.count()).isEqualTo(70);
        assertThat(entries.textStart[69]).isEqualTo(6_900);
        assertThat(entries.textStart[70]).isEqualTo(7_000);
        assertThat(entries.fileStart[70]).isEqualTo(2_801);
        assertThat(entries.bits[9]).isEqualTo((byte) 1);
        // 69 windows: a full frame of 64, then one of 5.
        assertThat(entries.frameCount[1]).isEqualTo(64);
        assertThat(entries.frameCount[65]).isEqualTo(5);

        SplittableRandom random = new SplittableRandom(20261129);
        for (int round = 0; round < 2_000; round++) {
            byte[] damaged = table.clone();
            damaged[random.nextInt(damaged.length)] ^= (byte) (1 + random.nextInt(255));
            Throwable refused = catchThrowable(() -> {
                CheckpointEntries parsed = CheckpointEntries.parse(path, header, damaged, 7_000, 2_801);
                for (int b = 0; b < parsed.count(); b++) {
                    assertThat(parsed.textStart[b + 1]).isGreaterThanOrEqualTo(parsed.textStart[b]);
                    assertThat(parsed.fileStart[b + 1]).isGreaterThanOrEqualTo(parsed.fileStart[b]);
                    assertThat(parsed.bits[b]).isBetween((byte) 0, (byte) 7);
                }
            });
            if (refused != null) {
                assertThat(refused).isInstanceOf(CorruptStoreException.class).hasMessageContaining(path.toString());
            }
        }
    }
}
