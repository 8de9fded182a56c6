package io.linestore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The segment batch as a container: lines copied in or viewed where they lie, their terminators as stored. */
class SegmentBatchTest {

    static LongStream seeds() {
        return LongStream.range(0, 30);
    }

    /**
     * Random lines, some ending in a {@code \r} of their own, copied into a batch that starts empty and
     * grows: it holds exactly them, across clears.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void holdsExactlyTheLinesAddedAcrossClearsAndGrowth(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        try (SegmentBatch batch = new SegmentBatch()) {
            for (int round = 0; round < 3; round++) {
                long first = random.nextLong(1L << 40);
                batch.clear(first);
                List<byte[]> lines = new ArrayList<>();
                for (int n = random.nextInt(0, 300); n > 0; n--) {
                    byte[] line = new byte[random.nextInt(0, random.nextBoolean() ? 10 : 5000)];
                    for (int i = 0; i < line.length; i++) {
                        line[i] = (byte) (random.nextInt(8) == 0 ? '\r' : random.nextInt('a', 'z' + 1));
                    }
                    lines.add(line);
                    batch.add(ByteBuffer.wrap(line));
                }
                assertThat(batch.firstLine()).isEqualTo(first);
                assertThat(batch.size()).isEqualTo(lines.size());
                for (int i = 0; i < lines.size(); i++) {
                    assertThat(batch.line(i).toArray(ValueLayout.JAVA_BYTE)).as("seed %d line %d", seed, i)
                            .isEqualTo(lines.get(i));
                }
            }
        }
    }

    /** A view keeps the stored terminators between lines: \n, \r\n, and none after a last line without one. */
    @Test
    void aViewReadsEachLineWithoutItsStoredTerminator() {
        byte[] stored = "\na\r\nb\r\r\n\nc\rd".getBytes(StandardCharsets.US_ASCII);
        try (Arena arena = Arena.ofConfined(); SegmentBatch batch = new SegmentBatch()) {
            MemorySegment bytes = arena.allocate(stored.length);
            MemorySegment.copy(MemorySegment.ofArray(stored), 0, bytes, 0, stored.length);
            batch.clear(7);
            batch.view(bytes, 1);
            batch.reserveLines(4);
            for (long end : new long[] {4, 8, 9, stored.length}) {
                batch.addLine(end);
            }
            assertThat(batch.bytes()).isSameAs(bytes);
            assertThat(List.of(batch.string(0), batch.string(1), batch.string(2), batch.string(3)))
                    .containsExactly("a", "b\r", "", "c\rd");
            assertThat(batch.byteStart()).isEqualTo(1);
            assertThat(batch.byteEnd()).isEqualTo(stored.length);
            assertThatThrownBy(() -> batch.end(4)).isInstanceOf(IndexOutOfBoundsException.class);
        }
    }

    /** Closing frees the batch's own memory: what it held is no longer readable, and closing again is harmless. */
    @Test
    void closeFreesItsMemoryOnce() {
        SegmentBatch batch = new SegmentBatch();
        batch.clear(0);
        batch.add(ByteBuffer.wrap("line".getBytes(StandardCharsets.US_ASCII)));
        MemorySegment held = batch.bytes();
        batch.close();
        batch.close();
        assertThat(batch.size()).isZero();
        assertThatThrownBy(() -> held.get(ValueLayout.JAVA_BYTE, 0)).isInstanceOf(IllegalStateException.class);
    }
}
