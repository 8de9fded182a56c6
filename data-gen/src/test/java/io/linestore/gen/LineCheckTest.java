package io.linestore.gen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class LineCheckTest {

    private static final Generator UTF8 = Generator.builder().lines(1_000_000).charset(ContentCharset.UTF8)
            .lengths(LengthDistribution.logNormal(50, 1)).build();

    private static final long LINES = 1_000_000;

    static LongStream seeds200() {
        return LongStream.range(0, 200);
    }

    static LongStream seeds50() {
        return LongStream.range(0, 50);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds200")
    void aGeneratedLineVerifiesOnlyUnderItsOwnNumber(long seed) {
        long i = lineNumber(new SplittableRandom(seed), LINES - 1);
        String line = UTF8.expectedLine(i);

        assertThat(LineCheck.verify(i, line)).as("seed %d: line %d", seed, i).isTrue();
        assertThat(LineCheck.verify(i + 1, line)).as("seed %d: line %d as line %d", seed, i, i + 1).isFalse();
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds50")
    void anySingleChangedByteFails(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long i = lineNumber(random, LINES);
        byte delta = (byte) random.nextInt(1, 256);
        byte[] line = UTF8.expectedLineBytes(i);
        for (int at = 0; at < line.length; at++) {
            byte[] changed = line.clone();
            changed[at] += delta;

            assertThat(LineCheck.verify(i, ByteBuffer.wrap(changed)))
                    .as("seed %d: line %d, byte %d changed by %d", seed, i, at, delta).isFalse();
        }
    }

    /** A line number in {@code [0, bound)}; the first and the last often. */
    private static long lineNumber(SplittableRandom random, long bound) {
        return switch (random.nextInt(8)) {
            case 0 -> 0;
            case 1 -> bound - 1;
            default -> random.nextLong(bound);
        };
    }

    @Test
    void aMissingOrExtraByteFails() {
        byte[] line = UTF8.expectedLineBytes(42);
        byte[] extra = new byte[line.length + 1];
        System.arraycopy(line, 0, extra, 1, line.length);
        extra[0] = '0';

        assertThat(LineCheck.verify(42, ByteBuffer.wrap(line, 1, line.length - 1))).isFalse();
        assertThat(LineCheck.verify(42, ByteBuffer.wrap(line, 0, line.length - 1))).isFalse();
        assertThat(LineCheck.verify(42, ByteBuffer.wrap(extra))).isFalse();
    }

    @Test
    void theByteVariantReadsBetweenPositionAndLimitWithoutConsuming() {
        byte[] line = UTF8.expectedLineBytes(7);
        ByteBuffer buffer = ByteBuffer.allocateDirect(line.length + 10);
        buffer.position(4).put(line).position(4).limit(4 + line.length);

        assertThat(LineCheck.verify(7, buffer)).isTrue();
        assertThat(buffer.position()).isEqualTo(4);
        assertThat(buffer.limit()).isEqualTo(4 + line.length);
    }

    @Test
    void theFormatIsNumberPayloadAndChecksum() {
        String line = Generator.builder().lines(100).build().expectedLine(42);

        assertThat(line).matches("0000000042 [\\x20-\\x7E]* #[0-9a-f]{8}");
    }

    @Test
    void anEmptyLineVerifies() {
        assertThat(LineCheck.verify(5, "")).isTrue();
        assertThat(LineCheck.verify(5, ByteBuffer.allocate(0))).isTrue();
    }

    @Test
    void checkNamesTheLineNumberAndShowsTheLine() {
        String line = UTF8.expectedLine(3);
        LineCheck.check(3, line);
        LineCheck.check(3, ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8)));

        assertThatThrownBy(() -> LineCheck.check(4, line))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("line 4 fails its check")
                .hasMessageContaining("0000000003 ");
        assertThatThrownBy(() -> LineCheck.check(9, ByteBuffer.wrap("garbage\r".getBytes(StandardCharsets.UTF_8))))
                .hasMessage("line 9 fails its check (8 chars): \"garbage\\r\"");
    }
}
