package io.linestore.bench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class PositionTest {

    private static final long MAX_LINES = 100_000_000_000L;
    private static final int MAX_RANGE = 10_000;

    static LongStream seeds() {
        return LongStream.range(0, 1000);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void everyReadStartsInsideTheStoreAndInsideItsPositionsWindow(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Position position = Position.values()[(int) (seed % Position.values().length)];
        long lineCount = lineCount(random);
        int rangeSize = rangeSize(random);
        long[] offsets = position.offsets(lineCount, rangeSize, 7);

        String replay = "seed %d: %s, lineCount=%d, rangeSize=%d".formatted(seed, position, lineCount, rangeSize);
        long lastStart = Math.max(0, lineCount - rangeSize);
        long window = Math.max(1, lineCount / 100);
        assertThat(offsets).as(replay).hasSize(Position.OFFSET_COUNT);
        assertThat(Arrays.stream(offsets)).as(replay).allSatisfy(o -> assertThat(o).isBetween(0L, lastStart));
        switch (position) {
            case START -> assertThat(Arrays.stream(offsets)).as(replay)
                    .allSatisfy(o -> assertThat(o).isLessThan(window));
            case END -> assertThat(Arrays.stream(offsets)).as(replay)
                    .allSatisfy(o -> assertThat(o).isGreaterThanOrEqualTo(lastStart + 1 - window));
            // in the middle unless the range is too long to fit after it
            case MIDDLE -> assertThat(Arrays.stream(offsets)).as(replay).allSatisfy(o -> assertThat(o).isBetween(
                    Math.min(lastStart + 1 - window, lineCount / 2 - window), lineCount / 2 + window));
            // anywhere: with 1,024 draws some land in each half of a store of 200 or more possible starts
            case RANDOM -> {
                if (lastStart >= 200) {
                    assertThat(Arrays.stream(offsets)).as(replay).anySatisfy(o -> assertThat(o).isLessThan(lastStart / 2));
                    assertThat(Arrays.stream(offsets)).as(replay)
                            .anySatisfy(o -> assertThat(o).isGreaterThan(lastStart / 2));
                }
            }
        }
    }

    /** A line count in {@code [1, 10^11]} of any magnitude, from stores shorter than one read up. */
    private static long lineCount(SplittableRandom random) {
        return switch (random.nextInt(8)) {
            case 0 -> 1;
            case 1 -> MAX_LINES;
            default -> random.nextLong(1, Math.min(MAX_LINES, (long) Math.pow(10, random.nextInt(1, 12))) + 1);
        };
    }

    /** A range size in {@code [1, 10,000]} of any magnitude. */
    private static int rangeSize(SplittableRandom random) {
        return switch (random.nextInt(8)) {
            case 0 -> 1;
            case 1 -> MAX_RANGE;
            default -> random.nextInt(1, (int) Math.pow(10, random.nextInt(1, 5)) + 1);
        };
    }

    @Test
    void theSameArgumentsGiveTheSameOffsets() {
        assertThat(Position.END.offsets(10_000_000, 100, 1)).isEqualTo(Position.END.offsets(10_000_000, 100, 1));
        assertThat(Position.END.offsets(10_000_000, 100, 1)).isNotEqualTo(Position.END.offsets(10_000_000, 100, 2));
    }

    /** Benchmarks take their reads with {@code i++ & MASK}: every drawn offset once before any twice. */
    @Test
    void readsTakenWithTheMaskVisitEveryOffsetOncePerRound() {
        long[] offsets = Position.RANDOM.offsets(10_000_000, 1, 3);
        int[] visits = new int[offsets.length];

        for (int i = 0; i < 2 * offsets.length; i++) {
            visits[i & Position.MASK]++;
        }

        assertThat(visits).containsOnly(2);
    }

    @Test
    void anEmptyStoreOrEmptyReadIsRejectedByValue() {
        assertThatThrownBy(() -> Position.START.offsets(0, 1, 1)).hasMessageContaining("lineCount must be >= 1: 0");
        assertThatThrownBy(() -> Position.START.offsets(10, 0, 1)).hasMessageContaining("rangeSize must be >= 1: 0");
    }
}
