package io.linestore.impl.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every encoding the benchmark compares gives every line's start for every line-length distribution,
 * and the compact encodings keep to their size bounds; prints the bytes per line it measured.
 */
class IndexEncodingTest {

    private static final int LINES = 300_000;

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(LineLengths.class)
    void everyEncodingGivesEveryStart(LineLengths lengths) throws IOException {
        long[] starts = lengths.starts(LINES, 14);
        try (Arena arena = Arena.ofConfined()) {
            for (IndexEncoding encoding : IndexEncoding.values()) {
                IndexLookup index = encoding.write(starts, dir.resolve(encoding.name()), arena);
                for (int i = 0; i <= LINES; i++) {
                    if (index.start(i) != starts[i]) {
                        throw new AssertionError(encoding + " over " + lengths + ": line " + i + " starts at "
                                + index.start(i) + ", expected " + starts[i]);
                    }
                }
                double perLine = (double) index.bytes() / LINES;
                System.out.printf(Locale.ROOT, "%s %s: %.3f bytes per line%n", encoding, lengths, perLine);
                assertThat(perLine).as("%s over %s", encoding, lengths).isLessThanOrEqualTo(8.001);
                if (encoding == IndexEncoding.ELIAS_FANO && lengths == LineLengths.UNIFORM_33_161) {
                    assertThat(perLine).isLessThanOrEqualTo(1.5);
                }
            }
        }
    }
}
