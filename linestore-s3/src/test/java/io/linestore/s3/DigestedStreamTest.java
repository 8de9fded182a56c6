package io.linestore.s3;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.impl.format.DataFileIdentity;
import io.linestore.impl.format.StoreFiles;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;

/**
 * The sums of a streamed object equal those of its bytes, however the reads cut it: all of it, its
 * first and last {@value StoreFiles#PROBE_BYTES} bytes (fewer when it is shorter) and its first
 * {@link DataFileIdentity#HEAD_BYTES}, with single-byte reads and skips among the reads.
 */
class DigestedStreamTest {

    @Test
    void sumsEqualThoseOfTheBytesHoweverTheReadsCutThem() throws IOException {
        SplittableRandom random = new SplittableRandom(17);
        for (int size : new int[] {0, 1, 100, DataFileIdentity.HEAD_BYTES + 3, StoreFiles.PROBE_BYTES - 1,
                StoreFiles.PROBE_BYTES, StoreFiles.PROBE_BYTES * 3 + 11}) {
            byte[] bytes = new byte[size];
            random.nextBytes(bytes);
            DigestedStream in = new DigestedStream(new ByteArrayInputStream(bytes));
            byte[] buffer = new byte[StoreFiles.PROBE_BYTES + 100];
            long read = 0;
            while (true) {
                int kind = random.nextInt(10);
                long n = kind == 0 ? in.read() : kind == 1 ? in.skip(random.nextInt(1, 5_000))
                        : in.read(buffer, random.nextInt(10), random.nextInt(0, buffer.length - 10));
                if (n < 0 || (kind == 1 && n == 0 && read == size)) {
                    break;
                }
                read += kind == 0 ? 1 : n;
            }
            assertThat(in.bytes()).as("size %d", size).isEqualTo(size);
            assertThat(in.crc32c()).isEqualTo(crc(bytes, 0, size));
            assertThat(in.headCrc32c()).isEqualTo(crc(bytes, 0, Math.min(size, StoreFiles.PROBE_BYTES)));
            assertThat(in.identityCrc32c()).isEqualTo(crc(bytes, 0, Math.min(size, DataFileIdentity.HEAD_BYTES)));
            assertThat(in.tailCrc32c()).as("tail of %d", size)
                    .isEqualTo(crc(bytes, Math.max(0, size - StoreFiles.PROBE_BYTES), size));
        }
    }

    /** As {@link java.io.InputStream#skip} says: skipping zero or fewer bytes skips none. */
    @Test
    void skippingNoneOrANegativeCountSkipsNothing() throws IOException {
        DigestedStream in = new DigestedStream(new ByteArrayInputStream(new byte[] {1, 2, 3}));
        assertThat(in.skip(-5)).isZero();
        assertThat(in.skip(0)).isZero();
        assertThat(in.read()).isEqualTo(1);
        assertThat(in.bytes()).isEqualTo(1);
    }

    private static long crc(byte[] bytes, int from, int to) {
        CRC32C crc = new CRC32C();
        crc.update(Arrays.copyOfRange(bytes, from, to));
        return crc.getValue();
    }
}
