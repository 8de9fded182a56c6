package io.linestore.impl.read;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.impl.io.NewlineNeighbours;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class NewlinesTest {

    private static final int MAX_LENGTH = 70;

    static LongStream seeds() {
        return LongStream.range(0, 500);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void findsTheFirstNewlineLikeAPlainLoop(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        byte[] bytes = nearNewlines(random);
        int from = bound(random);
        int to = bound(random);
        int start = Math.min(from, bytes.length);
        int end = Math.max(start, Math.min(to, bytes.length));
        int expected = -1;
        for (int i = start; i < end; i++) {
            if (bytes[i] == '\n') {
                expected = i;
                break;
            }
        }
        String replay = "seed %d: [%d, %d) of %s".formatted(seed, start, end, HexFormat.of().formatHex(bytes));

        assertThat(Newlines.indexOf(bytes, start, end)).as(replay).isEqualTo(expected);
        assertThat(Newlines.indexOf(ByteBuffer.wrap(bytes), start, end)).as(replay).isEqualTo(expected);
        ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length).put(bytes).position(Math.min(3, bytes.length));
        assertThat(Newlines.indexOf(direct, start, end)).as(replay).isEqualTo(expected);
        ByteBuffer slice = ByteBuffer.wrap(new byte[bytes.length + 5], 5, bytes.length).slice().put(bytes).clear();
        assertThat(Newlines.indexOf(slice, start, end)).as(replay).isEqualTo(expected);
    }

    /**
     * Up to {@value #MAX_LENGTH} bytes, a {@code \n} one in five, the others its neighbours in the low
     * seven bits or in all eight ({@link NewlineNeighbours}), where the word test could go wrong.
     */
    private static byte[] nearNewlines(SplittableRandom random) {
        byte[] bytes = new byte[bound(random)];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = NewlineNeighbours.draw(random, 5);
        }
        return bytes;
    }

    /** A length or position in {@code [0, 70]}, its ends often. */
    private static int bound(SplittableRandom random) {
        return switch (random.nextInt(8)) {
            case 0 -> 0;
            case 1 -> MAX_LENGTH;
            default -> random.nextInt(MAX_LENGTH + 1);
        };
    }
}
