package io.linestore.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.bench.config.Engine;
import io.linestore.bench.data.BenchData;
import io.linestore.bench.data.EngineLines;
import io.linestore.gen.LineCheck;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Loads a few thousand generated lines into every engine {@link EngineReadBenchmark} reads and checks
 * that both ways of reading return exactly the generated lines, at the start, inside, at the end and
 * past the end. An engine whose native library does not load fails here.
 */
class EngineReadSmokeTest {

    private static final long LINES = 3_000;

    @TempDir
    static Path dir;

    private static BenchData data;
    private static List<String> expected;

    @BeforeAll
    static void generate() {
        data = BenchData.in(dir.toString());
        try (EngineLines reference = EngineReadBenchmark.open(data, Engine.LINESTORE, LINES)) {
            expected = reference.read(0, (int) LINES);
        }
        assertThat(expected).hasSize((int) LINES);
        for (int i = 0; i < expected.size(); i++) {
            LineCheck.check(i, expected.get(i));
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void readsAndByteReadsReturnTheGeneratedLines(Engine engine) {
        try (EngineLines lines = EngineReadBenchmark.open(data, engine, LINES)) {
            for (long[] range : new long[][] {{0, 1}, {0, 100}, {1_234, 1}, {1_500, 100}, {2_900, 100},
                    {2_999, 1}, {2_950, 100}, {0, 3_000}, {3_000, 10}}) {
                long offset = range[0];
                int size = (int) range[1];
                List<String> want = expected.subList((int) Math.min(offset, LINES),
                        (int) Math.min(offset + size, LINES));

                assertThat(lines.read(offset, size)).as("%s read(%d, %d)", engine, offset, size).isEqualTo(want);

                List<String> visited = new ArrayList<>();
                List<Long> numbers = new ArrayList<>();
                lines.readBytes(offset, size, (lineNumber, line) -> {
                    numbers.add(lineNumber);
                    byte[] bytes = new byte[line.remaining()];
                    line.get(bytes);
                    visited.add(new String(bytes, StandardCharsets.UTF_8));
                });
                assertThat(visited).as("%s readBytes(%d, %d)", engine, offset, size).isEqualTo(want);
                assertThat(numbers).as("%s readBytes(%d, %d) line numbers", engine, offset, size)
                        .isEqualTo(LongStream.range(offset, offset + want.size()).boxed().toList());
            }
        }
    }
}
