package io.linestore.gen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.HexFormat;
import java.util.zip.CRC32C;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The bytes a seed and options generate never change: benchmarks, their cached data and recorded
 * results name a seed ("seed 1") and mean these bytes. The CRC32C of the first MiB is pinned for a
 * few seeds and options, on one thread and on several (which must not differ).
 */
class GeneratedBytesGoldenTest {

    private static final int MIB = 1 << 20;

    @ParameterizedTest(name = "seed {0}, {1}, {2}, {3}, empty {4}, {5} content")
    @CsvSource({
        "1, uniform:32:160, ASCII, LF, 0.0, RANDOM, 479ca9c1",
        "2, uniform:32:160, ASCII, LF, 0.0, RANDOM, 9f538afa",
        "7, normal:100:20, ASCII, CRLF, 0.1, RANDOM, 7ac7d153",
        "42, lognormal:60:1.0, UTF8, MIXED, 0.05, RANDOM, 73c7516b",
        "1, lognormal:120:0.6, ASCII, LF, 0.01, LOG, bf78d693",
        "1, lognormal:120:0.6, ASCII, LF, 0.01, JSON, c6699296",
    })
    void theFirstMibOfASeedIsPinned(long seed, String lengths, ContentCharset charset, LineEnding ending,
            double empty, ContentKind content, String crc) throws IOException {
        for (int threads : new int[] {1, 2}) {
            Generator generator = Generator.builder().size(2L * MIB).seed(seed)
                    .lengths(LengthDistribution.parse(lengths)).charset(charset).lineEnding(ending)
                    .emptyRatio(empty).content(content).threads(threads).build();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            generator.writeTo(out);
            CRC32C checksum = new CRC32C();
            checksum.update(out.toByteArray(), 0, MIB);

            assertThat(HexFormat.of().toHexDigits((int) checksum.getValue())).as("%d threads", threads).isEqualTo(crc);
        }
    }
}
