package io.linestore.bench.naive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.bench.data.LineRanges;
import io.linestore.gen.ContentCharset;
import io.linestore.gen.Generator;
import io.linestore.gen.LineEnding;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class NaiveReadTest {

    private static final long LINES = 500;
    private static final long[] FIRST_LINES = {0, 1, 137, 250, LINES - 3, LINES - 1};

    @TempDir
    Path dir;

    private Generator generator;
    private Path file;

    @BeforeEach
    void generate() throws IOException {
        // multi-byte characters make character and byte offsets differ; CRLF tests the terminator
        generator = Generator.builder().lines(LINES).seed(3).charset(ContentCharset.UTF8)
                .lineEnding(LineEnding.MIXED).emptyRatio(0.1).build();
        file = dir.resolve("text.txt");
        generator.writeTo(file);
    }

    @ParameterizedTest
    @EnumSource(NaiveRead.class)
    void readsTheGeneratedLinesFromEveryStart(NaiveRead method) {
        try (LineRanges reader = method.open(file, FIRST_LINES)) {
            for (long first : FIRST_LINES) {
                List<String> expected = LongStream.range(first, Math.min(first + 5, LINES))
                        .mapToObj(generator::expectedLine).toList();
                assertThat(reader.read(first, 5)).as("read(%d, 5)", first).isEqualTo(expected);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(NaiveRead.class)
    void aLineThatWasNotScannedIsRejected(NaiveRead method) {
        try (LineRanges reader = method.open(file, FIRST_LINES)) {
            assertThatThrownBy(() -> reader.read(2, 1))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 2");
        }
    }

    @ParameterizedTest
    @EnumSource(NaiveRead.class)
    void aReadAtTheEndIsEmptyAndOnePastItIsRejectedWithTheFileName(NaiveRead method) {
        try (LineRanges reader = method.open(file, new long[] {LINES})) {
            assertThat(reader.read(LINES, 1)).isEmpty();
        }
        assertThatThrownBy(() -> method.open(file, new long[] {LINES + 1}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("line " + (LINES + 1)).hasMessageContaining(file.toString());
    }
}
