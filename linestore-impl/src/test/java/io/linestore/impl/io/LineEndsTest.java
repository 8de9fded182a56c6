package io.linestore.impl.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class LineEndsTest {

    static LongStream seeds() {
        return LongStream.range(0, 500);
    }

    /**
     * Random bytes around {@code \n} (0x0A), with and without the high bit, where a borrow or carry
     * across bytes in the word test would show, as dense in {@code \n} as every third byte or as
     * sparse as every 200th, at random ranges and block capacities (below and above the 64 ends a
     * 64-byte step needs room for); scanning again from where a full block stopped must give exactly
     * the ends a plain byte loop finds.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void findsEveryEndLikeAPlainLoop(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        byte[] bytes = new byte[random.nextInt(4) == 0 ? random.nextInt(4) : random.nextInt(1_000)];
        int spacing = List.of(3, 50, 200).get(random.nextInt(3));
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = NewlineNeighbours.draw(random, spacing);
        }
        int from = random.nextInt(bytes.length + 1);
        int to = from + random.nextInt(bytes.length - from + 1);
        int capacity = 1 + random.nextInt(List.of(3, 40, 400).get(random.nextInt(3)));
        List<Integer> expected = new ArrayList<>();
        for (int i = from; i < to; i++) {
            if (bytes[i] == '\n') {
                expected.add(i + 1);
            }
        }
        String replay = "seed %d: [%d, %d) capacity %d of %s".formatted(seed, from, to, capacity,
                HexFormat.of().formatHex(bytes));

        assertThat(scanAll(bytes, from, to, capacity)).as(replay).isEqualTo(expected);
    }

    @Test
    void aFullBlockStopsAtItsLastEnd() {
        LineEnds ends = new LineEnds(2);
        byte[] bytes = "a\nb\nc\nd".getBytes();

        assertThat(ends.scan(bytes, 0, 7)).isEqualTo(4);
        assertThat(ends.count()).isEqualTo(2);
        assertThat(ends.scan(bytes, 4, 7)).isEqualTo(7);
        assertThat(ends.count()).isEqualTo(1);
        assertThat(ends.end(0)).isEqualTo(6);
    }

    @Test
    void refusesAnEmptyBlock() {
        assertThatThrownBy(() -> new LineEnds(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("capacity 0");
    }

    private static List<Integer> scanAll(byte[] bytes, int from, int to, int capacity) {
        LineEnds ends = new LineEnds(capacity);
        List<Integer> found = new ArrayList<>();
        int at = from;
        do {
            at = ends.scan(bytes, at, to);
            for (int k = 0; k < ends.count(); k++) {
                found.add(ends.end(k));
            }
        } while (at < to);
        return found;
    }
}
