package io.linestore.impl.blocks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The bytes of a stream that arrives in pieces of any size: read in order they are the stream's;
 * any stretch after the last release reads again as it was, across the chunks it arrived in; a
 * stretch before the release, or not read yet, is an error, never other bytes.
 */
class StreamedBytesTest {

    @Test
    void readsInOrderAndAgainAcrossChunksUntilReleased() throws IOException {
        for (long seed = 1; seed <= 8; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            byte[] source = new byte[random.nextInt(1, 200_000)];
            random.nextBytes(source);
            StreamedBytes bytes = new StreamedBytes(new Pieces(source, random));
            byte[] read = new byte[source.length];
            long position = 0;
            long released = 0;
            while (true) {
                ByteBuffer into = ByteBuffer.wrap(read, (int) position,
                        (int) Math.min(source.length - position, random.nextInt(1, 5_000)));
                int n = into.hasRemaining() ? bytes.read(into, position) : -1;
                if (n < 0) {
                    break;
                }
                position += n;
                if (random.nextInt(4) == 0) {
                    released = random.nextLong(released, position + 1);
                    bytes.release(released);
                }
                long from = random.nextLong(released, position + 1);
                int length = (int) random.nextLong(0, position - from + 1);
                ByteBuffer again = ByteBuffer.allocate(length);
                bytes.readAgain(from, again);
                assertThat(again.array()).as("seed %d: [%d, +%d)", seed, from, length)
                        .isEqualTo(Arrays.copyOfRange(source, (int) from, (int) from + length));
            }
            assertThat(position).isEqualTo(source.length);
            assertThat(read).isEqualTo(source);
            if (released > 0) {
                long before = released - 1;
                assertThatThrownBy(() -> bytes.readAgain(before, ByteBuffer.allocate(1)))
                        .isInstanceOf(IOException.class).hasMessageContaining("not kept");
            }
            assertThatThrownBy(() -> bytes.readAgain(source.length - 1, ByteBuffer.allocate(2)))
                    .isInstanceOf(IOException.class).hasMessageContaining("not kept");
        }
    }

    /** A stream that hands out at most a random few bytes per read, as a network does. */
    private static final class Pieces extends InputStream {

        private final ByteArrayInputStream in;
        private final SplittableRandom random;

        Pieces(byte[] bytes, SplittableRandom random) {
            this.in = new ByteArrayInputStream(bytes);
            this.random = random;
        }

        @Override
        public int read() {
            return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
            return in.read(b, off, Math.min(len, random.nextInt(1, 3_000)));
        }
    }
}
