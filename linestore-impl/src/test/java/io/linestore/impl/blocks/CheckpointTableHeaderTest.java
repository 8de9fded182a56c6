package io.linestore.impl.blocks;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.CorruptStoreException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A checkpoint table's header is checked in whole numbers that cannot overflow: a count of checkpoints
 * too large for one read is a damaged table naming its file, never an arithmetic or allocation error.
 */
class CheckpointTableHeaderTest {

    private static final long STORE_ID = 42;

    @TempDir
    Path dir;

    /** 60 million entries of 40 bytes: a 2.4 GB table (a sparse file), past what one array holds. */
    @Test
    void moreCheckpointsThanATableHoldsIsCorruptNamingTheFile() throws IOException {
        int n = 60_000_000;
        long tableAt = 32;
        long bytes = tableAt + 40L * n + 16;
        Path table = dir.resolve(CheckpointTable.FILE);
        ByteBuffer header = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
        header.put("LSCHKPT2".getBytes(StandardCharsets.US_ASCII)).putLong(STORE_ID).putInt(CheckpointTable.GZIP)
                .putInt(n).putLong(tableAt);
        Files.write(table, header.array());
        try (RandomAccessFile sparse = new RandomAccessFile(table.toFile(), "rw")) {
            sparse.setLength(bytes);
        }

        assertThatThrownBy(() -> new CheckpointTable.Location(table, STORE_ID, bytes).open(1 << 20, 1 << 20))
                .isInstanceOf(CorruptStoreException.class).hasMessageContaining(table.toString())
                .hasMessageContaining("60000000 checkpoints");
    }
}
