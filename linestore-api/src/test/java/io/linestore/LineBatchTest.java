package io.linestore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** The batch as a container: lines back to back, each with one \n, growing and reused. */
class LineBatchTest {

    static LongStream seeds() {
        return LongStream.range(0, 50);
    }

    /** Random lines added one by one to a batch that starts empty and is reused: it holds exactly them. */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void holdsExactlyTheLinesAddedAcrossClearsAndGrowth(long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        LineBatch batch = new LineBatch(0, 0);
        for (int round = 0; round < 3; round++) {
            long first = random.nextLong(1L << 40);
            batch.clear(first);
            List<byte[]> lines = new ArrayList<>();
            ByteArrayOutputStream block = new ByteArrayOutputStream();
            for (int n = random.nextInt(0, 200); n > 0; n--) {
                byte[] line = new byte[random.nextInt(0, random.nextBoolean() ? 10 : 5000)];
                for (int i = 0; i < line.length; i++) {
                    line[i] = (byte) random.nextInt('a', 'z' + 1);
                }
                lines.add(line);
                block.writeBytes(line);
                block.write('\n');
                batch.add(ByteBuffer.wrap(line));
            }
            String replay = "seed " + seed + " round " + round;
            assertThat(batch.size()).as(replay).isEqualTo(lines.size());
            assertThat(batch.firstLine()).as(replay).isEqualTo(first);
            for (int i = 0; i < lines.size(); i++) {
                assertThat(java.util.Arrays.copyOfRange(batch.bytes(), batch.start(i), batch.end(i))).as(replay)
                        .isEqualTo(lines.get(i));
                assertThat(batch.bytes()[batch.end(i)]).as(replay).isEqualTo((byte) '\n');
                assertThat(batch.line(i)).as(replay).isEqualTo(new String(lines.get(i), StandardCharsets.UTF_8));
            }
            ByteArrayOutputStream written = new ByteArrayOutputStream();
            batch.writeTo(written);
            assertThat(written.toByteArray()).as(replay).isEqualTo(block.toByteArray());
            assertThat(batch.byteEnd() - batch.byteStart()).as(replay).isEqualTo(block.size());
        }
    }

    @Test
    void addLeavesTheBufferItCopiesFromAsItWas() {
        LineBatch batch = new LineBatch();
        ByteBuffer line = ByteBuffer.wrap("xhellox".getBytes(StandardCharsets.US_ASCII), 1, 5);
        batch.add(line);
        assertThat(line.position()).isEqualTo(1);
        assertThat(line.limit()).isEqualTo(6);
        assertThat(batch.line(0)).isEqualTo("hello");
    }

    @Test
    void linesOutsideTheBatchAreRefusedNamingTheLine() {
        LineBatch batch = new LineBatch();
        batch.add(ByteBuffer.wrap(new byte[] {'a'}));
        assertThatThrownBy(() -> batch.start(1)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessageContaining("line 1 of a batch of 1");
        assertThatThrownBy(() -> batch.end(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        batch.clear(7);
        assertThat(batch.size()).isZero();
        assertThatThrownBy(() -> batch.line(0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void aBatchThatWouldPassTheLargestArrayIsRefusedBeforeItGrows() {
        LineBatch batch = new LineBatch();
        assertThatThrownBy(() -> batch.reserve(1, LineBatch.MAX_BYTES)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("read fewer lines at a time");
        assertThatThrownBy(() -> batch.reserve(-1, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LineBatch(-1, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("initialBytes=-1");
        assertThat(batch.bytes().length).isLessThan(1 << 20);
    }
}
