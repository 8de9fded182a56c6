package io.linestore.bench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class PositionTest {

    @Property
    void everyReadStartsInsideTheStoreAndInsideItsPositionsWindow(
            @ForAll Position position,
            @ForAll @LongRange(min = 1, max = 100_000_000_000L) long lineCount,
            @ForAll @IntRange(min = 1, max = 10_000) int rangeSize) {
        long[] offsets = position.offsets(lineCount, rangeSize, 7);

        long lastStart = Math.max(0, lineCount - rangeSize);
        long window = Math.max(1, lineCount / 100);
        assertThat(offsets).hasSize(Position.OFFSET_COUNT);
        assertThat(Arrays.stream(offsets)).allSatisfy(o -> assertThat(o).isBetween(0L, lastStart));
        switch (position) {
            case START -> assertThat(Arrays.stream(offsets)).allSatisfy(o -> assertThat(o).isLessThan(window));
            case END -> assertThat(Arrays.stream(offsets))
                    .allSatisfy(o -> assertThat(o).isGreaterThanOrEqualTo(lastStart + 1 - window));
            // in the middle unless the range is too long to fit after it
            case MIDDLE -> assertThat(Arrays.stream(offsets)).allSatisfy(o -> assertThat(o).isBetween(
                    Math.min(lastStart + 1 - window, lineCount / 2 - window), lineCount / 2 + window));
        }
    }

    @Test
    void theSameArgumentsGiveTheSameOffsets() {
        assertThat(Position.END.offsets(10_000_000, 100, 1)).isEqualTo(Position.END.offsets(10_000_000, 100, 1));
        assertThat(Position.END.offsets(10_000_000, 100, 1)).isNotEqualTo(Position.END.offsets(10_000_000, 100, 2));
    }

    @Test
    void theMaskIndexesEveryOffset() {
        assertThat(Position.MASK + 1).isEqualTo(Position.OFFSET_COUNT);
        assertThat(Integer.bitCount(Position.OFFSET_COUNT)).isEqualTo(1);
    }

    @Test
    void anEmptyStoreOrEmptyReadIsRejectedByValue() {
        assertThatThrownBy(() -> Position.START.offsets(0, 1, 1)).hasMessageContaining("lineCount must be >= 1: 0");
        assertThatThrownBy(() -> Position.START.offsets(10, 0, 1)).hasMessageContaining("rangeSize must be >= 1: 0");
    }
}
