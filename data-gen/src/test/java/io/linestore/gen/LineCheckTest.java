package io.linestore.gen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class LineCheckTest {

    private static final Generator UTF8 = Generator.builder().lines(1_000_000).charset(ContentCharset.UTF8)
            .lengths(LengthDistribution.logNormal(50, 1)).build();

    @Property(tries = 200)
    void aGeneratedLineVerifiesOnlyUnderItsOwnNumber(@ForAll @LongRange(min = 0, max = 999_998) long i) {
        String line = UTF8.expectedLine(i);

        assertThat(LineCheck.verify(i, line)).isTrue();
        assertThat(LineCheck.verify(i + 1, line)).isFalse();
    }

    @Property(tries = 50)
    void anySingleChangedByteFails(@ForAll @LongRange(min = 0, max = 999_999) long i, @ForAll byte delta) {
        byte[] line = UTF8.expectedLineBytes(i);
        for (int at = 0; at < line.length; at++) {
            byte[] changed = line.clone();
            changed[at] += delta == 0 ? 1 : delta;

            assertThat(LineCheck.verify(i, ByteBuffer.wrap(changed))).as("byte %d changed", at).isFalse();
        }
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
